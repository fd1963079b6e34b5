// End-to-end tests of the browser app: Debian's Chromium, headless, driven by Playwright as
// a player would (clicks and keys), against a `sudoku serve` that scripts/test-browser.sh
// started (its URL in SUDOKU_URL). Screenshots of each stage go to SHOTS (a CI artifact).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const URL_ = process.env.SUDOKU_URL;
const BASE = (URL_ || '').replace(/\/$/, '');
const SHOTS = process.env.SHOTS || 'screenshots';
const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
// A puzzle whose path needs chains (from testdata/serve/hard.txt).
// An X-Wing on its HoDoKu path (testdata/serve/fish.txt).
const FISH = '9..............7.37...962486...2.47.........5....4...642...86..5.71.......1.....2';
const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

assert.ok(URL_, 'SUDOKU_URL must name the server (scripts/test-browser.sh sets it)');
mkdirSync(SHOTS, { recursive: true });

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
});
after(async () => { await browser?.close(); });

/** A fresh page (its own storage) at `path`, sized like a laptop or a phone. */
async function open(path = '/', { phone = false } = {}) {
  const context = await browser.newContext(phone
    ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
    : { viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => { throw e; });
  await page.goto(URL_.replace(/\/$/, '') + path);
  return page;
}
const cellText = (page, name) => page.locator(`[data-cell="${name}"]`).textContent();
const message = (page) => page.locator('[data-role="message"]').textContent();
async function waitMessage(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-role="message"]').textContent),
    re.source, { timeout: 30000 });
}
const shot = (page, name) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
/** The page's game, once it holds a solution (the API answered). */
async function waitSolution(page) {
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('sudoku.game') || 'null')?.game?.solution, null, { timeout: 30000 });
}

test('a shared link loads the puzzle, givens apart from player digits', async () => {
  const page = await open(`/?puzzle=${CLASSIC}`);
  await waitSolution(page);
  assert.equal(await cellText(page, 'r1c1'), '5');
  assert.equal(await cellText(page, 'r1c3'), '');
  assert.equal(await page.locator('[data-cell]').count(), 81);
  assert.match(await page.locator('[data-cell="r1c1"] text').getAttribute('class'), /given/);
  await page.click('[data-cell="r1c3"]');
  await page.keyboard.press('4');
  assert.equal(await cellText(page, 'r1c3'), '4');
  assert.doesNotMatch(await page.locator('[data-cell="r1c3"] text').getAttribute('class'), /given/);
  await shot(page, '01-shared-link');
  await page.keyboard.press('Backspace');
  assert.equal(await cellText(page, 'r1c3'), '');
  // A clash is marked.
  await page.keyboard.press('5');
  assert.match(await page.locator('[data-cell="r1c3"] text').getAttribute('class'), /conflict/);
  await shot(page, '02-conflict');
  await page.context().close();
});

test('pencil marks of both kinds, colours, multi-select, undo and redo', async () => {
  const page = await open(`/?puzzle=${CLASSIC}`);
  await waitSolution(page);
  await page.click('[data-cell="r1c3"]');
  await page.click('[data-cell="r1c4"]', { modifiers: ['Control'] });
  await page.keyboard.press('x');
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  assert.equal(await page.locator('[data-mark="r1c3"]').count(), 2);
  assert.equal(await page.locator('[data-mark="r1c4"]').count(), 2);
  await page.keyboard.press('c');
  await page.keyboard.press('4');
  assert.equal(await page.locator('[data-centre="r1c3"]').textContent(), '4');
  await page.keyboard.press('z');
  await page.keyboard.press('Shift+Digit9'); // Shift+digit: a corner mark whatever the mode
  assert.equal(await page.locator('[data-mark="r1c3"]').count(), 3);
  await page.keyboard.press('v');
  await page.click('[data-action="digit"][data-digit="5"]');
  assert.match(await page.locator('[data-cell="r1c3"] rect').getAttribute('class'), /c5/);
  await shot(page, '03-marks-colours');
  await page.keyboard.press('Control+z');
  assert.doesNotMatch(await page.locator('[data-cell="r1c3"] rect').getAttribute('class'), /c5/);
  await page.keyboard.press('Control+z');
  assert.equal(await page.locator('[data-mark="r1c3"]').count(), 2);
  await page.keyboard.press('Control+y');
  assert.equal(await page.locator('[data-mark="r1c3"]').count(), 3);
  await page.click('[data-action="undo"]');
  await page.click('[data-action="undo"]');
  assert.equal(await page.locator('[data-centre="r1c3"]').count(), 0);
  await page.click('[data-action="redo"]');
  assert.equal(await page.locator('[data-centre="r1c3"]').textContent(), '4');
  // Auto-candidates fill every empty cell.
  await page.click('[data-action="candidates"]');
  assert.ok(await page.locator('[data-mark="r1c3"]').count() >= 2);
  await page.context().close();
});

