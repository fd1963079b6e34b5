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
//! load them. (Its conflict minimisation does not look through a theory's reasons, so a
//! learned clause may keep a literal the pairs would have let it drop.) Over 18
//! structure-free 49x49 grids at 18–24% givens the CPU time went 17.2 → 7.7 s (MiniSat:
//! 12.6 s, its loading not counted; `docs/giant-grids.md`).
//!
//! batsat asks a theory after each round of unit propagation ([`Theory::partial_check`])
//! and before each decision, so the trail is looked at in order, once: `done` marks how
//! far, and each decision level keeps where it began, to go back to.

use batsat::theory::{Theory, TheoryArg};
use batsat::{lbool, Lit, Var};

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
        }
    }

    /// Sets false the group-mates of each variable made true since the last look, or
    /// raises the conflict of two true ones.
    fn check(&mut self, acts: &mut TheoryArg) {
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
        self.explained[0] = Lit::new(self.reason[p.var().idx() as usize], true);
        &self.explained
    }
}
