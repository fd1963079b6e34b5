//! The nested forcing chains' sweep: a nested branch from every premise, both ways, in
//! the finder's order (cells with few candidates first), the first contradiction taken at
//! once. Each branch runs inside the smallest end of an earlier one that holds its
//! premise ([`Ends`], [`Branch::start_within`]); past 9x9, with more than one thread
//! allowed ([`Context::threads`]), the premises are shared out among threads in chunks
//! and their results taken back in order, so the steps are the same as on one thread.

use super::branch::{Branch, Tables};
use super::{doubles, facts_after_premise, Found, NONE};
use crate::logic::propagation::{Nodes, Store};
use crate::logic::Context;
use crate::stop::Stop;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The ends of the nested branches run so far that held no clash, which bound the later
/// ones ([`Branch::start_within`]): a premise among an end's facts has its nested branch
/// inside that end, so only the candidates false there can fail inside it.
pub(super) struct Ends {
    /// Each end's false candidates.
    falses: Vec<Vec<u32>>,
    /// Each end's count of facts: of two ends that hold a premise, the smaller bounds it
    /// more tightly.
    facts: Vec<u32>,
    /// Per fact (`cand * 2`, `+ 1` if true), the smallest end that holds it ([`NONE`]:
    /// none).
    holding: Vec<u32>,
    /// Candidates kept in `falses`, at most [`ENDS_KEPT`].
    kept: usize,
}

/// At most this many false candidates are kept in [`Ends`] (64 MB); past it, no end is
/// added (explaining `hard-36-1.txt` took 27 MB in all).
const ENDS_KEPT: usize = 16 << 20;

impl Ends {
    /// No end yet, over `candidates` candidate ids.
    pub(super) fn new(candidates: usize) -> Ends {
        Ends {
            falses: Vec::new(),
            facts: Vec::new(),
            holding: vec![NONE; candidates * 2],
            kept: 0,
        }
    }

    /// The false candidates of the smallest end that holds `premise`, if any.
    pub(super) fn holding(&self, premise: u32) -> Option<&[u32]> {
        let k = self.holding[premise as usize];
        (k != NONE).then(|| self.falses[k as usize].as_slice())
    }

    /// Adds the end of a nested branch that held no clash, its facts in `table`.
    pub(super) fn add(&mut self, table: &Nodes) {
        let falses: Vec<u32> = table
            .nodes
            .iter()
            .filter(|nd| nd.fact & 1 == 0)
            .map(|nd| nd.fact / 2)
            .collect();
        if self.kept + falses.len() > ENDS_KEPT {
            return;
        }
        self.kept += falses.len();
        let k = self.falses.len() as u32;
        let size = table.nodes.len() as u32;
        self.falses.push(falses);
        self.facts.push(size);
        for nd in &table.nodes {
            let at = &mut self.holding[nd.fact as usize];
            if *at == NONE || self.facts[*at as usize] > size {
                *at = k;
            }
        }
    }
}

/// Given a premise whose branch clashed (and a branch and inner branch to rebuild it on),
/// hands its step on; a break ends the sweep.
pub(super) type ClashStep<'s, S> =
    &'s mut dyn FnMut(&mut Branch<S>, &mut Option<Branch<S>>, u32) -> ControlFlow<()>;

/// Premises (candidates, both ways) a thread takes at a time.
const CHUNK: usize = 8;

/// What one candidate's two nested branches gave: whether each clashed (true premise
/// first), the true premise's facts with their depths, and the facts both force.
struct Swept {
    clash: [bool; 2],
    on: Option<Vec<(u32, u16)>>,
    doubles: Vec<Found>,
}

/// A thread's branches and ends.
struct Worker<S: Store> {
    b: Branch<S>,
    inner: Option<Branch<S>>,
    ends: Ends,
}