test('a hint at each grade, the step drawn, then applied', async () => {
  const page = await open(`/?puzzle=${HARD}`);
  await waitSolution(page);
  await page.click('[data-action="candidates"]');
  const filled = async () => (await page.locator('[data-cell] text').allTextContents()).filter((t) => t).length;
  const before = await filled();
  const marksBefore = await page.locator('[data-mark]').count();
  await page.click('[data-action="hint"]');
  await page.waitForSelector('[data-role="hint"] [data-grade="vague"]');
  assert.equal(await page.locator('[data-role="hint"] p').count(), 1);
  assert.equal(await page.locator('[data-role="step"]').count(), 0);
  await page.click('[data-action="hint"]');
  await page.waitForSelector('[data-role="hint"] [data-grade="concrete"]');
  await page.click('[data-action="hint"]');
  await page.waitForSelector('[data-role="hint"] [data-grade="step"]');
  assert.equal(await page.locator('svg [data-role="step"]').count(), 1);
  const drawn = await page.locator('svg [data-role="step"] [data-place], svg [data-role="step"] [data-elim]').count();
  assert.ok(drawn > 0, 'the step shows its placement or eliminations');
  await shot(page, '04-hint-step');
  await page.click('[data-action="apply"]');
  await waitMessage(page, /^Applied/);
  assert.ok((await filled()) > before || (await page.locator('[data-mark]').count()) < marksBefore);
  await page.context().close();
});

test('the explained path: a step with links drawn as arrows, strong and weak', async () => {
  const page = await open(`/?puzzle=${HARD}`);
  await waitSolution(page);
  const r = await page.request.post(BASE + '/api/explain', { data: { puzzle: HARD } });
  const steps = (await r.json()).steps;
  const k = steps.findIndex((s) => s.draw.links.some((l) => l.strong) && s.draw.links.some((l) => !l.strong));
  assert.ok(k >= 0, 'the hard puzzle has a step with strong and weak links');
  await page.click('summary:has-text("Solution path")');
  await page.click('[data-action="path"]');
  await page.waitForSelector(`[data-role="path"] li[data-step="${k}"]`);
  assert.equal(await page.locator('[data-role="path"] li').count(), steps.length);
  await page.click(`[data-role="path"] li[data-step="${k}"]`);
  assert.ok(await page.locator('svg [data-link="strong"]').count() > 0);
  assert.ok(await page.locator('svg [data-link="weak"]').count() > 0);
  assert.match(await message(page), new RegExp(`^Step ${k + 1}:`));
  await shot(page, '05-path-chain');
  await page.click('[data-action="back"]');
  assert.equal(await page.locator('svg [data-link]').count(), 0);
  await page.context().close();
});

