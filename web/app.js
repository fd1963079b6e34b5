// The page: wires the board, the controls and the API together. State lives in `ui` and
// in the `Game`; every change ends in `refresh()`, which draws and saves.
import * as api from './api.js';
import { Game } from './game.js';
import { render, cellAt } from './board.js';

const $ = (sel) => document.querySelector(sel);
const role = (r) => $(`[data-role="${r}"]`);
const action = (a) => $(`[data-action="${a}"]`);
const SAVE = 'sudoku.game';

const ui = {
  game: null,
  selection: new Set(),
  mode: 'normal',
  edit: false,
  hint: null, // {data, grade, key}
  path: null, // {steps, current}
  bad: new Set(),
  checkpoints: [],
  rating: null,
};

function message(text, kind = '') {
  const m = role('message');
  m.textContent = text;
  m.className = `message ${kind}`;
}

function save() {
  if (!ui.game) return;
  try {
    localStorage.setItem(SAVE, JSON.stringify({ game: ui.game.toSaved(), checkpoints: ui.checkpoints,
      rating: ui.rating, message: role('message').textContent, edit: ui.edit }));
  } catch (_) { /* storage full or off: the game goes on */ }
}

function refresh() {
  const g = ui.game;
  if (!g) return;
  const view = { selection: ui.selection, bad: ui.bad };
  if (ui.path && ui.path.current !== null) {
    const step = ui.path.steps[ui.path.current];
    const values = step.grid.flat();
    const tmp = new Game({ size: g.n, box: [g.br, g.bc], grid: step.grid, givens: [g.givens] });
    tmp.givens = g.givens;
    view.values = values;
    view.marks = values.map((v, i) => (v ? 0 : tmp.allowed(i)));
    view.step = step;
  } else if (ui.hint && ui.hint.grade >= 3 && ui.hint.data.step) {
    view.step = ui.hint.data.step;
  }
  render(role('board'), g, view);
  action('undo').disabled = !g.undoStack.length;
  action('redo').disabled = !g.redoStack.length;
  action('apply').disabled = !(ui.hint && ui.hint.grade >= 3 && ui.hint.data.step);
  for (const b of document.querySelectorAll('[data-mode]')) b.classList.toggle('on', b.dataset.mode === ui.mode);
  action('edit').setAttribute('aria-pressed', String(ui.edit));
  drawPad();
  drawCheckpoints();
  save();
}

function drawPad() {
  const pad = role('pad');
  const n = ui.game.n;
  const want = `${n}:${ui.mode}`;
  if (pad.dataset.for === want) return;
  pad.dataset.for = want;
  pad.replaceChildren();
  const count = ui.mode === 'colour' ? 9 : n;
  for (let d = 1; d <= count; d++) {
    const b = document.createElement('button');
    b.dataset.action = 'digit';
    b.dataset.digit = d;
    b.textContent = ui.mode === 'colour' ? '■' : ui.game.symbol(d);
    if (ui.mode === 'colour') b.className = `swatch c${d}`;
    b.setAttribute('aria-label', ui.mode === 'colour' ? `colour ${d}` : `${ui.mode} ${ui.game.symbol(d)}`);
    pad.append(b);
  }
}

function drawCheckpoints() {
  const list = role('checkpoints');
  list.replaceChildren();
  ui.checkpoints.forEach((cp, k) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.textContent = `${cp.name} (restore)`;
    b.dataset.action = 'restore';
    b.setAttribute('aria-label', `restore checkpoint ${cp.name}`);
    b.addEventListener('click', () => {
      if (ui.game.move((p) => Object.assign(p, JSON.parse(JSON.stringify(cp.pos))))) changed();
      message(`Back at checkpoint “${cp.name}”.`);
    });
    li.append(b);
    list.append(li);
    void k;
  });
}

/** After every move: forget the hint, check for the end. */
function changed() {
  ui.hint = null;
  ui.bad = new Set();
  role('hint').replaceChildren();
  const g = ui.game;
  if (!ui.edit && g.isFull()) {
    if (g.isSolved()) {
      g.done = true;
      message(`Solved in ${clock(g.elapsed)}. Well done!`, 'ok');
    } else {
      message('The grid is full but something is wrong.', 'error');
    }
  } else if (role('message').classList.contains('ok') || role('message').textContent.startsWith('The grid is full')) {
    message('');
  }
  refresh();
}

/** Starts a game of `puzzle` (the API's JSON, shown in `symbols` when not the standard
 * ones) and says which of the four outcomes it is. */
