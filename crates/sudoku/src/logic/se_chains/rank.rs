//! Ranking: the hints of a producer by difficulty, complexity and kind, or gathered as
//! inner hints inside a nested chain.

use super::*;

/// The kind of a hint, its last sort key before discovery order (SE's order of them).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum HintKind {
    /// A candidate on and off lead to the same conclusion.
    DoubleImplication = 1,
    /// A cycle or forcing chain of X links.
    XCycle = 2,
    /// A cycle or forcing chain of Y links.
    YCycle = 3,
    /// A cycle or forcing chain of both.
    XyCycle = 4,
    /// Every candidate of a cell leads to the same conclusion.
    CellForcing = 5,
    /// Every place of a digit in a house leads to the same conclusion.
    RegionForcing = 6,
    /// An assumption leads to a contradiction.
    Contradiction = 7,
}

/// A candidate step and its sort key (difficulty, complexity, kind, discovery order).
pub(super) struct Best {
    pub(super) key: Option<(f64, usize, HintKind, u32)>,
    pub(super) step: Option<Step>,
    pub(super) order: u32,
    /// Inside a nested chain: every hint is gathered instead.
    pub(super) collect: Option<Collect>,
    /// The static links' reach, when a static producer runs inside a nested chain: cell
    /// and region forcing then run only where the members' nets can agree.
    pub(super) reach: Option<Rc<Reach>>,
}

/// The hints of an inner producer (nested chains), on a position that an outer net made.
pub(super) struct Collect {
    /// The outer position's candidates (what the inner position lacks, the net removed).
    pub(super) outer: Vec<u64>,
    /// Hints more complex than this are dropped.
    pub(super) limit: usize,
    pub(super) hints: Vec<Inner>,
}

/// An inner chain's conclusion: the offs it gives, its rating and complexity, and the
/// candidates it relies on being gone, as off potentials (told against all candidates: the
/// outer net keeps those it removed).
pub(super) struct Inner {
    pub(super) diff: f64,
    pub(super) cx: usize,
    pub(super) offs: Vec<u32>,
    pub(super) deps: Vec<u32>,
}

impl Best {
    pub(super) fn new() -> Best {
        Best {
            key: None,
            step: None,
            order: 0,
            collect: None,
            reach: None,
        }
    }
    pub(super) fn collecting_for(outer: Vec<u64>, limit: usize) -> Best {
        Best {
            collect: Some(Collect {
                outer,
                limit,
                hints: Vec::new(),
            }),
            ..Best::new()
        }
    }
    pub(super) fn collecting(&self) -> bool {
        self.collect.is_some()
    }
    pub(super) fn outer(&self) -> Option<&[u64]> {
        self.collect.as_ref().map(|c| c.outer.as_slice())
    }
    /// Records an inner hint concluding `target` through the nodes `branches`.
    pub(super) fn gather(
        &mut self,
        pos: &Pos,
        diff: f64,
        cx: usize,
        target: u32,
        branches: &[(&Net, u32)],
        premise_deps: &[u32],
    ) {
        let Some(col) = self.collect.as_mut() else {
            return;
        };
        if cx > col.limit {
            return;
        }
        let mut deps = premise_deps.to_vec();
        for &(net, k) in branches {
            net_relies(pos, &col.outer, net, k, &mut deps);
        }
        deps.sort_unstable();
        deps.dedup();
        col.hints.push(Inner {
            diff,
            cx,
            offs: removable(pos, target),
            deps,
        });
    }
    /// Records an inner hint of a static chain or cycle along `path`.
    pub(super) fn gather_path(
        &mut self,
        pos: &Pos,
        diff: f64,
        cx: usize,
        offs: Vec<u32>,
        path: &[u32],
    ) {
        let Some(col) = self.collect.as_mut() else {
            return;
        };
        if cx > col.limit {
            return;
        }
        let mut deps = Vec::new();
        path_relies(pos, &col.outer, path, &mut deps);
        deps.sort_unstable();
        deps.dedup();
        col.hints.push(Inner {
            diff,
            cx,
            offs,
            deps,
        });
    }
    /// The difficulty a hint must stay at or under to matter.
    pub(super) fn bound(&self) -> f64 {
        self.key.map_or(f64::INFINITY, |k| k.0)
    }
    /// The complexity a branch must stay at or under to matter, for a producer of `base`.
    pub(super) fn limit(&self, base: f64) -> usize {
        match &self.collect {
            Some(c) => c.limit,
            None => complexity_limit(base, self.bound()),
        }
    }
    /// Whether a hint of this difficulty, complexity and kind would be taken; counts it.
    pub(super) fn better(&mut self, diff: f64, complexity: usize, kind: HintKind) -> bool {
        self.order += 1;
        let key = (diff, complexity, kind, self.order);
        match self.key {
            None => true,
            Some(k) => (key.0, key.1, key.2)
                .partial_cmp(&(k.0, k.1, k.2))
                .is_some_and(|o| o.is_lt()),
        }
    }
    pub(super) fn take(&mut self, diff: f64, complexity: usize, kind: HintKind, step: Step) {
        self.key = Some((diff, complexity, kind, self.order));
        self.step = Some(step);
    }
}

pub(super) fn rounded(d: f64) -> f32 {
    ((d * 10.0).round() / 10.0) as f32
}

pub(super) fn outcome(pos: &Pos, target: u32) -> (Vec<Candidate>, Vec<Candidate>) {
    let c = pos.candidate(target);
    if target & 1 == 1 {
        (vec![c], Vec::new())
    } else {
        (Vec::new(), vec![c])
    }
}