test('the path list: long steps wrap under a hanging indent, step numbers past 99 in full', async () => {
  const page = await open(`/?puzzle=${HARD}`);
  await waitSolution(page);
  await page.click('summary:has-text("Solution path")');
  await page.click('[data-action="path"]');
  await page.waitForSelector('[data-role="path"] li[data-step="100"]');
  const layout = await page.locator('[data-role="path"]').evaluate((ol) => {
    // The line boxes of each step's text: the first line's left, and the others'.
    const lines = (li) => {
      const range = document.createRange();
      range.selectNodeContents(li);
      const tops = new Map();
      for (const r of range.getClientRects()) if (r.width > 0 && !tops.has(Math.round(r.top))) tops.set(Math.round(r.top), r.left);
      return [...tops.values()];
    };
    const wrapped = [...ol.children].map(lines).filter((l) => l.length > 2);
    // The widest number the list shows, in the list's font, against its gutter.
    const probe = document.createElement('span');
    probe.textContent = `${ol.children.length}. `;
    probe.style.whiteSpace = 'pre';
    ol.children[0].append(probe);
    const number = probe.getBoundingClientRect().width;
    probe.remove();
    return { wrapped, number, gutter: parseFloat(getComputedStyle(ol).paddingLeft) };
  });
  // They lost it: every line of a step started where its first did.
  assert.ok(layout.wrapped.length > 0, 'the hard path has steps over three lines');
  for (const [first, ...rest] of layout.wrapped) {
    for (const left of rest) assert.ok(left >= first + 8, `a wrapped line at ${left}, its first at ${first}`);
  }
  // "108." was cut to "08." by the list's edge.
  assert.ok(layout.number <= layout.gutter, `number ${layout.number}px, gutter ${layout.gutter}px`);
  await page.locator('[data-role="path"] li[data-step="30"]').scrollIntoViewIfNeeded();
  await page.locator('[data-role="path"]').screenshot({ path: `${SHOTS}/05b-path-wrapped.png` });
  await page.locator('[data-role="path"] li[data-step="105"]').scrollIntoViewIfNeeded();
  await page.locator('[data-role="path"]').screenshot({ path: `${SHOTS}/05c-path-numbers.png` });
  await page.context().close();
});

test('a fish on the path: base and cover sets shaded', async () => {
  const page = await open(`/?puzzle=${FISH}`);
  await waitSolution(page);
  const r = await page.request.post(BASE + '/api/explain', { data: { puzzle: FISH } });
  const steps = (await r.json()).steps;
  const f = steps.findIndex((s) => s.technique === 'X-Wing');
  assert.ok(f >= 0, 'the fish puzzle has an X-Wing on its path');
  await page.click('summary:has-text("Solution path")');
  await page.click('[data-action="path"]');
  await page.click(`[data-role="path"] li[data-step="${f}"]`);
  assert.equal(await page.locator('svg .hl-house.base').count(), 2);
  assert.equal(await page.locator('svg .hl-house.cover').count(), 2);
  await shot(page, '06-path-fish');
  await page.context().close();
});

test('play a puzzle to the end', async () => {
  const page = await open(`/?puzzle=${CLASSIC}`);
  await waitSolution(page);
  const r = await page.request.post(BASE + '/api/solve', { data: { puzzle: CLASSIC } });
  const solution = (await r.json()).solution;
  for (let row = 0; row < 9; row++) {
    for (let col = 0; col < 9; col++) {
      if (CLASSIC[row * 9 + col] !== '.') continue;
      await page.click(`[data-cell="r${row + 1}c${col + 1}"]`);
      await page.keyboard.press(String(solution[row][col]));
    }
  }
  await waitMessage(page, /^Solved in/);
  await shot(page, '07-solved');
  await page.context().close();
});

test('generate by level and seed, the rating shown', async () => {
  const page = await open(`/?puzzle=${CLASSIC}`);
  await waitSolution(page);
  await page.click('summary:has-text("New puzzle")');
  await page.selectOption('[data-role="level"]', 'easy');
  await page.fill('[data-role="seed"]', '11');
  await page.click('[data-action="new"]');
  await waitMessage(page, /^New 9×9 puzzle/);
  assert.match(await page.locator('[data-role="rating"]').textContent(), /ER \d+\.\d .* Easy .*seed 11/);
  await shot(page, '08-generated-easy');
  await page.context().close();
});