async function start(puzzle, { rating = null, note = '', symbols = null } = {}) {
  ui.game = new Game(puzzle, symbols);
  ui.selection = new Set([0]);
  ui.hint = null;
  ui.path = null;
  ui.bad = new Set();
  ui.checkpoints = [];
  ui.rating = rating;
  ui.edit = false;
  role('path').replaceChildren();
  role('hint').replaceChildren();
  action('back').hidden = true;
  showRating();
  message(note);
  refresh();
  await checkOutcome();
}

/** Solves the givens: keeps the solution, or says what is wrong with the puzzle. */
async function checkOutcome() {
  const g = ui.game;
  try {
    const r = await api.solve(g.givensJson());
    if (r.status === 'unique') {
      g.solution = r.solution.flat();
      refresh();
      return true;
    }
    g.solution = null;
    if (r.status === 'invalid') {
      ui.bad = new Set();
      for (const c of r.conflicts) {
        for (const [row, col] of c.cells) ui.bad.add(g.cell(row - 1, col - 1));
      }
      message(`This puzzle is invalid: ${r.message.replace(/^invalid givens: /, '')}.`, 'error');
    } else if (r.status === 'none') {
      message('This puzzle has no solution.', 'error');
    } else {
      message('This puzzle has several solutions: it is not a proper sudoku.', 'error');
    }
    refresh();
  } catch (e) {
    message(e.message, 'error');
  }
  return false;
}

function showRating() {
  const r = ui.rating;
  role('rating').textContent = r
    ? `ER ${r.er.toFixed(1)} / EP ${r.ep.toFixed(1)} / ED ${r.ed.toFixed(1)} · ${r.level} (score ${r.score})${r.seed !== undefined ? ` · seed ${r.seed}` : ''}`
    : '';
}

// ---- input ----

function selected() { return [...ui.selection]; }

function enter(d, how = ui.mode) {
  const g = ui.game;
  if (ui.path && ui.path.current !== null) return;
  if (ui.edit) {
    const cells = selected();
    g.move((p) => { for (const i of cells) { p.values[i] = d; g.givens[i] = d; } });
    refresh();
    return;
  }
  if (d > g.n && how !== 'colour') return;
  let did = false;
  if (how === 'normal') did = g.setDigit(selected(), d);
  else if (how === 'corner') did = g.toggleMark(selected(), 'corner', d);
  else if (how === 'centre') did = g.toggleMark(selected(), 'centre', d);
  else if (how === 'colour') did = g.setColour(selected(), d);
  if (did) changed();
}

function erase() {
  const g = ui.game;
  if (ui.edit) {
    const cells = selected();
    g.move((p) => { for (const i of cells) { p.values[i] = 0; g.givens[i] = 0; } });
    refresh();
    return;
  }
  if (g.erase(selected())) changed();
}

function moveSel(dr, dc, extend) {
  const g = ui.game;
  const cur = [...ui.selection].pop() ?? 0;
  const r = (g.rowOf(cur) + dr + g.n) % g.n;
  const c = (g.colOf(cur) + dc + g.n) % g.n;
  const next = g.cell(r, c);
  if (!extend) ui.selection = new Set();
  ui.selection.delete(next);
  ui.selection.add(next);
  refresh();
}

function setMode(m) { ui.mode = m; refresh(); }

document.addEventListener('keydown', (e) => {
  if (!ui.game) return;
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const k = e.key;
  if (ctrl && (k === 'z' || k === 'Z')) { e.preventDefault(); if (e.shiftKey ? ui.game.redo() : ui.game.undo()) changed(); return; }
  if (ctrl && (k === 'y' || k === 'Y')) { e.preventDefault(); if (ui.game.redo()) changed(); return; }
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[k]) { e.preventDefault(); moveSel(...arrows[k], e.shiftKey || ctrl); return; }
  // 0 erases, but in hex (0-F) it is the first digit.
  const zero = ui.game.digitOfKey('0') === null && k === '0';
  if (k === 'Backspace' || k === 'Delete' || k === '.' || zero) { e.preventDefault(); erase(); return; }
  if (k === 'Escape') { ui.selection = new Set(); refresh(); return; }
  // Digits by their key code, so Shift+1 is a corner 1 whatever the keyboard prints; the
  // key's symbol says which digit it is (in hex, 1 is the second).
  const code = e.code.match(/^(?:Digit|Numpad)([0-9])$/);
  const n = ui.game.n;
  const coded = code ? ui.game.digitOfKey(code[1]) : null;
  if (coded && coded <= n) {
    e.preventDefault();
    enter(coded, e.shiftKey ? 'corner' : ctrl || e.altKey ? 'centre' : ui.mode);
    return;
  }
  if (ctrl || e.altKey) return;
  // Letter keys switch modes unless they are the puzzle's digits (A-G on 16x16, letters).
  if (ui.game.digitOfKey(k) === null || ui.mode === 'colour') {
    const modes = { z: 'normal', x: 'corner', c: 'centre', v: 'colour' };
    if (modes[k.toLowerCase()] && k.length === 1) { setMode(modes[k.toLowerCase()]); return; }
    if (k === 'h' || k === 'H') { nextHint(); return; }
  }
  const d = ui.game.digitOfKey(k);
  if (d && d <= n) { e.preventDefault(); enter(d); }
});

