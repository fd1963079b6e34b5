// The game's state and every change to it, without the page: a position (digits, marks,
// colours) over fixed givens, an undo/redo history without limit, and the rules' checks.

/** The standard symbols: 1-9 then A, B, … (10, 11, …), as the line format writes them. A
 * puzzle read in another alphabet (hex 0-F, letters A-Y) comes with its own from the server. */
const standard = (n) => Array.from({ length: n }, (_, i) => (i < 9 ? String(i + 1) : String.fromCharCode(65 + i - 9)));

export class Game {
  /** A game of `puzzle` ({size, box, grid, givens?, marks?, alphabet?}, the API's JSON),
   * shown in `symbols` (digit d is `symbols[d - 1]`; the standard ones when absent). */
  constructor(puzzle, symbols = null) {
    this.n = puzzle.size;
    this.br = puzzle.box[0];
    this.bc = puzzle.box[1];
    const n = this.n;
    this.alphabet = puzzle.alphabet || null;
    this.symbols = symbols && symbols.length === n ? symbols : standard(n);
    const flat = (rows) => rows.flat().map((v) => Number(v) || 0);
    const values = flat(puzzle.grid);
    const givens = puzzle.givens ? flat(puzzle.givens) : values.slice();
    this.givens = givens;
    this.pos = {
      values,
      corner: new Array(n * n).fill(0),
      centre: new Array(n * n).fill(0),
      colour: new Array(n * n).fill(0),
    };
    if (puzzle.marks) {
      puzzle.marks.flat().forEach((ds, i) => {
        if (!values[i]) this.pos.corner[i] = ds.reduce((m, d) => m | (1 << d), 0);
      });
    }
    this.undoStack = [];
    this.redoStack = [];
    this.solution = null;
    this.elapsed = 0;
    this.done = false;
  }

  static fromSaved(s) {
    const g = new Game({ size: s.n, box: [s.br, s.bc], grid: [s.givens], alphabet: s.alphabet }, s.symbols);
    Object.assign(g, { pos: s.pos, undoStack: s.undoStack || [], redoStack: s.redoStack || [],
      solution: s.solution, elapsed: s.elapsed || 0, done: !!s.done });
    return g;
  }
  toSaved() {
    const { n, br, bc, givens, pos, undoStack, redoStack, solution, elapsed, done, alphabet, symbols } = this;
    return { n, br, bc, givens, pos, undoStack, redoStack, solution, elapsed, done, alphabet, symbols };
  }

  /** Digit `d` (1-based) in the puzzle's symbols. */
  symbol(d) { return this.symbols[d - 1] ?? String(d); }
  /** The digit a key press means in the puzzle's symbols, or null. */
  digitOfKey(key) {
    if (key.length !== 1) return null;
    const i = this.symbols.indexOf(key.toUpperCase());
    return i >= 0 ? i + 1 : null;
  }

  cell(r, c) { return r * this.n + c; }
  rowOf(i) { return Math.floor(i / this.n); }
  colOf(i) { return i % this.n; }
  boxOf(i) { return Math.floor(this.rowOf(i) / this.br) * (this.n / this.bc) + Math.floor(this.colOf(i) / this.bc); }
  isGiven(i) { return this.givens[i] !== 0; }
  sees(a, b) {
    return a !== b && (this.rowOf(a) === this.rowOf(b) || this.colOf(a) === this.colOf(b) || this.boxOf(a) === this.boxOf(b));
  }
  peers(i) {
    const out = [];
    for (let j = 0; j < this.n * this.n; j++) if (this.sees(i, j)) out.push(j);
    return out;
  }

  snapshot() { return JSON.parse(JSON.stringify(this.pos)); }
  /** Runs `change` as one undoable move; returns whether it changed anything. */
  move(change) {
    const before = JSON.stringify(this.pos);
    change(this.pos);
    if (JSON.stringify(this.pos) === before) return false;
    this.undoStack.push(JSON.parse(before));
    this.redoStack = [];
    return true;
  }
  undo() {
    if (!this.undoStack.length) return false;
    this.redoStack.push(this.snapshot());
    this.pos = this.undoStack.pop();
    return true;
  }
  redo() {
    if (!this.redoStack.length) return false;
    this.undoStack.push(this.snapshot());
    this.pos = this.redoStack.pop();
    return true;
  }

