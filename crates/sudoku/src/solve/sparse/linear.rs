//! The formula grid's numbers found by linear algebra over `Z_n`.
//!
//! Every given says `a(r) + t(c) = v(d)` (mod `n`). Two givens of one column share
//! `t(c)`, so `a(r1) - v(d1) - a(r2) + v(d2) = 0`: equations over the row and digit
//! numbers only, four terms each. Their solutions always include two shifts (every `a`
//! and `v` by the same amount; every `v` alone, which `t` absorbs) and every multiple of
//! the true numbering; when the givens pin the rest, that is all, and any solution with a
//! unit factor gives the same grid (each cell's `v⁻¹(a + t)` is unchanged).
//!
//! So: equations whose numbers appear in no other equation are peeled (they pin nothing
//! and are left to the search), the largest connected part of the rest is taken, one row
//! and one digit are set to 0 for the shifts, and the rest is reduced to echelon form
//! modulo each prime power `q` of `n` (`Z_n` has zero divisors; `Z_q` has only the
//! multiples of `p`, so pivots prime to `p` always do). When the rank is one short of the
//! unknowns, the last unknown set to 1 gives the numbering mod `q`, and the Chinese
//! remainder theorem joins the prime powers; otherwise `None`, and the search works
//! alone. The numbering comes out times a unit, which changes no cell.
//!
//! Cost: the reduced echelon form is dense, about `u³ / 2` multiply-adds for `u` unknowns
//! (`u ≤ 2n`) and each prime power: under a tenth of a second at 400x400.

use crate::stop::Stop;

/// Numbers found for rows (`a`) and digits (`v`); `None` where the linear part says
/// nothing (a row or digit outside it).
pub(super) struct Numbers {
    pub a: Vec<Option<usize>>,
    pub v: Vec<Option<usize>>,
}

/// The rows' and digits' numbers pinned by `givens` (`(row, column, digit)`, 0-based)
/// up to the shifts and a unit factor, or `None` when they are not pinned.
pub(super) fn numbers(givens: &[(usize, usize, usize)], n: usize, stop: &Stop) -> Option<Numbers> {
    // Unknowns: row r is r, digit d is n + d.
    let mut by_col: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for &(r, c, d) in givens {
        by_col[c].push((r, n + d));
    }
    let mut eqs: Vec<[usize; 4]> = Vec::new(); // +a1 -v1 -a2 +v2
    for col in &by_col {
        for w in col.windows(2) {
            eqs.push([w[0].0, w[0].1, w[1].0, w[1].1]);
        }
    }
    let live = peel(&eqs, 2 * n);
    let part = largest_part(&eqs, &live, 2 * n)?;
    // Gauge: the first row and the first digit of the part are 0.
    let row0 = (0..n).find(|&x| part[x])?;
    let digit0 = (n..2 * n).find(|&x| part[x])?;
    let mut column_of = vec![usize::MAX; 2 * n];
    let mut unknowns = 0;
    for x in 0..2 * n {
        if part[x] && x != row0 && x != digit0 {
            column_of[x] = unknowns;
            unknowns += 1;
        }
    }
    if unknowns == 0 {
        return None;
    }
    // Modulo each prime power of n apart (a unit mod one may be a zero divisor mod
    // another), then put together by the Chinese remainder theorem.
    let mut solution = vec![0u64; unknowns];
    for q in prime_powers(n as u64) {
        let mut m = Echelon::new(unknowns, q);
        for (k, e) in eqs.iter().enumerate() {
            if !live[k] || !part[e[0]] {
                continue;
            }
            if k % 64 == 0 && stop.reached() {
                return None;
            }
            let mut row = vec![0u64; unknowns];
            for (i, &x) in e.iter().enumerate() {
                if column_of[x] != usize::MAX {
                    let coef = if i == 0 || i == 3 { 1 } else { q - 1 };
                    row[column_of[x]] = (row[column_of[x]] + coef) % q;
                }
            }
            m.add(row);
            if m.rank() + 1 == unknowns {
                break;
            }
        }
        let part_q = m.solution()?;
        // x ≡ part_q (mod q), x ≡ what it was (mod n / q).
        let rest = n as u64 / q;
        let lift = rest * inverse(rest % q, q) % (n as u64);
        for (x, y) in solution.iter_mut().zip(part_q) {
            *x = (*x + y * lift) % n as u64;
        }
    }
    let value = |x: usize| {
        if column_of[x] == usize::MAX {
            0
        } else {
            solution[column_of[x]]
        }
    };
    // Stopped at the rank it needed: the equations not used must hold too (givens that
    // are not cut from a formula grid pin every number to 0 and fail here).
    let holds = eqs
        .iter()
        .zip(&live)
        .filter(|&(e, &l)| l && part[e[0]])
        .all(|(e, _)| {
            (value(e[0]) + value(e[3]) + 2 * n as u64 - value(e[1]) - value(e[2]))
                .is_multiple_of(n as u64)
        });
    if !holds {
        return None;
    }
    let mut a = vec![None; n];
    let mut v = vec![None; n];
    for x in 0..2 * n {
        if !part[x] {
            continue;
        }
        if x < n {
            a[x] = Some(value(x) as usize);
        } else {
            v[x - n] = Some(value(x) as usize);
        }
    }
    Some(Numbers { a, v })
}