// Mouse and touch: press selects (Ctrl/Shift/Meta add), dragging adds the cells passed.
let dragging = false;
const board = role('board');
board.addEventListener('pointerdown', (e) => {
  if (!ui.game) return;
  const i = cellAt(board, ui.game, e.clientX, e.clientY);
  if (i < 0) return;
  e.preventDefault();
  board.focus();
  if (!(e.ctrlKey || e.shiftKey || e.metaKey)) ui.selection = new Set();
  if (ui.selection.has(i) && (e.ctrlKey || e.metaKey)) ui.selection.delete(i);
  else ui.selection.add(i);
  dragging = true;
  board.setPointerCapture?.(e.pointerId);
  refresh();
});
board.addEventListener('pointermove', (e) => {
  if (!dragging) return;
  const i = cellAt(board, ui.game, e.clientX, e.clientY);
  if (i >= 0 && !ui.selection.has(i)) { ui.selection.add(i); refresh(); }
});
window.addEventListener('pointerup', () => { dragging = false; });

role('pad').addEventListener('click', (e) => {
  const b = e.target.closest('[data-digit]');
  if (b) enter(Number(b.dataset.digit));
});

// ---- hints and the path ----

function hintKey() { return JSON.stringify(ui.game.pos); }

async function nextHint() {
  const g = ui.game;
  const box = role('hint');
  if (!ui.hint || ui.hint.key !== hintKey()) {
    try {
      const data = await api.hint(g.toJson(), role('order').value);
      ui.hint = { data, grade: 0, key: hintKey() };
    } catch (e) {
      message(e.message, 'error');
      return;
    }
  }
  const h = ui.hint;
  if (h.data.kind === 'mistake') {
    ui.bad = new Set(h.data.mistakes.map((m) => g.cell(m.cell[0] - 1, m.cell[1] - 1)));
    const words = h.data.mistakes.map(({ cell: [r, c], digit, kind }) => (kind === 'wrong digit'
      ? `r${r}c${c} is not ${g.symbol(digit)}` : `r${r}c${c} lacks the candidate ${g.symbol(digit)}`));
    message(`Fix these first: ${words.join('; ')}.`, 'error');
    refresh();
    return;
  }
  if (h.data.kind === 'solved') { message('Solved already.'); return; }
  if (h.data.kind === 'stuck') { message(h.data.vague, 'error'); return; }
  h.grade = Math.min(3, h.grade + 1);
  const lines = [['vague', h.data.vague], ['concrete', h.data.concrete]];
  if (h.grade >= 3) lines.push(['step', `${h.data.step.text}`], ['why', h.data.step.explanation]);
  box.replaceChildren();
  for (const [grade, text] of lines.slice(0, h.grade === 3 ? 4 : h.grade)) {
    const p = document.createElement('p');
    p.dataset.grade = grade;
    p.innerHTML = `<span class="grade"></span> `;
    p.firstChild.textContent = grade;
    p.append(text);
    box.append(p);
  }
  refresh();
}

function applyHint() {
  if (!(ui.hint && ui.hint.data.step)) return;
  const step = ui.hint.data.step;
  if (ui.game.applyStep(step)) {
    message(`Applied: ${step.text}`);
    changed();
  }
}

async function explainPath() {
  try {
    message('Explaining…');
    const r = await api.explain(ui.game.toJson(), role('order').value);
    ui.path = { steps: r.steps, current: null };
    const list = role('path');
    list.replaceChildren();
    r.steps.forEach((s, k) => {
      const li = document.createElement('li');
      li.dataset.step = k;
      li.tabIndex = 0;
      li.textContent = s.text;
      li.title = s.explanation;
      li.addEventListener('click', () => showPathStep(k));
      li.addEventListener('keydown', (e) => { if (e.key === 'Enter') showPathStep(k); });
      list.append(li);
    });
    message(r.solved ? `The path: ${r.steps.length} steps. Click one to see the grid at that step.` : `The path stalls after ${r.steps.length} steps.`);
  } catch (e) {
    message(e.message, 'error');
  }
}