  /** Puts digit `d` in the cells (or takes it out when they all have it already). */
  setDigit(cells, d) {
    const free = cells.filter((i) => !this.isGiven(i));
    const all = free.length && free.every((i) => this.pos.values[i] === d);
    return this.move((p) => {
      for (const i of free) {
        p.values[i] = all ? 0 : d;
        if (!all) {
          // A placed digit leaves the marks of its peers.
          for (const j of this.peers(i)) { p.corner[j] &= ~(1 << d); p.centre[j] &= ~(1 << d); }
        }
      }
    });
  }
  /** Toggles mark `d` of `kind` (corner or centre) in the empty cells. */
  toggleMark(cells, kind, d) {
    const free = cells.filter((i) => !this.pos.values[i]);
    const all = free.length && free.every((i) => this.pos[kind][i] & (1 << d));
    return this.move((p) => {
      for (const i of free) p[kind][i] = all ? p[kind][i] & ~(1 << d) : p[kind][i] | (1 << d);
    });
  }
  setColour(cells, k) {
    const all = cells.every((i) => this.pos.colour[i] === k);
    return this.move((p) => { for (const i of cells) p.colour[i] = all ? 0 : k; });
  }
  /** Erases digits first, then marks, then colours. */
  erase(cells) {
    const free = cells.filter((i) => !this.isGiven(i));
    return this.move((p) => {
      if (free.some((i) => p.values[i])) { for (const i of free) p.values[i] = 0; return; }
      if (cells.some((i) => p.corner[i] || p.centre[i])) { for (const i of cells) { p.corner[i] = 0; p.centre[i] = 0; } return; }
      for (const i of cells) p.colour[i] = 0;
    });
  }
  /** The digits the rules allow in empty cell `i`, as a bit mask. */
  allowed(i) {
    let m = 0;
    for (let d = 1; d <= this.n; d++) m |= 1 << d;
    for (const j of this.peers(i)) if (this.pos.values[j]) m &= ~(1 << this.pos.values[j]);
    return m;
  }
  /** Fills every empty cell's corner marks with what the rules allow. */
  autoCandidates() {
    return this.move((p) => {
      for (let i = 0; i < this.n * this.n; i++) p.corner[i] = p.values[i] ? 0 : this.allowed(i);
    });
  }
  /** Cells whose digit repeats in a house. */
  conflicts() {
    const bad = new Set();
    const v = this.pos.values;
    for (let i = 0; i < v.length; i++) {
      if (!v[i]) continue;
      for (let j = i + 1; j < v.length; j++) if (v[j] === v[i] && this.sees(i, j)) { bad.add(i); bad.add(j); }
    }
    return bad;
  }
  isFull() { return this.pos.values.every((v) => v); }
  isSolved() {
    if (!this.isFull() || this.conflicts().size) return false;
    return !this.solution || this.pos.values.every((v, i) => v === this.solution[i]);
  }

  /** The position as the API's JSON: givens, placed digits, and pencil marks when there are
   * any (cells without marks get what the rules allow). */
  toJson({ marks = true } = {}) {
    const n = this.n;
    const rows = (a) => Array.from({ length: n }, (_, r) => a.slice(r * n, r * n + n));
    const out = { size: n, box: [this.br, this.bc], grid: rows(this.pos.values) };
    // Answers about the puzzle (hints, steps, exports) come back in its own symbols.
    if (this.alphabet) out.alphabet = this.alphabet;
    if (this.pos.values.some((v, i) => v && !this.givens[i])) out.givens = rows(this.givens);
    if (marks && this.pos.corner.some((m, i) => m && !this.pos.values[i])) {
      const list = this.pos.values.map((v, i) => {
        if (v) return [];
        const m = this.pos.corner[i] || this.allowed(i);
        const ds = [];
        for (let d = 1; d <= n; d++) if (m & (1 << d)) ds.push(d);
        return ds;
      });
      out.marks = rows(list);
    }
    return out;
  }
  givensJson() {
    const n = this.n;
    return { size: n, box: [this.br, this.bc], grid: Array.from({ length: n }, (_, r) => this.givens.slice(r * n, r * n + n)) };
  }

  /** Plays a step: its placements, and its eliminations from the corner marks (filled in
   * first where a cell has none). */
  applyStep(step) {
    return this.move((p) => {
      const elims = step.eliminations || [];
      for (const [r, c] of elims) {
        const i = this.cell(r - 1, c - 1);
        if (!p.values[i] && !p.corner[i]) p.corner[i] = this.allowed(i);
      }
      for (const [r, c, d] of elims) p.corner[this.cell(r - 1, c - 1)] &= ~(1 << d);
      for (const [r, c, d] of step.placements || []) {
        const i = this.cell(r - 1, c - 1);
        p.values[i] = d;
        p.corner[i] = 0; p.centre[i] = 0;
        for (const j of this.peers(i)) { p.corner[j] &= ~(1 << d); p.centre[j] &= ~(1 << d); }
      }
    });
  }
}