test('import a pasted .sdk; export; the four outcomes in words', async () => {
  const page = await open(`/?puzzle=${CLASSIC}`);
  await waitSolution(page);
  await page.click('summary:has-text("Import / export")');
  const sdk = '#Asomeone\n#Ba date\n' + CLASSIC.match(/.{9}/g).join('\n') + '\n';
  await page.fill('[data-role="import"]', sdk);
  await page.click('[data-action="import"]');
  await waitMessage(page, /^Loaded a 9×9 puzzle \(sdk\)/);
  assert.equal(await cellText(page, 'r1c2'), '3');
  await page.fill('[data-role="import"]', '1 2 3\n4 5 x\n');
  await page.click('[data-action="import"]');
  await waitMessage(page, /^Could not read the puzzle: .*line \d+/);
  await shot(page, '09-import-error');
  await page.selectOption('[data-role="format"]', 'pm');
  await page.click('[data-action="export"]');
  await waitMessage(page, /^Exported as pm/);
  assert.match(await page.inputValue('[data-role="import"]'), /\|/);

  for (const [puzzle, re] of [
    ['55' + CLASSIC.slice(2), /invalid: digit 5 2 times in row 1/],
    ['12345678.........9' + '.'.repeat(63), /no solution/],
    ['.'.repeat(81), /several solutions/],
  ]) {
    await page.goto(URL_ + `?puzzle=${puzzle}`);
    await waitMessage(page, re);
  }
  await shot(page, '10-several-solutions');
  await page.goto(URL_ + `?puzzle=${'55' + CLASSIC.slice(2)}`);
  await waitMessage(page, /invalid/);
  assert.match(await page.locator('[data-cell="r1c1"] rect').getAttribute('class'), /conflict/);
  await shot(page, '11-invalid');
  await page.context().close();
});

test('a typed-in puzzle is checked for uniqueness', async () => {
  const page = await open(`/?puzzle=${CLASSIC}`);
  await waitSolution(page);
  await page.click('[data-action="edit"]');
  await page.click('[data-cell="r1c1"]');
  await page.keyboard.press('5');
  await page.click('[data-action="edit"]');
  await waitMessage(page, /several solutions/);
  await page.context().close();
});

test('a 16x16 and a 6x6 (3x2 boxes) game', async () => {
  const page = await open(`/?puzzle=${CLASSIC}`);
  await waitSolution(page);
  await page.click('summary:has-text("New puzzle")');
  await page.selectOption('[data-role="size"]', '4x4');
  await page.fill('[data-role="seed"]', '5');
  await page.click('[data-action="new"]');
  await waitMessage(page, /^New 16×16 puzzle/);
  assert.equal(await page.locator('[data-cell]').count(), 256);
  await waitSolution(page);
  const sol = await page.evaluate(() => JSON.parse(localStorage.getItem('sudoku.game')).game);
  const empty = sol.givens.findIndex((v) => !v);
  const name = `r${Math.floor(empty / 16) + 1}c${(empty % 16) + 1}`;
  const d = sol.solution[empty];
  const key = d <= 9 ? String(d) : String.fromCharCode(55 + d).toLowerCase();
  await page.click(`[data-cell="${name}"]`);
  await page.keyboard.press(key);
  assert.equal(await cellText(page, name), d <= 9 ? String(d) : String.fromCharCode(55 + d));
  await shot(page, '12-sixteen');

  await page.selectOption('[data-role="size"]', '3x2');
  await page.click('[data-action="new"]');
  await waitMessage(page, /^New 6×6 puzzle/);
  assert.equal(await page.locator('[data-cell]').count(), 36);
  const six = await page.evaluate(() => JSON.parse(localStorage.getItem('sudoku.game')).game);
  assert.deepEqual([six.br, six.bc], [3, 2]);
  // Box lines: thick after rows 3 and columns 2 and 4.
  assert.equal(await page.locator('line.boxline').count(), 3 + 4);
  await shot(page, '13-six-3x2');
  // The share link keeps the boxes.
  await page.click('summary:has-text("Import / export")');
  await page.click('[data-action="share"]');
  const link = await page.inputValue('[data-role="share"]');
  assert.match(link, /box=3x2/);
  await page.goto(link);
  await waitSolution(page);
  const again = await page.evaluate(() => JSON.parse(localStorage.getItem('sudoku.game')).game);
  assert.deepEqual([again.br, again.bc], [3, 2]);
  await page.context().close();
});