function showPathStep(k) {
  ui.path.current = k;
  for (const li of role('path').children) li.classList.toggle('current', Number(li.dataset.step) === k);
  action('back').hidden = false;
  const s = ui.path.steps[k];
  message(`Step ${k + 1}: ${s.text} — ${s.explanation}`);
  refresh();
}

function backToGame() {
  if (ui.path) ui.path.current = null;
  for (const li of role('path').children) li.classList.remove('current');
  action('back').hidden = true;
  message('');
  refresh();
}

// ---- new, import, export, share ----

async function newPuzzle() {
  const [br, bc] = role('size').value.split('x').map(Number);
  const opts = { box: [br, bc], symmetry: role('symmetry').value };
  const level = role('level').value;
  const lo = role('se-low').value, hi = role('se-high').value;
  const seed = role('seed').value;
  if (level) opts.level = level;
  if (lo !== '' || hi !== '') opts.se = [Number(lo || 1), Number(hi || 12)];
  if (seed !== '') opts.seed = Number(seed);
  const b = action('new');
  b.disabled = true;
  message('Making a puzzle…');
  try {
    const r = await api.generate(opts);
    const rating = r.rating ? { ...r.rating, seed: r.seed } : null;
    await start(r.puzzle, { rating, note: `New ${br * bc}×${br * bc} puzzle, ${r.givens} givens, seed ${r.seed}.` });
    if (!rating) role('rating').textContent = `seed ${r.seed}`;
  } catch (e) {
    message(e.message, 'error');
  } finally {
    b.disabled = false;
  }
}

async function importText(text, boxParam, alphabet) {
  try {
    const r = await api.parse(text, alphabet);
    const p = r.puzzle;
    if (boxParam) {
      const [a, b] = boxParam.split('x').map(Number);
      if (a * b === p.size) p.box = [a, b];
    }
    await start(p, { symbols: r.symbols, note: `Loaded a ${p.size}×${p.size} puzzle${r.format ? ` (${r.format})` : ''}.` });
    if (ui.game.solution) rateQuietly();
  } catch (e) {
    message(`Could not read the puzzle: ${e.message}`, 'error');
  }
}

async function rateQuietly() {
  if (ui.game.n !== 9) return;
  try {
    ui.rating = await api.rate(ui.game.givensJson());
    showRating();
    save();
  } catch (_) { /* no rating shown */ }
}

async function exportIt() {
  try {
    const fmt = role('format').value;
    const r = await api.convert(ui.game.toJson(), fmt);
    role('import').value = r.text;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([r.text], { type: 'text/plain' }));
    a.download = `sudoku.${fmt}.txt`;
    a.click();
    message(`Exported as ${fmt}.`);
  } catch (e) {
    message(e.message, 'error');
  }
}

function shareLink() {
  const g = ui.game;
  const line = g.givens.map((v) => (v ? g.symbol(v) : '.')).join('');
  const url = new URL(location.href);
  url.search = '';
  url.searchParams.set('puzzle', line);
  if (g.br !== g.bc) url.searchParams.set('box', `${g.br}x${g.bc}`);
  // A hex line without a 0 reads as standard symbols: the link says which they are.
  if (g.alphabet) url.searchParams.set('alphabet', g.alphabet);
  role('share').value = url.toString();
  navigator.clipboard?.writeText(url.toString()).catch(() => {});
  message('Share link made (copied when the browser allows).');
}

async function toggleEdit() {
  if (!ui.edit) {
    const [br, bc] = role('size').value.split('x').map(Number);
    const n = br * bc;
    await start({ size: n, box: [br, bc], grid: Array.from({ length: n }, () => new Array(n).fill(0)) });
    ui.edit = true;
    message('Type the givens, then press “Enter givens” again to play.');
    refresh();
    return;
  }
  ui.edit = false;
  const g = ui.game;
  g.undoStack = []; g.redoStack = [];
  message('');
  if (await checkOutcome()) {
    message('A proper puzzle: one solution. Play on!');
    rateQuietly();
  }
  refresh();
}

// ---- buttons ----