/// Equations left after removing, again and again, those holding an unknown that no
/// other equation holds (the 2-core).
fn peel(eqs: &[[usize; 4]], unknowns: usize) -> Vec<bool> {
    let mut degree = vec![0usize; unknowns];
    let mut holding: Vec<Vec<usize>> = vec![Vec::new(); unknowns];
    for (k, e) in eqs.iter().enumerate() {
        for &x in e {
            degree[x] += 1;
            holding[x].push(k);
        }
    }
    let mut live = vec![true; eqs.len()];
    let mut queue: Vec<usize> = (0..unknowns).filter(|&x| degree[x] == 1).collect();
    while let Some(x) = queue.pop() {
        if degree[x] != 1 {
            continue;
        }
        let Some(&k) = holding[x].iter().find(|&&k| live[k]) else {
            continue;
        };
        live[k] = false;
        for &y in &eqs[k] {
            degree[y] -= 1;
            if degree[y] == 1 {
                queue.push(y);
            }
        }
    }
    live
}

/// The unknowns of the largest connected part of the live equations.
fn largest_part(eqs: &[[usize; 4]], live: &[bool], unknowns: usize) -> Option<Vec<bool>> {
    let mut parent: Vec<usize> = (0..unknowns).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let mut used = vec![false; unknowns];
    for (k, e) in eqs.iter().enumerate() {
        if !live[k] {
            continue;
        }
        let root = find(&mut parent, e[0]);
        for &x in e {
            used[x] = true;
            let y = find(&mut parent, x);
            parent[y] = root;
        }
    }
    let mut size = vec![0usize; unknowns];
    for x in (0..unknowns).filter(|&x| used[x]) {
        let root = find(&mut parent, x);
        size[root] += 1;
    }
    let best = (0..unknowns)
        .max_by_key(|&x| size[x])
        .filter(|&x| size[x] > 0)?;
    Some(
        (0..unknowns)
            .map(|x| used[x] && find(&mut parent, x) == best)
            .collect(),
    )
}

/// A reduced row echelon form over `Z_n` built one equation at a time, with unit pivots
/// (scaled to 1). Stored rows are reduced lazily: an entry only grows by products of two
/// numbers below `n`, at most once per pivot, so `u64` never overflows.
struct Echelon {
    n: u64,
    rows: Vec<Vec<u64>>,
    /// The pivot column of each stored row.
    pivots: Vec<usize>,
    /// The stored row holding each column's pivot.
    pivot_row: Vec<usize>,
}

impl Echelon {
    fn new(columns: usize, n: u64) -> Echelon {
        Echelon {
            n,
            rows: Vec::new(),
            pivots: Vec::new(),
            pivot_row: vec![usize::MAX; columns],
        }
    }
    fn rank(&self) -> usize {
        self.rows.len()
    }
    /// Reduces `row` by the stored rows and stores it when it has a unit left.
    fn add(&mut self, mut row: Vec<u64>) {
        let n = self.n;
        let hits: Vec<(usize, u64)> = row
            .iter()
            .enumerate()
            .filter(|&(j, &x)| x != 0 && self.pivot_row[j] != usize::MAX)
            .map(|(j, &x)| (self.pivot_row[j], x))
            .collect();
        for (i, f) in hits {
            let minus = n - f;
            for (x, &y) in row.iter_mut().zip(&self.rows[i]) {
                *x += minus * (y % n);
            }
        }
        for x in row.iter_mut() {
            *x %= n;
        }
        let Some(col) = (0..row.len())
            .filter(|&j| self.pivot_row[j] == usize::MAX && row[j] != 0)
            .find(|&j| gcd(row[j], n) == 1)
        else {
            return;
        };
        let inv = inverse(row[col], n);
        for x in row.iter_mut() {
            *x = *x * inv % n;
        }
        for other in self.rows.iter_mut() {
            let f = other[col] % n;
            if f == 0 {
                continue;
            }
            let minus = n - f;
            for (x, &y) in other.iter_mut().zip(&row) {
                *x += minus * y;
            }
            other[col] = 0;
        }
        self.pivot_row[col] = self.rows.len();
        self.pivots.push(col);
        self.rows.push(row);
    }
    /// With one column free: that column 1, the rest from the rows.
    fn solution(&self) -> Option<Vec<u64>> {
        let n = self.n;
        let columns = self.pivot_row.len();
        if self.rank() + 1 != columns {
            return None;
        }
        let free = (0..columns).find(|&j| self.pivot_row[j] == usize::MAX)?;
        let mut x = vec![0u64; columns];
        x[free] = 1;
        for (row, &p) in self.rows.iter().zip(&self.pivots) {
            x[p] = (n - row[free] % n) % n;
        }
        Some(x)
    }
}

/// The prime powers whose product is `n` (`400` → `16, 25`).
fn prime_powers(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut p = 2;
    while n > 1 {
        if n.is_multiple_of(p) {
            let mut q = 1;
            while n.is_multiple_of(p) {
                n /= p;
                q *= p;
            }
            out.push(q);
        }
        p += 1;
    }
    out
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The inverse of unit `a` mod `n` (extended Euclid).
fn inverse(a: u64, n: u64) -> u64 {
    let (mut r0, mut r1) = (n as i64, a as i64);
    let (mut s0, mut s1) = (0i64, 1i64);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
    }
    s0.rem_euclid(n as i64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prime_powers_multiply_back() {
        assert_eq!(prime_powers(400), vec![16, 25]);
        assert_eq!(prime_powers(64), vec![64]);
        assert_eq!(prime_powers(900), vec![4, 9, 25]);
    }

    #[test]
    fn inverses_mod_400() {
        for a in 1..400u64 {
            if gcd(a, 400) == 1 {
                assert_eq!(a * inverse(a, 400) % 400, 1, "{a}");
            }
        }
    }
}