impl<S: Store> Worker<S> {
    fn new(t: &Tables<S>) -> Worker<S> {
        Worker {
            b: Branch::new(t),
            inner: None,
            ends: Ends::new(t.cells() * t.n),
        }
    }

    /// Candidate `x`'s nested branches, true then false.
    fn sweep(&mut self, t: &Tables<S>, x: u32) -> Swept {
        let b = &mut self.b;
        let mut r = Swept {
            clash: [false; 2],
            on: None,
            doubles: Vec::new(),
        };
        for (i, premise) in [x * 2 + 1, x * 2].into_iter().enumerate() {
            b.start_within(t, premise, &mut self.inner, self.ends.holding(premise));
            if b.clash.is_some() {
                r.clash[i] = true;
                continue;
            }
            self.ends.add(&b.table);
            if i == 0 {
                r.on = Some(facts_after_premise(b));
            } else if let Some(on) = &r.on {
                doubles(b, x, on, &mut r.doubles);
            }
        }
        r
    }
}

/// One sweep over the premises `live` of a position.
pub(super) struct Sweep<'a, 'c, S: Store> {
    pub(super) ctx: &'a Context<'c>,
    pub(super) t: &'a Tables<S>,
    pub(super) live: &'a [u32],
}

impl<S: Store + Sync> Sweep<'_, '_, S> {
    /// Runs the sweep: `clash_step` gets each premise whose branch clashes, in order (with
    /// `b` and `inner` to rebuild it), and may end the sweep; the true premises' facts go
    /// to `on_facts`, what both ways of a candidate force to `found`.
    pub(super) fn run(
        &self,
        b: &mut Branch<S>,
        inner: &mut Option<Branch<S>>,
        on_facts: &mut [Option<Vec<(u32, u16)>>],
        found: &mut Vec<Found>,
        clash_step: ClashStep<'_, S>,
    ) -> ControlFlow<()> {
        let mut take = |x: u32, r: Swept, b: &mut Branch<S>, inner: &mut Option<Branch<S>>| {
            for (i, premise) in [x * 2 + 1, x * 2].into_iter().enumerate() {
                if r.clash[i] {
                    clash_step(b, inner, premise)?;
                }
            }
            on_facts[x as usize] = r.on;
            found.extend(r.doubles);
            ControlFlow::Continue(())
        };
        let mut from = 0;
        if self.ctx.threads() > 1 && self.t.n > 9 {
            let chunks = self.in_threads(self.ctx.threads(), self.ctx.se_search().stop());
            for (k, chunk) in chunks.into_iter().enumerate() {
                let Some(chunk) = chunk else {
                    break;
                };
                for (x, r) in self.live[k * CHUNK..].iter().zip(chunk) {
                    // As on one thread: nothing is taken past the deadline.
                    if self.ctx.past_deadline() {
                        return ControlFlow::Break(());
                    }
                    take(*x, r, b, inner)?;
                }
                from = (k + 1) * CHUNK;
            }
        }
        // One thread, or what the threads left: after a contradiction the sink went on
        // past, or at the deadline.
        let mut w = Worker::new(self.t);
        for &x in self.live.iter().skip(from) {
            // A branch of a 25x25 grid costs about a millisecond, a sweep seconds.
            if self.ctx.past_deadline() {
                return ControlFlow::Break(());
            }
            let r = w.sweep(self.t, x);
            take(x, r, b, inner)?;
        }
        ControlFlow::Continue(())
    }