// testdata/large's rkkautsar 16-1 in hex (0-F, digit 1 written 0) and 25-1 in letters
// (A-Y): `sudoku convert … --to line --to-alphabet hex|letters`.
const HEX16 = '.E.0.19DB........52FB.73DE0.1...D.86A2E.........3C1B....5....E......D0A6249..7.B2F..13...D6C..4EA.4......83..5......C.F4E..B........8.0B.729A.E.1B.A..D243....8.52.3..C..A80.BF1..98......B.7.56B7..F..9.C...4..4...2.35.0E......805.D.A..1...97.D...C8.3BA7..1.';
const LETTERS25 =
  '..LF..G.R.EX.JA..D.......B.S.M...J........RE.....A.......V....C.B..NL.PHY...P...BW..MLV...UOSC....N.W.X.....YHD.PSU..G...CL.I.D.B.......J.XLQP...E......I..FY...H.EC......T..RSO.JK...RLS.......W..G..D........N.V..RPT.FKM.......V.Y..AQEDG..N.HCU..K...F.TMO......I..B.Y.AH..E.U..A....PJ.G..DT..I..N.X.Q.YBE.....M.....V.....SAH....GU..L.BQ...RFP..O..M.J.HJRLPI...E....S..Q.U.O..V.H..O.C.F.U..G.RNE.A........S.A.PK...JVYO......U...CA.U..D....B.M.XY..N..F........O.LN.FQX.......M...EWPD.MXGB.I..OC.V......H..YTB.S....A....UC..L....PL.E.KU.W..O....SI.....YJ....ITVGD.C.NYR.K.....A.OX.F.VH.YN.JK.I.TAP.G.W..MNMUA..E...F.V.WJ...B..RGK';
const cellName = (k, n) => `r${Math.floor(k / n) + 1}c${(k % n) + 1}`;
/** Every cell's text, by cell index. */
const cellTexts = (page, n) => page.$$eval('[data-cell]', (gs, n) => {
  const out = new Array(n * n).fill(null);
  for (const g of gs) {
    const [, r, c] = g.dataset.cell.match(/^r(\d+)c(\d+)$/);
    out[(r - 1) * n + (c - 1)] = g.textContent;
  }
  return out;
}, n);
const padTexts = (page) => page.$$eval('[data-role="pad"] button', (bs) => bs.map((b) => b.textContent));
const saved = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('sudoku.game')).game);

test('a puzzle keeps its own symbols: hex 16x16 and letters 25x25, shown, typed and shared', async () => {
  let page = await open(`/?puzzle=${HEX16}`);
  await waitSolution(page);
  const texts = await cellTexts(page, 16);
  [...HEX16].forEach((ch, k) => { if (ch !== '.') assert.equal(texts[k], ch, cellName(k, 16)); });
  assert.deepEqual(await padTexts(page), [...'0123456789ABCDEF']);
  // In hex the 0 key is digit 1, not an erase.
  const game = await saved(page);
  const one = game.givens.findIndex((v, k) => !v && game.solution[k] === 1);
  await page.click(`[data-cell="${cellName(one, 16)}"]`);
  await page.keyboard.press('0');
  assert.equal(await cellText(page, cellName(one, 16)), '0');
  assert.equal((await saved(page)).pos.values[one], 1);
  await shot(page, '14-hex');
  await page.click('summary:has-text("Import / export")');
  await page.click('[data-action="share"]');
  const link = new URL(await page.inputValue('[data-role="share"]'));
  assert.equal(link.searchParams.get('puzzle'), HEX16);
  assert.equal(link.searchParams.get('alphabet'), 'hex');
  await page.context().close();

  page = await open(`/?puzzle=${LETTERS25}`);
  await waitSolution(page);
  const letters = await cellTexts(page, 25);
  [...LETTERS25].forEach((ch, k) => { if (ch !== '.') assert.equal(letters[k], ch, cellName(k, 25)); });
  assert.deepEqual(await padTexts(page), [...'ABCDEFGHIJKLMNOPQRSTUVWXY']);
  const g25 = await saved(page);
  const k = g25.givens.findIndex((v) => !v);
  const d = g25.solution[k];
  await page.click(`[data-cell="${cellName(k, 25)}"]`);
  await page.keyboard.press(String.fromCharCode(96 + d));
  assert.equal(await cellText(page, cellName(k, 25)), String.fromCharCode(64 + d));
  assert.equal((await saved(page)).pos.values[k], d);
  await shot(page, '15-letters');
  await page.context().close();
});

