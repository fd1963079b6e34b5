//! Bidirectional cycles and static forcing chains (one branch).

use super::*;

pub(super) fn chain_links(pos: &Pos, path: &[u32]) -> Vec<Link> {
    path.windows(2)
        .map(|w| Link::new(pos.candidate(w[0]), pos.candidate(w[1]), w[1] & 1 == 1))
        .collect()
}

pub(super) fn cycles(pos: &Pos, best: &mut Best) {
    let npot = pos.npot();
    let mut bfs = Bfs::new(npot);
    let st = Static::new(pos);
    let st = &st;
    let ncell = pos.orig.len();
    // One kind of link: cycles rate as continuous nice loops, chains as X-Chains.
    let cycle_x = se_base(Technique::ContinuousNiceLoop);
    let chain_x = se_base(Technique::XChain);
    for (y, x) in [(false, true), (true, false), (true, true)] {
        let kind = if y && x {
            HintKind::XyCycle
        } else if y {
            HintKind::YCycle
        } else {
            HintKind::XCycle
        };
        for cell in 0..ncell {
            let card = pos.orig[cell].count_ones();
            if card < 2 || (card > 2 && !x) {
                continue;
            }
            for d in 0..pos.n {
                if pos.orig[cell] >> d & 1 == 0 {
                    continue;
                }
                let on = pos.pot(cell, d, true);
                let cycle_base = if y && x { Y_LINKS_BASE } else { cycle_x };
                let chain_base = if y && x { Y_LINKS_BASE } else { chain_x };
                let limit = best.limit(cycle_base);
                if cycle_base <= best.bound() {
                    find_cycles(pos, st, &mut bfs, on, y, x, kind, cycle_base, limit, best);
                }
                if x {
                    for src in [on, on ^ 1] {
                        if chain_base > best.bound() {
                            break;
                        }
                        let limit = best.limit(chain_base);
                        if let Some(path) = forcing_chain(st, &mut bfs, src, y, limit) {
                            let complexity = path.len();
                            let diff = chain_base + length_bonus(complexity);
                            if best.collecting() {
                                let target = *path.last().unwrap();
                                if worth(pos, target) {
                                    let offs = removable(pos, target);
                                    best.gather_path(pos, diff, complexity, offs, &path);
                                }
                            } else if best.better(diff, complexity, kind) {
                                let target = *path.last().unwrap();
                                let (placements, eliminations) = outcome(pos, target);
                                let technique = if y {
                                    Technique::DiscontinuousNiceLoop
                                } else {
                                    Technique::XChain
                                };
                                best.take(
                                    diff,
                                    complexity,
                                    kind,
                                    Step {
                                        technique,
                                        placements,
                                        eliminations,
                                        evidence: Evidence::Chain {
                                            links: chain_links(pos, &path),
                                        },
                                        se_difficulty: Some(rounded(diff)),
                                    },
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

/// SE's bidirectional cycles through `source` (an on potential).
#[allow(clippy::too_many_arguments)]
pub(super) fn find_cycles(
    pos: &Pos,
    st: &Static,
    bfs: &mut Bfs,
    source: u32,
    y: bool,
    x: bool,
    kind: HintKind,
    base: f64,
    limit: usize,
    best: &mut Best,
) {
    // The offs that make the source on.
    let mut closing = Vec::new();
    static_ons_rev(pos, source, y, x, &mut closing);
    if closing.is_empty() {
        return;
    }
    bfs.potentials.clear();
    bfs.parent.clear();
    let g = bfs.next_gen();
    let root = bfs.push(source, NONE);
    bfs.seen_on[source as usize / 2] = g;
    let mut pend_on = vec![root];
    let mut pend_off: Vec<u32> = Vec::new();
    let mut next_on: Vec<u32> = Vec::new();
    let mut buf = Vec::new();
    let mut depth = 1usize;
    while !pend_on.is_empty() {
        // On phase.
        for &p in &pend_on {
            static_offs(st, bfs.potentials[p as usize], y, &mut buf);
            for &off in &buf {
                let fresh = bfs.seen_off[off as usize / 2] != g;
                let closes = p != root && closing.contains(&off);
                if !fresh && !closes {
                    continue;
                }
                if closes && bfs.is_ancestor(p, off) {
                    continue;
                }
                if closes && depth + 2 <= limit {
                    // The loop: the path to p, the off, back to the source.
                    let k = bfs.push(off, p);
                    let mut path = bfs.path(k);
                    path.push(source);
                    cycle_hint(pos, &path, kind, base, best);
                    if !fresh {
                        continue;
                    }
                    bfs.seen_off[off as usize / 2] = g;
                    pend_off.push(k);
                    continue;
                }
                if fresh {
                    bfs.seen_off[off as usize / 2] = g;
                    let k = bfs.push(off, p);
                    pend_off.push(k);
                }
            }
        }
        depth += 1;
        if depth + 2 > limit {
            return;
        }
        // Off phase.
        next_on.clear();
        for &p in &pend_off {
            static_ons(st, bfs.potentials[p as usize], y, x, &mut buf);
            for &on in &buf {
                if bfs.seen_on[on as usize / 2] != g {
                    bfs.seen_on[on as usize / 2] = g;
                    let k = bfs.push(on, p);
                    next_on.push(k);
                }
            }
        }
        pend_off.clear();
        depth += 1;
        std::mem::swap(&mut pend_on, &mut next_on);
    }
}

/// The offs whose static off → on rules give `on`.
pub(super) fn static_ons_rev(pos: &Pos, on: u32, y: bool, x: bool, out: &mut Vec<u32>) {
    out.clear();
    let (cell, d) = (pos.cell_of(on), pos.digit_of(on));
    if y && two(pos.orig[cell]) {
        let other = (pos.orig[cell] & !(1u64 << d)).trailing_zeros() as usize;
        out.push(pos.pot(cell, other, false));
    }
    if x {
        for hi in 0..3 {
            let h = pos.houses[cell][hi] as usize;
            let places = pos.places_orig(h, d);
            if two(u64::from(places)) {
                let hc = &pos.house_cells[h];
                if let Some(i) =
                    (0..pos.n).find(|&i| places >> i & 1 == 1 && hc[i] as usize != cell)
                {
                    let p = pos.pot(hc[i] as usize, d, false);
                    if !out.contains(&p) {
                        out.push(p);
                    }
                }
            }
        }
    }
}

pub(super) fn cycle_hint(pos: &Pos, path: &[u32], kind: HintKind, base: f64, best: &mut Best) {
    // Distinct potentials of the loop (the source closes it).
    let complexity = path.len() - 1;
    let diff = base + length_bonus(complexity);
    // Count it in the order even when it removes nothing? SE drops unworthy hints before
    // sorting, so only worthy ones take an order number.
    if !best.collecting() && !best.better(diff, complexity, kind) {
        return;
    }
    let cells: Vec<usize> = path.iter().map(|&p| pos.cell_of(p)).collect();
    let mut forw: Vec<(usize, usize)> = Vec::new();
    let mut back: Vec<(usize, usize)> = Vec::new();
    for &p in &path[1..] {
        let (cell, d) = (pos.cell_of(p), pos.digit_of(p));
        for &c in &pos.peers[cell] {
            let c = c as usize;
            if cells.contains(&c) || pos.orig[c] >> d & 1 == 0 {
                continue;
            }
            if p & 1 == 1 {
                forw.push((c, d));
            } else {
                back.push((c, d));
            }
        }
    }
    let mut elims: Vec<Candidate> = Vec::new();
    for &(c, d) in &forw {
        if back.contains(&(c, d)) {
            let cand = Candidate::new(Cell::new(c), Digit::from_index(d));
            if !elims.contains(&cand) {
                elims.push(cand);
            }
        }
    }
    if elims.is_empty() {
        return;
    }
    if best.collecting() {
        let offs: Vec<u32> = elims
            .iter()
            .map(|c| pos.pot(c.cell.index(), c.digit.index(), false))
            .collect();
        best.gather_path(pos, diff, complexity, offs, path);
        return;
    }
    {
        elims.sort_by_key(|c| (c.cell.index(), c.digit.index()));
        best.take(
            diff,
            complexity,
            kind,
            Step {
                technique: Technique::ContinuousNiceLoop,
                placements: Vec::new(),
                eliminations: elims,
                evidence: Evidence::Chain {
                    links: chain_links(pos, path),
                },
                se_difficulty: Some(rounded(diff)),
            },
        );
    }
}

/// SE's unary forcing chain from `src`: the shortest path to its own negation.
pub(super) fn forcing_chain(
    st: &Static,
    bfs: &mut Bfs,
    src: u32,
    y: bool,
    limit: usize,
) -> Option<Vec<u32>> {
    // Scratch space kept in `bfs` between searches (nested chains run millions of them).
    let mut pend_on = std::mem::take(&mut bfs.pend_on);
    let mut pend_off = std::mem::take(&mut bfs.pend_off);
    let mut next = std::mem::take(&mut bfs.next);
    let mut buf = std::mem::take(&mut bfs.buf);
    let found = forcing_search(
        st,
        bfs,
        src,
        y,
        limit,
        [&mut pend_on, &mut pend_off, &mut next, &mut buf],
    );
    bfs.pend_on = pend_on;
    bfs.pend_off = pend_off;
    bfs.next = next;
    bfs.buf = buf;
    found
}

pub(super) fn forcing_search(
    st: &Static,
    bfs: &mut Bfs,
    src: u32,
    y: bool,
    limit: usize,
    [pend_on, pend_off, next, buf]: [&mut Vec<u32>; 4],
) -> Option<Vec<u32>> {
    bfs.potentials.clear();
    bfs.parent.clear();
    let g = bfs.next_gen();
    let root = bfs.push(src, NONE);
    let target = src ^ 1;
    pend_on.clear();
    pend_off.clear();
    if src & 1 == 1 {
        bfs.seen_on[src as usize / 2] = g;
        pend_on.push(root);
    } else {
        bfs.seen_off[src as usize / 2] = g;
        pend_off.push(root);
    }
    let mut depth = 1usize;
    while !pend_on.is_empty() || !pend_off.is_empty() {
        if !pend_on.is_empty() {
            if depth + 1 > limit {
                return None;
            }
            next.clear();
            for &p in pend_on.iter() {
                let k = bfs.potentials[p as usize] as usize / 2;
                let from = if y { st.at[k] } else { st.mid[k] };
                for &off in &st.offs[from as usize..st.end[k] as usize] {
                    if off == target {
                        let k = bfs.push(off, p);
                        return Some(bfs.path(k));
                    }
                    if bfs.seen_off[off as usize / 2] != g {
                        bfs.seen_off[off as usize / 2] = g;
                        let k = bfs.push(off, p);
                        next.push(k);
                    }
                }
            }
            pend_on.clear();
            pend_off.extend_from_slice(next);
            depth += 1;
        }
        if !pend_off.is_empty() {
            if depth + 1 > limit {
                return None;
            }
            next.clear();
            for &p in pend_off.iter() {
                static_ons(st, bfs.potentials[p as usize], y, true, buf);
                for &on in buf.iter() {
                    if on == target {
                        let k = bfs.push(on, p);
                        return Some(bfs.path(k));
                    }
                    if bfs.seen_on[on as usize / 2] != g {
                        bfs.seen_on[on as usize / 2] = g;
                        let k = bfs.push(on, p);
                        next.push(k);
                    }
                }
            }
            pend_off.clear();
            pend_on.extend_from_slice(next);
            depth += 1;
        }
    }
    None
}