    /// The premises' results, chunk by chunk, from `threads` threads: every chunk up to
    /// the first that holds a contradiction is there (unless `stop` came first); past it,
    /// none is taken.
    fn in_threads(&self, threads: usize, stop: &Stop) -> Vec<Option<Vec<Swept>>> {
        let count = self.live.len().div_ceil(CHUNK);
        let results: Mutex<Vec<Option<Vec<Swept>>>> =
            Mutex::new((0..count).map(|_| None).collect());
        let next = AtomicUsize::new(0);
        let first_clash = AtomicUsize::new(usize::MAX);
        let work = || {
            let mut w = Worker::new(self.t);
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= count || k > first_clash.load(Ordering::Relaxed) {
                    return;
                }
                let mut chunk = Vec::with_capacity(CHUNK);
                for &x in self.live.iter().skip(k * CHUNK).take(CHUNK) {
                    if stop.reached() {
                        return;
                    }
                    chunk.push(w.sweep(self.t, x));
                }
                if chunk.iter().any(|r| r.clash.contains(&true)) {
                    first_clash.fetch_min(k, Ordering::Relaxed);
                }
                results.lock().expect("no thread panicked")[k] = Some(chunk);
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(work);
            }
            work();
        });
        results.into_inner().expect("no thread panicked")
    }
}

#[cfg(test)]
mod tests {
    use crate::format::Format;
    use crate::grid::{Board, Grid};
    use crate::logic::step::{Evidence, Step};
    use crate::logic::{Context, Technique};
    use crate::Shape;
    use std::ops::ControlFlow;

    /// The nested forcing chains of `board` from `threads` threads: every step (the sink
    /// going on past each contradiction) and the first alone.
    fn steps(board: &Board, threads: usize) -> (Vec<Step>, Option<Step>) {
        let ctx = Context::new(board).with_threads(threads);
        let mut all = Vec::new();
        let flow = super::super::find(&ctx, Technique::NestedForcingChain, &mut |s| {
            all.push(s);
            ControlFlow::Continue(())
        });
        assert_eq!(flow, ControlFlow::Continue(()));
        let ctx = Context::new(board).with_threads(threads);
        let mut first = None;
        let _ = super::super::find(&ctx, Technique::NestedForcingChain, &mut |s| {
            first = Some(s);
            ControlFlow::Break(())
        });
        (all, first)
    }

    #[test]
    fn threads_find_the_steps_one_thread_finds() {
        // A 12x12 puzzle's raw position (candidates only cut by the givens): the sweep
        // meets contradictions all along, from true premises (eliminations) and from
        // false ones (placements).
        let p = crate::generate::Generator::new(Shape::new(3, 4).unwrap())
            .seed(5)
            .generate(0)
            .unwrap()
            .puzzle;
        let line = crate::format::write(&crate::format::Puzzle::new(p), Format::Line).unwrap();
        let board = Board::new(&Grid::from_line(line.trim()).unwrap());
        let (one, first) = steps(&board, 1);
        let placing = one.iter().filter(|s| !s.placements.is_empty()).count();
        assert!(
            placing >= 8 && one.len() >= placing + 8,
            "{placing} of {}",
            one.len()
        );
        for threads in [2, 3] {
            let (many, many_first) = steps(&board, threads);
            assert_eq!(many, one, "{threads} threads");
            assert_eq!(many_first, first, "{threads} threads");
        }
    }

    #[test]
    fn threads_find_the_verities_one_thread_finds() {
        // Where singles stall on a hard 16x16 (`sudoku generate --size 16 --difficulty
        // extreme --seed 2`), fewer premises fail: the sweep also keeps the true premises'
        // facts and what both ways of a candidate force, taken back from the threads in
        // order for the verities and double implications.
        let line = include_str!("../../../../../testdata/logic/extreme-16.txt");
        let p = Grid::from_line(line.trim()).unwrap();
        let singles = crate::logic::LogicSolver::for_faces(
            crate::logic::Order::Hodoku,
            Some("singles"),
            false,
        )
        .unwrap();
        let board = singles.solve_board(Board::new(&p)).board;
        let (one, _) = steps(&board, 1);
        let verities = one
            .iter()
            .filter(
                |s| matches!(&s.evidence, Evidence::Forcing { premise, .. } if premise.len() > 1),
            )
            .count();
        assert!(verities >= 1, "{verities} of {}", one.len());
        assert_eq!(steps(&board, 2).0, one);
    }
}
