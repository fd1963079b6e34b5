//! At most one true member per group, propagated for batsat as a theory instead of given
//! to it as binary clauses.
//!
//! A loose state's CNF (`sat.rs`) is an exactly-one over every empty cell and every open
//! house-digit. As clauses, the at-most-one half is a pair per two members: about three
//! million binary clauses for a 49x49 with 20% givens, whose loading alone took batsat
//! longer (0.2–0.3 s) than its search. Here each candidate variable knows its groups (its
//! cell and its three house-digits); when it becomes true, every other member of those
//! groups is set false with it as the reason, and a member already true is a conflict of
//! the two. Those are the inferences the pairs gave, made once unit propagation is done,
//! each explained by the one group-mate that forced it; what batsat no longer does is
//! load them. Over 18 structure-free 49x49 grids at 18–24% givens the CPU time went
//! 17.2 → 7.7 s (MiniSat: 12.6 s, its loading not counted; `docs/giant-grids.md`).
//!
//! **Pairs handed back.** batsat's conflict minimisation does not look through a theory's
//! reasons: a learned clause keeps every literal the theory set, where the pairs would
//! have let it drop some. So each pair that conflict analysis asks to explain is handed
//! back as its binary clause at the next look, once: the few pairs the conflicts run
//! through become clauses, unit propagation makes their inferences from then on, and
//! minimisation looks through them. On structure-free 81x81 grids at 12–22% givens batsat
//! so answered 7 of 12 in 30 s, where without them it answered 2 of 6 (the search alone:
//! 3 of 12; `docs/giant-grids-sparse.md`).
//!
//! batsat asks a theory after each round of unit propagation ([`Theory::partial_check`])
//! and before each decision, so the trail is looked at in order, once: `done` marks how
//! far, and each decision level keeps where it began, to go back to.

use batsat::theory::{Theory, TheoryArg};
use batsat::{lbool, Lit, Var};
use std::collections::HashSet;

/// The groups of one CNF, in batsat's variables, and how far the trail has been seen.
pub(super) struct AtMostOne {
    /// The groups of variable `v` are `of_var[var_start[v]..var_start[v + 1]]`.
    var_start: Vec<u32>,
    of_var: Vec<u32>,
    /// The members of group `g` are `members[group_start[g]..group_start[g + 1]]`.
    group_start: Vec<u32>,
    members: Vec<Var>,
    /// For each variable set false here, the group-mate whose truth did it.
    reason: Vec<Var>,
    /// How much of the trail has been looked at.
    done: usize,
    /// `done` as each open decision level began.
    levels: Vec<usize>,
    /// The explanation handed to batsat ([`Theory::explain_propagation`]).
    explained: [Lit; 1],
    /// Pairs explained since the last look, to hand back as clauses then (an explanation
    /// cannot add one).
    asked: Vec<(Var, Var)>,
    /// Every pair handed back, lower variable first.
    handed: HashSet<(Var, Var)>,
}

impl AtMostOne {
    /// The groups of `flat` (DIMACS variables from 1, each group ended by a 0), variable
    /// `v` being batsat's `vars[v - 1]`.
    pub(super) fn new(flat: &[i32], vars: &[Var]) -> AtMostOne {
        let nvars = vars.iter().map(|v| v.idx() as usize + 1).max().unwrap_or(0);
        let mut group_start = vec![0u32];
        let mut members = Vec::with_capacity(flat.len());
        // Counted per variable first, then laid out (a CSR of the transpose).
        let mut var_start = vec![0u32; nvars + 1];
        for &x in flat {
            if x == 0 {
                group_start.push(members.len() as u32);
            } else {
                let v = vars[x.unsigned_abs() as usize - 1];
                members.push(v);
                var_start[v.idx() as usize + 1] += 1;
            }
        }
        for v in 0..nvars {
            var_start[v + 1] += var_start[v];
        }
        let mut next = var_start.clone();
        let mut of_var = vec![0u32; members.len()];
        for g in 0..group_start.len() - 1 {
            for m in &members[group_start[g] as usize..group_start[g + 1] as usize] {
                let at = &mut next[m.idx() as usize];
                of_var[*at as usize] = g as u32;
                *at += 1;
            }
        }
        AtMostOne {
            var_start,
            of_var,
            group_start,
            members,
            reason: vec![Var::UNDEF; nvars],
            done: 0,
            levels: Vec::new(),
            explained: [Lit::UNDEF],
            asked: Vec::new(),
            handed: HashSet::new(),
        }
    }