test('reload resumes the game; phone-sized screen; dark theme', async () => {
  const page = await open(`/?puzzle=${CLASSIC}`, { phone: true });
  await waitSolution(page);
  await page.tap('[data-cell="r1c3"]');
  await page.tap('[data-action="digit"][data-digit="4"]');
  assert.equal(await cellText(page, 'r1c3'), '4');
  await page.reload();
  await waitMessage(page, /.*/);
  await page.waitForSelector('[data-cell="r1c3"]');
  assert.equal(await cellText(page, 'r1c3'), '4');
  assert.equal(await cellText(page, 'r1c1'), '5');
  // Nothing wider than the screen.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1));
  await page.click('[data-action="theme"]');
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains('dark')));
  await shot(page, '14-phone-dark');
  // Every button has an accessible name.
  const unnamed = await page.evaluate(() => [...document.querySelectorAll('button')]
    .filter((b) => !(b.getAttribute('aria-label') || b.textContent.trim())).length);
  assert.equal(unnamed, 0);
  await page.context().close();
});

test('checkpoints, a hint on a mistake, the timer hidden, a dropped file, the print view', async () => {
  const page = await open(`/?puzzle=${CLASSIC}`);
  await waitSolution(page);
  await page.click('summary:has-text("Checkpoints")');
  await page.fill('[data-role="checkpoint-name"]', 'start');
  await page.click('[data-action="checkpoint"]');
  await waitMessage(page, /Checkpoint “start” saved/);
  // A wrong digit: the hint points it out instead of a step.
  const r = await page.request.post(BASE + '/api/solve', { data: { puzzle: CLASSIC } });
  const right = (await r.json()).solution[0][2];
  const wrong = right === 1 ? 2 : 1;
  await page.click('[data-cell="r1c3"]');
  await page.keyboard.press(String(wrong));
  await page.click('[data-action="hint"]');
  await waitMessage(page, /^Fix these first: r1c3 is not/);
  assert.match(await page.locator('[data-cell="r1c3"] rect').getAttribute('class'), /conflict/);
  await page.click('[data-action="restore"]');
  await waitMessage(page, /Back at checkpoint “start”/);
  assert.equal(await cellText(page, 'r1c3'), '');
  // The timer hides and comes back.
  await page.click('[data-action="timer"]');
  assert.equal(await page.locator('[data-role="timer"]').isVisible(), false);
  await page.click('[data-action="timer"]');
  assert.equal(await page.locator('[data-role="timer"]').isVisible(), true);
  // A file dropped on the board is imported.
  const dt = await page.evaluateHandle((t) => {
    const d = new DataTransfer();
    d.items.add(new File([t], 'four.txt', { type: 'text/plain' }));
    return d;
  }, '1...\n..3.\n.4..\n...2\n');
  await page.dispatchEvent('[data-role="board"]', 'drop', { dataTransfer: dt });
  await waitMessage(page, /^(Loaded a 4×4|This puzzle has several)/);
  assert.equal(await page.locator('[data-cell]').count(), 16);
  // So is one in UTF-16 with its byte-order mark, as Windows PowerShell's `>` saves it.
  const wide = await page.evaluateHandle((t) => {
    const units = [0xfeff, ...Array.from(t, (c) => c.charCodeAt(0))];
    const bytes = new Uint8Array(units.length * 2);
    units.forEach((u, i) => { bytes[2 * i] = u & 0xff; bytes[2 * i + 1] = u >> 8; });
    const d = new DataTransfer();
    d.items.add(new File([bytes], 'wide.txt', { type: 'text/plain' }));
    return d;
  }, `Puzzle 1\r\n${CLASSIC}\r\n`);
  await page.dispatchEvent('[data-role="board"]', 'drop', { dataTransfer: wide });
  await waitMessage(page, /^Loaded a 9×9 puzzle/);
  assert.equal(await page.locator('[data-cell]').count(), 81);
  // The print view shows the grid alone.
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('.side').isVisible(), false);
  assert.equal(await page.locator('[data-role="board"]').isVisible(), true);
  await shot(page, '15-print');
  await page.context().close();
});
