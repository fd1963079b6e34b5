// Draws the grid as SVG: cells (each a <g data-cell="rXcY"> whose text is its digit),
// pencil marks, colours, selection, conflicts, and a logical step on top of it all.

const NS = 'http://www.w3.org/2000/svg';
const S = 60; // one cell, in SVG units
const PAD = 4;

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Where candidate `d` sits in a cell: a small grid of ceil(sqrt(n)) columns. */
export function candidateSpot(n, d) {
  const cols = Math.ceil(Math.sqrt(n));
  const rows = Math.ceil(n / cols);
  const k = d - 1;
  return { x: ((k % cols) + 0.5) * (S / cols), y: (Math.floor(k / cols) + 0.5) * (S / rows), r: S / cols / 2 };
}

/** The cell index under a point of the SVG, or -1. */
export function cellAt(svg, game, clientX, clientY) {
  const pt = svg.createSVGPoint();
  pt.x = clientX; pt.y = clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const c = Math.floor((p.x - PAD) / S);
  const r = Math.floor((p.y - PAD) / S);
  if (r < 0 || c < 0 || r >= game.n || c >= game.n) return -1;
  return game.cell(r, c);
}

/**
 * Draws `game` in `svg`. `view`: `selection` (Set of cells), `values` (a grid to show
 * instead of the game's, for a step of the path), `step` (the step to draw), `bad` (cells
 * to mark as conflicting besides the rules' own).
 */
export function render(svg, game, view) {
  const n = game.n;
  const size = n * S + 2 * PAD;
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.replaceChildren();
  const values = view.values || game.pos.values;
  const showGame = !view.values;
  const sel = view.selection;
  const conflicts = showGame ? game.conflicts() : new Set();
  for (const i of view.bad || []) conflicts.add(i);
  const focus = [...sel].find(() => true);
  const sameDigit = focus !== undefined ? values[focus] : 0;
  const peerSet = new Set(focus !== undefined && sel.size === 1 ? game.peers(focus) : []);
  const digitSize = n <= 9 ? 36 : n <= 16 ? 28 : 22;
  const root = el('g', { transform: `translate(${PAD},${PAD})` });
  svg.append(root);
  const cells = el('g', { class: 'cells' });
  const marks = el('g', { class: 'marks' });
  root.append(cells);
  const over = el('g', { class: 'hl', 'pointer-events': 'none' });

  for (let i = 0; i < n * n; i++) {
    const r = game.rowOf(i), c = game.colOf(i);
    const x = c * S, y = r * S;
    const bg = ['cell-bg'];
    const colour = showGame ? game.pos.colour[i] : 0;
    if (colour) bg.push(`c${colour}`);
    else if (sel.has(i)) bg.push('sel');
    else if (sameDigit && values[i] === sameDigit) bg.push('same');
    else if (peerSet.has(i)) bg.push('peer');
    if (sel.has(i) && colour) bg.push('selected');
    if (conflicts.has(i)) bg.push('conflict');
    const g = el('g', { 'data-cell': `r${r + 1}c${c + 1}`, role: 'gridcell',
      'aria-label': `row ${r + 1} column ${c + 1}${values[i] ? ` ${game.symbol(values[i])}` : ' empty'}`,
      'aria-selected': sel.has(i) ? 'true' : 'false' });
    g.append(el('rect', { class: bg.join(' '), x, y, width: S, height: S }));
    const cls = ['digit'];
    if (game.isGiven(i)) cls.push('given');
    if (conflicts.has(i)) cls.push('conflict');
    g.append(el('text', { class: cls.join(' '), x: x + S / 2, y: y + S / 2 + 1, 'font-size': digitSize }, values[i] ? game.symbol(values[i]) : ''));
    cells.append(g);
    if (sel.has(i) && colour) over.append(el('rect', { x: x + 3, y: y + 3, width: S - 6, height: S - 6, fill: 'none', stroke: '#c9a400', 'stroke-width': 4 }));
    if (values[i]) continue;
    // Pencil marks: corner marks on the candidate spots (the candidates), centre marks
    // as a line in the middle.
    const corner = showGame ? game.pos.corner[i] : (view.marks ? view.marks[i] : 0);
    const centre = showGame ? game.pos.centre[i] : 0;
    const ms = view.step ? Math.max(9, 26 - n) : Math.max(8, 22 - n);
    for (let d = 1; d <= n; d++) {
      if (!(corner & (1 << d))) continue;
      const s = candidateSpot(n, d);
      marks.append(el('text', { class: `mark corner${d === sameDigit ? ' same' : ''}`, 'data-mark': `r${r + 1}c${c + 1}`,
        x: x + s.x, y: y + s.y + 1, 'font-size': Math.min(ms, s.r * 1.6) }, game.symbol(d)));
    }
    if (centre) {
      const ds = [];
      for (let d = 1; d <= n; d++) if (centre & (1 << d)) ds.push(game.symbol(d));
      const txt = ds.join('');
      marks.append(el('text', { class: 'mark centre', 'data-centre': `r${r + 1}c${c + 1}`, x: x + S / 2, y: y + S / 2,
        'font-size': Math.min(16, (S * 1.6) / Math.max(txt.length, 3)) }, txt));
    }
  }
  // Lines: thin between cells, thick between boxes.
  const lines = el('g', { 'pointer-events': 'none' });
  for (let k = 0; k <= n; k++) {
    const rowBox = k % game.br === 0, colBox = k % game.bc === 0;
    lines.append(el('line', { class: rowBox ? 'boxline' : 'gridline', x1: 0, y1: k * S, x2: n * S, y2: k * S }));
    lines.append(el('line', { class: colBox ? 'boxline' : 'gridline', x1: k * S, y1: 0, x2: k * S, y2: n * S }));
  }
  if (view.step) drawStep(over, game, view.step);
  root.append(marks, lines, over);
}