    /// Hands back the pairs explained since the last look, then sets false the
    /// group-mates of each variable made true since, or raises the conflict of two true
    /// ones.
    fn check(&mut self, acts: &mut TheoryArg) {
        for (a, b) in self.asked.drain(..) {
            if self.handed.insert((a.min(b), a.max(b))) {
                acts.add_theory_lemma(&[Lit::new(a, false), Lit::new(b, false)]);
            }
        }
        while self.done < acts.model().len() {
            let lit = acts.model()[self.done];
            self.done += 1;
            let v = lit.var();
            let vi = v.idx() as usize;
            // A false literal says nothing here, nor does a variable past the groups'.
            if !lit.sign() || vi + 1 >= self.var_start.len() {
                continue;
            }
            let groups = self.var_start[vi] as usize..self.var_start[vi + 1] as usize;
            for &g in &self.of_var[groups] {
                let g = g as usize;
                let mates = self.group_start[g] as usize..self.group_start[g + 1] as usize;
                for &m in &self.members[mates] {
                    if m == v {
                        continue;
                    }
                    let value = acts.value(m);
                    if value == lbool::TRUE {
                        acts.raise_conflict(&[Lit::new(v, false), Lit::new(m, false)], false);
                        return;
                    }
                    if value == lbool::UNDEF {
                        self.reason[m.idx() as usize] = v;
                        acts.propagate(Lit::new(m, false));
                    }
                }
            }
        }
    }
}

impl Theory for AtMostOne {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        self.check(acts);
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        self.check(acts);
    }

    fn create_level(&mut self) {
        self.levels.push(self.done);
    }

    fn pop_levels(&mut self, n: usize) {
        let keep = self.levels.len() - n;
        self.done = self.done.min(self.levels[keep]);
        self.levels.truncate(keep);
    }

    fn n_levels(&self) -> usize {
        self.levels.len()
    }

    fn explain_propagation(&mut self, p: Lit) -> &[Lit] {
        let by = self.reason[p.var().idx() as usize];
        self.asked.push((by, p.var()));
        self.explained[0] = Lit::new(by, true);
        &self.explained
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use batsat::{BasicSolver, SolverInterface};

    /// `pigeons` pigeons in `holes` holes: each pigeon's at-least-one as a clause, each
    /// hole's and each pigeon's at-most-one as groups of the theory. Returns the answer,
    /// the model's pigeon-hole pairs when there is one, and the theory.
    fn pigeonhole(pigeons: usize, holes: usize) -> (bool, Vec<(usize, usize)>, AtMostOne) {
        let mut sat = BasicSolver::default();
        let vars: Vec<Var> = (0..pigeons * holes)
            .map(|_| sat.new_var_default())
            .collect();
        let var = |p: usize, h: usize| (p * holes + h + 1) as i32;
        let mut flat = Vec::new();
        for p in 0..pigeons {
            let mut clause: Vec<Lit> = (0..holes)
                .map(|h| Lit::new(vars[p * holes + h], true))
                .collect();
            sat.add_clause_reuse(&mut clause);
            flat.extend((0..holes).map(|h| var(p, h)));
            flat.push(0);
        }
        for h in 0..holes {
            flat.extend((0..pigeons).map(|p| var(p, h)));
            flat.push(0);
        }
        let mut theory = AtMostOne::new(&flat, &vars);
        let sat_answer = sat.solve_limited_th(&mut theory, &[]) == lbool::TRUE;
        let mut placed = Vec::new();
        if sat_answer {
            for p in 0..pigeons {
                for h in 0..holes {
                    if sat.value_var(vars[p * holes + h]) == lbool::TRUE {
                        placed.push((p, h));
                    }
                }
            }
        }
        (sat_answer, placed, theory)
    }

    #[test]
    fn pigeons_fit_exactly_when_there_are_holes_enough() {
        for n in 2..7 {
            let (fits, placed, _) = pigeonhole(n, n);
            assert!(fits, "{n} pigeons in {n} holes");
            // Each pigeon in one hole, no two in the same.
            let pigeons: HashSet<usize> = placed.iter().map(|&(p, _)| p).collect();
            let holes: HashSet<usize> = placed.iter().map(|&(_, h)| h).collect();
            assert_eq!((placed.len(), pigeons.len(), holes.len()), (n, n, n));
        }
    }

    #[test]
    fn one_pigeon_too_many_is_refuted_and_the_pairs_explained_are_handed_back() {
        for n in 2..7 {
            let (fits, _, theory) = pigeonhole(n + 1, n);
            assert!(!fits, "{} pigeons in {n} holes", n + 1);
            // The refutation runs through conflicts, whose analysis asked the theory to
            // explain its propagations: each pair it explained went back once, as a
            // clause, and every one is a pair of one group.
            assert!(!theory.handed.is_empty(), "{n}");
            for &(a, b) in &theory.handed {
                assert!(a < b);
                let groups = |v: Var| {
                    let i = v.idx() as usize;
                    theory.of_var[theory.var_start[i] as usize..theory.var_start[i + 1] as usize]
                        .to_vec()
                };
                let (ga, gb) = (groups(a), groups(b));
                assert!(
                    ga.iter().any(|g| gb.contains(g)),
                    "{a:?} and {b:?} share no group"
                );
            }
        }
    }
}
