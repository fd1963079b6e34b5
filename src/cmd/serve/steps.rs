//! A logical step as the page draws it: the cells, candidates, houses and links its
//! evidence names, each with a role (pattern, fin, base/cover set, colour, …), beside the
//! step's words from the library's renderer.

use serde_json::{json, Value};
use sudoku::logic::{AlsSet, Evidence, FishEvidence, Link, Node, Step, StepRecord};
use sudoku::{Board, Candidate, Cell, DigitSet, House, Shape};

/// `r1c1`.
pub fn rc(shape: Shape, cell: Cell) -> String {
    cell.name(shape).to_string()
}

fn pos(shape: Shape, cell: Cell) -> [usize; 2] {
    [cell.row(shape).number(), cell.col(shape).number()]
}

/// What one step shows, collected from its evidence.
struct Drawing<'a> {
    shape: Shape,
    board: &'a Board,
    cells: Vec<Value>,
    candidates: Vec<Value>,
    houses: Vec<Value>,
    links: Vec<Value>,
}

impl Drawing<'_> {
    fn cell(&mut self, cell: Cell, role: &str) {
        let [r, c] = pos(self.shape, cell);
        self.cells.push(json!([r, c, role]));
    }
    fn cand(&mut self, c: Candidate, role: &str) {
        // Only what the position shows: a pattern's digits in its cells that are still there.
        if self.board.value(c.cell).is_none() && self.board.has(c.cell, c.digit) {
            let [r, col, d] = c.triple(self.shape);
            self.candidates.push(json!([r, col, d, role]));
        }
    }
    fn cands(&mut self, cells: &[Cell], digits: DigitSet, role: &str) {
        for &cell in cells {
            for d in digits.iter() {
                self.cand(Candidate::new(cell, d), role);
            }
        }
    }
    /// A pattern's own cells and digits, then each set beside it in a role of its own
    /// (Sue de Coq's line and box sets, aligned exclusion's excluding cells).
    fn pattern_and_sets<'s>(
        &mut self,
        cells: &[Cell],
        digits: DigitSet,
        sets: impl IntoIterator<Item = &'s AlsSet>,
        set_roles: [&str; 4],
    ) {
        for &c in cells {
            self.cell(c, "pattern");
        }
        self.cands(cells, digits, "pattern");
        for (i, g) in sets.into_iter().enumerate() {
            for &c in &g.cells {
                self.cell(c, set_roles[i % 4]);
            }
            self.cands(&g.cells, g.digits, set_roles[i % 4]);
        }
    }
    fn house(&mut self, h: House, role: &str) {
        let (kind, n) = match h {
            House::Row(r) => ("row", r.number()),
            House::Col(c) => ("col", c.number()),
            House::Block(b) => ("box", b.number()),
        };
        self.houses
            .push(json!({"kind": kind, "n": n, "role": role}));
    }
    fn node(&self, n: &Node) -> Value {
        let cells: Vec<[usize; 2]> = n.cells().iter().map(|&c| pos(self.shape, c)).collect();
        json!({"cells": cells, "digit": n.digit().get()})
    }
    fn links(&mut self, links: &[Link], role: &str) {
        for l in links {
            for n in [&l.from, &l.to] {
                for &cell in n.cells() {
                    self.cand(Candidate::new(cell, n.digit()), role);
                }
            }
            let v = json!({"from": self.node(&l.from), "to": self.node(&l.to), "strong": l.strong});
            self.links.push(v);
        }
    }
    fn fish(&mut self, f: &FishEvidence) {
        let digit = DigitSet::single(f.digit);
        for &h in &f.base {
            self.house(h, "base");
            let cells: Vec<Cell> = h.cells(self.shape).collect();
            self.cands(&cells, digit, "pattern");
        }
        for &h in &f.cover {
            self.house(h, "cover");
        }
        for &c in f.fins.iter().chain(&f.endo_fins) {
            self.cell(c, "fin");
            self.cand(Candidate::new(c, f.digit), "fin");
        }
    }
    fn evidence(&mut self, e: &Evidence) {
        let set_roles = ["set0", "set1", "set2", "set3"];
        match e {
            Evidence::Single { house } => {
                if let Some(h) = house {
                    self.house(*h, "house");
                }
            }
            Evidence::Direct {
                via,
                house,
                cleared,
            } => {
                self.evidence(via);
                self.house(*house, "house");
                for &c in cleared {
                    self.cand(c, "off");
                }
            }
            Evidence::Intersection {
                digit,
                block,
                line,
                cells,
                ..
            } => {
                self.house(House::Block(*block), "base");
                self.house(*line, "cover");
                self.cands(cells, DigitSet::single(*digit), "pattern");
            }
            Evidence::Subset {
                houses,
                cells,
                digits,
                ..
            } => {
                for &h in houses {
                    self.house(h, "house");
                }
                for &c in cells {
                    self.cell(c, "pattern");
                }
                self.cands(cells, *digits, "pattern");
            }
            Evidence::Fish(f) => self.fish(f),
            Evidence::Kraken(k) => {
                self.fish(&k.fish);
                for &p in &k.premise {
                    self.cand(p, "on");
                }
                for b in &k.branches {
                    self.links(b, "chain");
                }
            }
            Evidence::SingleDigit {
                digit,
                cells,
                houses,
                links,
            } => {
                for &h in houses {
                    self.house(h, "house");
                }
                self.cands(cells, DigitSet::single(*digit), "pattern");
                self.links(links, "pattern");
            }
            Evidence::Wing {
                digits,
                pivot,
                pincers,
                links,
                ..
            } => {
                if let Some(p) = pivot {
                    self.cell(*p, "pivot");
                    self.cands(&[*p], *digits, "pattern");
                }
                for &c in pincers {
                    self.cell(c, "pattern");
                }
                self.cands(pincers, *digits, "pattern");
                self.links(links, "pattern");
            }
            Evidence::Uniqueness {
                digits,
                cells,
                extra,
                subset,
            } => {
                for &c in cells {
                    self.cell(c, "pattern");
                }
                self.cands(cells, *digits, "pattern");
                for &c in extra {
                    self.cand(c, "fin");
                }
                for &c in subset {
                    self.cell(c, "subset");
                }
            }
            Evidence::Coloring { digit, colors } => {
                for pair in colors {
                    self.cands(&pair[0], DigitSet::single(*digit), "color0");
                    self.cands(&pair[1], DigitSet::single(*digit), "color1");
                }
            }
            Evidence::Medusa { colors, .. } => {
                for (i, side) in colors.iter().enumerate() {
                    for &c in side {
                        self.cand(c, ["color0", "color1"][i]);
                    }
                }
            }
            Evidence::Chain { links } => self.links(links, "pattern"),
            Evidence::Als { sets, stem, .. } => {
                for (i, s) in sets.iter().enumerate() {
                    for &c in &s.cells {
                        self.cell(c, set_roles[i % 4]);
                    }
                    self.cands(&s.cells, s.digits, set_roles[i % 4]);
                }
                if let Some(c) = stem {
                    self.cell(*c, "pivot");
                }
            }
            Evidence::SueDeCoq {
                cells,
                digits,
                line,
                block,
            } => self.pattern_and_sets(cells, *digits, [line, block], set_roles),
            Evidence::AlignedExclusion {
                cells,
                digits,
                excluders,
            } => self.pattern_and_sets(cells, *digits, excluders, set_roles),
            Evidence::Forcing {
                premise, branches, ..
            } => {
                for &p in premise {
                    self.cand(p, "on");
                }
                for b in branches {
                    self.links(b, "chain");
                }
            }
            Evidence::Template { .. } | Evidence::BruteForce => {}
        }
    }
}

/// One step: the library's full record (technique, words, placements, eliminations, cells,
/// links) and what to draw, on `board` (the position it was found in).
pub fn step_json(board: &Board, step: &Step) -> Value {
    let shape = board.shape();
    let mut d = Drawing {
        shape,
        board,
        cells: Vec::new(),
        candidates: Vec::new(),
        houses: Vec::new(),
        links: Vec::new(),
    };
    d.evidence(&step.evidence);
    let mut out = serde_json::to_value(StepRecord::full(shape, step)).unwrap_or(Value::Null);
    out["draw"] = json!({
        "cells": d.cells,
        "candidates": d.candidates,
        "houses": d.houses,
        "links": d.links,
    });
    out
}