const actions = {
  undo: () => { if (ui.game.undo()) changed(); },
  redo: () => { if (ui.game.redo()) changed(); },
  erase,
  candidates: () => { if (ui.game.autoCandidates()) changed(); },
  check: () => {
    const g = ui.game;
    if (!g.solution) { message('No single solution to check against.', 'error'); return; }
    const wrong = g.pos.values.map((v, i) => (v && v !== g.solution[i] ? i : -1)).filter((i) => i >= 0);
    ui.bad = new Set(wrong);
    message(wrong.length ? `${wrong.length} digit${wrong.length > 1 ? 's are' : ' is'} wrong.` : 'No mistakes so far.', wrong.length ? 'error' : '');
    refresh();
  },
  edit: toggleEdit,
  hint: nextHint,
  apply: applyHint,
  'clear-hint': () => { ui.hint = null; role('hint').replaceChildren(); refresh(); },
  new: newPuzzle,
  path: explainPath,
  back: backToGame,
  import: () => importText(role('import').value),
  export: exportIt,
  share: shareLink,
  print: () => window.print(),
  checkpoint: () => {
    const name = role('checkpoint-name').value.trim() || `checkpoint ${ui.checkpoints.length + 1}`;
    ui.checkpoints.push({ name, pos: ui.game.snapshot() });
    role('checkpoint-name').value = '';
    message(`Checkpoint “${name}” saved.`);
    refresh();
  },
  timer: () => {
    const t = role('timer');
    t.classList.toggle('hidden');
    localStorage.setItem('sudoku.timer', t.classList.contains('hidden') ? 'hidden' : '');
  },
  theme: () => {
    const dark = document.documentElement.classList.toggle('dark');
    localStorage.setItem('sudoku.theme', dark ? 'dark' : 'light');
    refresh();
  },
  'mode-normal': () => setMode('normal'),
  'mode-corner': () => setMode('corner'),
  'mode-centre': () => setMode('centre'),
  'mode-colour': () => setMode('colour'),
};
for (const [name, run] of Object.entries(actions)) {
  const b = action(name);
  if (b) b.addEventListener('click', () => run());
}

// A dropped file's text: UTF-8, or UTF-16 with its byte-order mark (Windows PowerShell's
// `>`, Notepad's "Unicode"), as the readers take it (`file.text()` knows only UTF-8).
async function fileText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const [a, b] = bytes;
  const label = a === 0xff && b === 0xfe ? 'utf-16le' : a === 0xfe && b === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(label).decode(bytes);
}

// Dropping a file on the board or the text box imports it.
for (const target of [role('import'), board]) {
  target.addEventListener('dragover', (e) => e.preventDefault());
  target.addEventListener('drop', async (e) => {
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    const text = file ? await fileText(file) : e.dataTransfer.getData('text');
    role('import').value = text;
    importText(text);
  });
}

// ---- timer ----

function clock(s) {
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  return `${h ? `${h}:${String(m).padStart(2, '0')}` : m}:${String(sec).padStart(2, '0')}`;
}
setInterval(() => {
  const g = ui.game;
  if (!g || g.done || ui.edit || document.hidden) return;
  g.elapsed += 1;
  role('timer').textContent = clock(g.elapsed);
  if (g.elapsed % 5 === 0) save();
}, 1000);

// ---- start ----

async function boot() {
  const theme = localStorage.getItem('sudoku.theme');
  if (theme === 'dark' || (!theme && matchMedia('(prefers-color-scheme: dark)').matches)) document.documentElement.classList.add('dark');
  if (localStorage.getItem('sudoku.timer') === 'hidden') role('timer').classList.add('hidden');
  api.formats().then((fs) => {
    const sel = role('format');
    for (const f of fs) {
      const o = document.createElement('option');
      o.value = f.name; o.textContent = f.name; o.title = f.description;
      sel.append(o);
    }
  }).catch(() => {});
  const params = new URLSearchParams(location.search);
  if (params.get('puzzle')) {
    await importText(params.get('puzzle'), params.get('box'), params.get('alphabet'));
    history.replaceState(null, '', location.pathname);
    return;
  }
  const saved = localStorage.getItem(SAVE);
  if (saved) {
    try {
      const s = JSON.parse(saved);
      ui.game = Game.fromSaved(s.game);
      ui.checkpoints = s.checkpoints || [];
      ui.rating = s.rating || null;
      ui.edit = !!s.edit;
      ui.selection = new Set([0]);
      showRating();
      role('timer').textContent = clock(ui.game.elapsed);
      message(s.message || 'Welcome back: the game goes on where you left it.');
      refresh();
      return;
    } catch (_) { /* a broken save: start afresh */ }
  }
  await newPuzzle();
}
boot();