/** The centre of candidate `d` of the cell at 1-based `r`, `c`. */
function spot(n, r, c, d) {
  const s = candidateSpot(n, d);
  return { x: (c - 1) * S + s.x, y: (r - 1) * S + s.y, r: s.r };
}

function drawStep(g, game, step) {
  const n = game.n;
  const d = step.draw || { cells: [], candidates: [], houses: [], links: [] };
  const layer = el('g', { 'data-role': 'step' });
  g.append(layer);
  for (const h of d.houses) {
    let x, y, w, hh;
    if (h.kind === 'row') { x = 0; y = (h.n - 1) * S; w = n * S; hh = S; }
    else if (h.kind === 'col') { x = (h.n - 1) * S; y = 0; w = S; hh = n * S; }
    else {
      const per = n / game.bc;
      x = ((h.n - 1) % per) * game.bc * S; y = Math.floor((h.n - 1) / per) * game.br * S;
      w = game.bc * S; hh = game.br * S;
    }
    layer.append(el('rect', { class: `hl-house ${h.role}`, 'data-house': `${h.kind}${h.n}`, x, y, width: w, height: hh }));
  }
  for (const [r, c, role] of d.cells) {
    layer.append(el('rect', { class: `hl-cell ${role}`, x: (c - 1) * S + 2.5, y: (r - 1) * S + 2.5, width: S - 5, height: S - 5, rx: 4 }));
  }
  for (const [r, c, dg, role] of d.candidates) {
    const p = spot(n, r, c, dg);
    layer.append(el('circle', { class: `hl-cand ${role}`, 'data-cand': `r${r}c${c}d${dg}`, cx: p.x, cy: p.y, r: p.r * 0.9 }));
    layer.append(el('text', { class: 'hl-text', x: p.x, y: p.y + 1, 'font-size': Math.min(16, p.r * 1.5) }, game.symbol(dg)));
  }
  for (const [r, c, dg] of step.eliminations || []) {
    const p = spot(n, r, c, dg);
    const k = p.r * 0.75;
    layer.append(el('circle', { class: 'hl-cand off', cx: p.x, cy: p.y, r: p.r * 0.9 }));
    layer.append(el('text', { class: 'hl-text', x: p.x, y: p.y + 1, 'font-size': Math.min(16, p.r * 1.5) }, game.symbol(dg)));
    layer.append(el('path', { class: 'hl-elim', 'data-elim': `r${r}c${c}d${dg}`, d: `M${p.x - k},${p.y - k}L${p.x + k},${p.y + k}M${p.x + k},${p.y - k}L${p.x - k},${p.y + k}` }));
  }
  for (const [r, c, dg] of step.placements || []) {
    layer.append(el('circle', { class: 'hl-place', 'data-place': `r${r}c${c}d${dg}`, cx: (c - 0.5) * S, cy: (r - 0.5) * S, r: S * 0.42 }));
    layer.append(el('text', { class: 'hl-text', x: (c - 0.5) * S, y: (r - 0.5) * S + 1, 'font-size': 30, opacity: 0.55 }, game.symbol(dg)));
  }
  // Links: arrows from node to node, strong solid and weak dashed, bent a little so that
  // links between the same cells stay apart.
  const defs = el('defs');
  defs.append(arrowHead('arrow-strong', '#c02a2a'), arrowHead('arrow-weak', '#2a5ac0'));
  layer.append(defs);
  for (const l of d.links) {
    const a = nodeCentre(n, l.from), b = nodeCentre(n, l.to);
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
    const shrink = Math.min(a.r, len / 3);
    const ax = a.x + (dx / len) * shrink, ay = a.y + (dy / len) * shrink;
    const bx = b.x - (dx / len) * shrink, by = b.y - (dy / len) * shrink;
    const bend = Math.min(20, len / 5);
    const mx = (ax + bx) / 2 - (dy / len) * bend, my = (ay + by) / 2 + (dx / len) * bend;
    layer.append(el('path', { class: `hl-link ${l.strong ? 'strong' : 'weak'}`, 'data-link': l.strong ? 'strong' : 'weak',
      d: `M${ax},${ay}Q${mx},${my} ${bx},${by}`, 'marker-end': `url(#arrow-${l.strong ? 'strong' : 'weak'})` }));
  }
}

function nodeCentre(n, node) {
  const ps = node.cells.map(([r, c]) => spot(n, r, c, node.digit));
  const x = ps.reduce((s, p) => s + p.x, 0) / ps.length;
  const y = ps.reduce((s, p) => s + p.y, 0) / ps.length;
  return { x, y, r: ps[0].r };
}

function arrowHead(id, colour) {
  const m = el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' });
  m.append(el('path', { d: 'M0,0L10,5L0,10z', fill: colour }));
  return m;
}
