//! What a drawing of one logical step picks out, from the step's evidence: the pattern's
//! cells and candidates, what it removes and what it places.

use super::Highlight;
use crate::logic::{step_links, Evidence, FishEvidence, Step};
use crate::{Board, Candidate, Cell, DigitSet};

/// The highlight of `step` on `board` (the position before the step): its cells shaded
/// ([`Step::cells`] and the pattern's), the candidates of its pattern's digits in its pattern's cells, and
/// of its chains' nodes, that the board still has; its eliminations and placements.
pub fn highlight_of(step: &Step, board: &Board) -> Highlight {
    let mut pattern: Vec<Candidate> = Vec::new();
    let mut add = |cells: &[Cell], digits: DigitSet| {
        for &cell in cells {
            for d in digits.iter() {
                let c = Candidate::new(cell, d);
                if board.value(cell).is_none() && board.has(cell, d) && !pattern.contains(&c) {
                    pattern.push(c);
                }
            }
        }
    };
    let one = DigitSet::single;
    match &step.evidence {
        Evidence::Intersection { digit, cells, .. } => add(cells, one(*digit)),
        Evidence::Subset { cells, digits, .. } => add(cells, *digits),
        Evidence::Fish(f) => add(&fish_cells(board, f), one(f.digit)),
        Evidence::Kraken(k) => {
            add(&fish_cells(board, &k.fish), one(k.fish.digit));
            for p in &k.premise {
                add(&[p.cell], one(p.digit));
            }
        }
        Evidence::SingleDigit { digit, cells, .. } => add(cells, one(*digit)),
        Evidence::Wing {
            digits,
            pivot,
            pincers,
            ..
        } => {
            let cells: Vec<Cell> = pivot.iter().chain(pincers).copied().collect();
            add(&cells, *digits);
        }
        Evidence::Uniqueness { digits, cells, .. } => add(cells, *digits),
        Evidence::Coloring { digit, colors } => {
            let cells: Vec<Cell> = colors.iter().flatten().flatten().copied().collect();
            add(&cells, one(*digit));
        }
        Evidence::Medusa { colors, .. } => {
            for c in colors.iter().flatten() {
                add(&[c.cell], one(c.digit));
            }
        }
        Evidence::Als { sets, .. } => {
            for s in sets {
                add(&s.cells, s.digits);
            }
        }
        Evidence::SueDeCoq {
            cells,
            digits,
            line,
            block,
        } => {
            add(cells, *digits);
            add(&line.cells, line.digits);
            add(&block.cells, block.digits);
        }
        Evidence::AlignedExclusion {
            cells,
            digits,
            excluders,
        } => {
            add(cells, *digits);
            for s in excluders {
                add(&s.cells, s.digits);
            }
        }
        Evidence::Forcing { premise, .. } => {
            for p in premise {
                add(&[p.cell], one(p.digit));
            }
        }
        _ => {}
    }
    for link in step_links(step) {
        for node in [&link.from, &link.to] {
            add(node.cells(), one(node.digit()));
        }
    }
    let mut cells = step.cells();
    for c in &pattern {
        if !cells.contains(&c.cell) {
            cells.push(c.cell);
        }
    }
    Highlight {
        cells,
        pattern,
        eliminated: step.eliminations.clone(),
        placed: step.placements.clone(),
    }
}

/// A fish's cells: where its digit can go in its base houses (fins included).
fn fish_cells(board: &Board, f: &FishEvidence) -> Vec<Cell> {
    let shape = board.shape();
    f.base
        .iter()
        .flat_map(|h| (0..shape.side()).map(move |i| h.cell(shape, i)))
        .filter(|&c| board.value(c).is_none() && board.has(c, f.digit))
        .collect()
}
