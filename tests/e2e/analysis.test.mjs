// End-to-end: the analysis of a game (issue 21) — a record opened in the replay viewer is
// analysed in the computer's worker with a progress bar: the marks in the move list, each
// player's error rate, the graph (a tap on a point goes there), the roll on the board judged with
// the best play as arrows, Cancel; and from the result of a finished game. axe on the screen in
// both languages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  axeViolations, launch, newPage, openPosition, openStandard, playOneMove, serveDist, side, snapshot, waitPhase, openSheet,
} from './harness.mjs';


let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// White's 6-5 played 13/7 13/8 (24/13 is the book play), Black's 3-1 as 8/5 6/5, White's 4-2 as
// 8/4 6/4, Black's 6-6 as 24/18(2) 13/7(2).
const RECORD = {
  format: 'vrhcaby-record', version: 1,
  commands: [
    { t: 1000, cmd: 'start', first: 'white' },
    { t: 1000, cmd: 'dice', dice: [6, 5] },
    { t: 2000, cmd: 'move', side: 'white', from: 13, to: 7 },
    { t: 3000, cmd: 'move', side: 'white', from: 13, to: 8 },
    { t: 4000, cmd: 'dice', dice: [3, 1] },
    { t: 5000, cmd: 'move', side: 'black', from: 8, to: 5 },
    { t: 6000, cmd: 'move', side: 'black', from: 6, to: 5 },
    { t: 7000, cmd: 'dice', dice: [4, 2] },
    { t: 8000, cmd: 'move', side: 'white', from: 8, to: 4 },
    { t: 9000, cmd: 'move', side: 'white', from: 6, to: 4 },
    { t: 10000, cmd: 'dice', dice: [6, 6] },
    { t: 11000, cmd: 'move', side: 'black', from: 24, to: 18 },
    { t: 12000, cmd: 'move', side: 'black', from: 24, to: 18 },
    { t: 13000, cmd: 'move', side: 'black', from: 13, to: 7 },
    { t: 14000, cmd: 'move', side: 'black', from: 13, to: 7 },
  ],
};

async function openRecord(page, lang = 'cs') {
  const dir = await mkdtemp(join(tmpdir(), 'vrhcaby-'));
  const path = join(dir, 'game.json');
  await writeFile(path, JSON.stringify(RECORD));
  await page.addInitScript((l) => localStorage.setItem('vrhcaby.lang', l), lang);
  await page.goto(`${server.url}`);
  await page.getByTestId('import').setInputFiles(path);
  await page.getByTestId('replay').waitFor();
}

async function axeClean(page, what) {
  assert.deepEqual(await axeViolations(page), [], what);
}

const step = (page) => page.getByTestId('replay-step').getAttribute('data-step');

test('a record analysed in the viewer: marks, error rates, the graph, the best play as arrows', { timeout: 120_000 }, async () => {
  const page = await newPage(browser);
  await openRecord(page);
  await page.getByTestId('analyse').click();
  await page.getByTestId('analysis-white').waitFor({ timeout: 60_000 });
  // In a player's words (issue 50): what a decision cost in winning chances, the dice's luck in
  // games; no "equity", no bare error rate.
  assert.match(await page.getByTestId('analysis-white').innerText(), /^Bílý, \d+ rozhodnutí: .+\. Rozhodnutí ho stálo v průměru \d+,\d+\s% šance na výhru: v této hře hrál jako .+\. Kostky (mu přidaly \+\d,\d\d|mu ubraly \d,\d\d|byly vyrovnané \([+-]\d,\d\d) hry\)?\.$/);
  assert.equal(await page.getByTestId('replay-title').innerText(), 'Rozbor hry');
  assert.match(await page.getByTestId('analysis-black').innerText(), /^Černý, /);
  // The numbers explained one tap away; the graph with its scale, axes and legend.
  await page.getByTestId('analysis-scale').locator('summary').click();
  assert.match(await page.getByTestId('analysis-scale').innerText(), /pod 0,25\s% supervelmistr/);
  assert.doesNotMatch(await page.getByTestId('analysis-scale').innerText(), /ekvit/);
  const axes = await page.locator('[data-testid=analysis-graph] text').allTextContents();
  for (const t of ['0\u00a0%', '50\u00a0%', '100\u00a0%', 'Šance Bílého', 'tahy', '1', '4']) assert.ok(axes.includes(t), `${t} in ${JSON.stringify(axes)}`);
  assert.match(await page.getByTestId('graph-legend').innerText(), /hrubá chyba \(\?\?\)/);
  // The opening 6-5 played 13/7 13/8 is marked in the move list.
  const first = page.locator('[data-testid=move-list] li').first();
  assert.ok(['doubtful', 'bad', 'very_bad'].includes(await first.locator('[data-mark]').getAttribute('data-mark')));
  // The graph: a point a play (4); a tap on the marked one goes to that play.
  const points = page.getByTestId('graph-point');
  assert.equal(await points.count(), 4);
  await page.keyboard.press('End');
  const marked = page.locator('[data-testid=graph-point][data-mark]').first();
  const index = Number(await marked.getAttribute('data-index'));
  await marked.dispatchEvent('click');
  await page.waitForFunction(() => document.querySelector('[data-testid=replay-step]').getAttribute('data-step') !== null);
  const stops = await step(page);
  // The step after the command that completed that play: its move list shows that roll.
  assert.ok(Number(stops) > 0 && Number(stops) <= index + 1, `${stops} for command ${index}`);
  // At the opening roll, before it is played: played and best, and the best play as arrows.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight'); // the lot
  await page.keyboard.press('ArrowRight'); // White's roll: on the board, not played yet
  await page.getByTestId('analysis-here').waitFor();
  assert.match(await page.getByTestId('analysis-here').innerText(), /^Zahráno: šance na výhru \d+\s% (\?!|\?|\?\?); nejlepší tah \(šipky\): \d+\s%$/);
  assert.ok(await page.getByTestId('hint-arrow').count() >= 1, 'the best play drawn as arrows');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => !document.querySelector('[data-testid=analysis-here]'));
  await axeClean(page, 'analysis (cs)');
  assert.deepEqual(page.errors, []);
});

test('Cancel stops an analysis; a finished game is analysed from its result; English', { timeout: 120_000 }, async () => {
  const page = await newPage(browser, { locale: 'en-GB' });
  await openRecord(page, 'en');
  await page.getByTestId('analyse').click();
  await page.getByTestId('analysis-cancel').click();
  await page.getByTestId('analyse').waitFor();
  assert.equal(await page.getByTestId('analysis-white').count(), 0, 'nothing half-done is shown');
  // A hot-seat game on the full app, resigned after the first roll is played: Analyse the game.
  await (await openSheet(page)).getByTestId('menu').click();
  await page.goto(`${server.url}?seed=11`);
  await page.getByTestId('new-local-game').click();
  await waitPhase(page, 'moving');
  const first = (await snapshot(page)).turn;
  for (let i = 0; i < 4; i++) {
    const s = await snapshot(page);
    if (s.phase !== 'moving' || s.turn !== first) break;
    await playOneMove(page);
  }
  await (await openSheet(page)).getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await page.getByTestId('result').waitFor();
  await page.getByTestId('analyse-game').click();
  await page.getByTestId('replay').waitFor();
  await page.getByTestId('analysis-white').waitFor({ timeout: 60_000 });
  // The game is over: the luck-adjusted result follows.
  assert.match(await page.getByTestId('analysis-white').innerText(), /^White, \d+ decisions?: .+\. A decision cost \d+\.\d+% of the winning chances on average: in this game the play was at .+ level\. The dice .+ games\)?\. Without the dice's luck: [+-]\d\.\d\d games\.$/);
  assert.equal(await page.getByTestId('replay-title').innerText(), 'Game analysis');
  await axeClean(page, 'analysis (en)');
  assert.deepEqual(page.errors, []);
});

const clickMove = async (page, from, to) => {
  await page.locator(`[data-point="${from}"]`).click();
  await page.locator(`[data-point="${to}"][data-target]`).click();
};

test('learn from your mistakes: the bad opening is a puzzle, judged; the analysis exported and read back', { timeout: 180_000 }, async () => {
  const page = await newPage(browser);
  await openRecord(page);
  await page.getByTestId('analyse').click();
  await page.getByTestId('analysis-white').waitFor({ timeout: 60_000 });
  // The analysis saved with the record: the file carries it, and opening it shows it at once.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-analysis').click()]);
  assert.match(download.suggestedFilename(), /^vrhcaby-\d{4}-\d\d-\d\d-\d{4}-analysed-unfinished\.json$/);
  const saved = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.deepEqual(saved.commands, RECORD.commands, 'the record itself is unchanged');
  assert.equal(saved.analysis.decisions[0].mark, 'bad');
  assert.equal(typeof saved.analysis.players.white.error_rate, 'number');
  // One puzzle: White's 6-5. The best play (24/18 18/13) is called the best.
  await page.getByTestId('learn-mistakes').click();
  const puzzle = page.getByTestId('puzzle');
  await puzzle.waitFor();
  assert.equal(await puzzle.getAttribute('data-side'), 'white');
  assert.match(await puzzle.innerText(), /^Úloha 1 z 1 · Bílý hraje 6-5\. Najdi lepší tah\.$/);
  assert.equal(await page.getByTestId('puzzle-next').isDisabled(), true, 'the only puzzle');
  await clickMove(page, 24, 18);
  await clickMove(page, 18, 13);
  const verdict = page.getByTestId('puzzle-verdict');
  await page.waitForFunction(() => ['best', 'good', 'better', 'not-better'].includes(
    document.querySelector('[data-testid=puzzle-verdict]')?.getAttribute('data-verdict')), null, { timeout: 60_000 });
  assert.equal(await verdict.getAttribute('data-verdict'), 'best', await verdict.innerText());
  assert.equal(await verdict.innerText(), 'Výborně, to je nejlepší tah!');
  await page.getByTestId('puzzles-done').waitFor();
  // Again, the game's own play: no better.
  await page.getByTestId('puzzle-retry').click();
  assert.equal(await verdict.getAttribute('data-verdict'), null);
  await clickMove(page, 13, 7);
  await clickMove(page, 13, 8);
  await page.waitForFunction(() => document.querySelector('[data-testid=puzzle-verdict]')?.getAttribute('data-verdict') === 'not-better', null, { timeout: 60_000 });
  // The loss is the net's judgement (three decimals, a Czech comma); the verdict is what is fixed.
  assert.match(await verdict.innerText(), /^Ani tohle není lepší \(ztráta \d+\s% šance na výhru\)\. Zkus to znovu\.$/);
  // The best play shown: the board back at the roll, the arrows on it.
  await page.getByTestId('puzzle-best').click();
  assert.ok(await page.getByTestId('hint-arrow').count() >= 2, 'the best play as arrows');
  await axeClean(page, 'learn (cs)');
  await (await openSheet(page)).getByTestId('language').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=puzzle]').textContent.startsWith('Puzzle 1 of 1'));
  await axeClean(page, 'learn (en)');
  await page.getByTestId('puzzle-back').click();
  await page.getByTestId('replay').waitFor();
  // The exported file opens with its analysis, no new run needed.
  await (await openSheet(page)).getByTestId('menu').click();
  const dir = await mkdtemp(join(tmpdir(), 'vrhcaby-'));
  await writeFile(join(dir, 'analysed.json'), JSON.stringify(saved));
  await page.getByTestId('import').setInputFiles(join(dir, 'analysed.json'));
  await page.getByTestId('analysis-white').waitFor({ timeout: 5_000 });
  assert.equal(await page.getByTestId('analyse').count(), 0, 'already analysed');
  assert.deepEqual(page.errors, []);
});

test('the tutor warns of a scripted blunder and shows the best way on', { timeout: 120_000 }, async () => {
  const page = await newPage(browser);
  await page.addInitScript(() => localStorage.setItem('vrhcaby.lang', 'cs'));
  const start = side({ 6: 5, 8: 3, 13: 5, 24: 2 });
  // The seeded dice at state 15 roll 6-5 first.
  await openPosition(page, `${server.url}`, { position: { white: start, black: start }, first: 'white', rng: 15 });
  await waitPhase(page, 'moving');
  assert.deepEqual((await snapshot(page)).dice.sort(), ['5', '6']);
  const tutor = page.getByTestId('tutor');
  assert.equal(await tutor.getAttribute('aria-pressed'), 'false', 'off unless chosen');
  await tutor.click();
  assert.equal(await tutor.getAttribute('aria-pressed'), 'true');
  // 24/18 keeps the best play (24/13) in reach: no warning.
  await clickMove(page, 24, 18);
  await page.waitForTimeout(1500);
  assert.equal(await page.getByTestId('tutor-warning').count(), 0);
  // 8/3 instead of 18/13: a third blot, the roll's best out of reach.
  await clickMove(page, 8, 3);
  const warning = page.getByTestId('tutor-warning');
  await warning.waitFor({ timeout: 30_000 });
  assert.ok(Number(await warning.getAttribute('data-loss')) >= 0.06);
  assert.match(await warning.innerText(), /Učitel: tah stojí \d+\s% šance na výhru \((hrubá )?chyba\)\. Lepší: z 24 na 18 a z 18 na 13\./);
  // The roll is over: nothing left to show on the board.
  assert.equal(await page.getByTestId('tutor-show').count(), 0);
  assert.deepEqual(page.errors, []);
  // Mid-roll: 8/2 first (two blots at once). The best way on is offered as the hint's arrows, and
  // the next move ends the warning; the tutor stays on after a reload.
  const again = page;
  await openPosition(again, `${server.url}`, { position: { white: start, black: start }, first: 'white', rng: 15 });
  await waitPhase(again, 'moving');
  assert.equal(await again.getByTestId('tutor').getAttribute('aria-pressed'), 'true', 'remembered');
  await clickMove(again, 8, 2);
  const mid = again.getByTestId('tutor-warning');
  await mid.waitFor({ timeout: 30_000 });
  await axeClean(again, 'tutor (cs)');
  await (await openSheet(again)).getByTestId('language').click();
  assert.match(await mid.innerText(), /^Tutor: this move costs \d+% of your winning chances \(a (mistake|blunder)\)\. Better: 24 to 18, then 18 to 13\./);
  await again.getByTestId('tutor-show').click();
  assert.equal(await again.getByTestId('hint-arrow').count(), 1, 'one move left of the best way on');
  await axeClean(again, 'tutor (en)');
  // The next move ends this warning (another may follow for that move).
  const at = await mid.getAttribute('data-at');
  await playOneMove(again);
  await again.waitForFunction((was) => document.querySelector('[data-testid=tutor-warning]')?.dataset.at !== was, at);
  assert.deepEqual(again.errors, []);
});

test('the standard tutor: the loss in points a game, its meaning one tap away, in both languages', { timeout: 120_000 }, async () => {
  const page = await newPage(browser);
  await page.addInitScript(() => { localStorage.setItem('vrhcaby.lang', 'cs'); localStorage.setItem('vrhcaby.tutor', '1'); });
  // White's opening 6-5: 8/2 first leaves two blots, and the roll's best (24/13) is gone.
  await openStandard(page, server.url, { dice: [6, 5] });
  await waitPhase(page, 'moving');
  await clickMove(page, 8, 2);
  const warning = page.getByTestId('tutor-warning');
  await warning.waitFor({ timeout: 30_000 });
  assert.match(await warning.innerText(), /^Učitel: tah stojí v průměru 0,\d{3} bodu na hru \((hrubá )?chyba\)\. Lepší: /);
  const what = page.getByTestId('equity-what');
  await what.locator('summary').click();
  const meaning = what.locator('p');
  assert.match(await meaning.innerText(), /^Body na hru \(ekvita\)/);
  // The meaning opens over the board, inside the screen.
  const box = await meaning.boundingBox();
  const { width, height } = page.viewportSize();
  assert.ok(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height, JSON.stringify(box));
  await axeClean(page, 'standard tutor (cs)');
  await (await openSheet(page)).getByTestId('language').click();
  await page.keyboard.press('Escape');
  assert.match(await warning.innerText(), /^Tutor: this move costs 0\.\d{3} points a game on average/);
  await axeClean(page, 'standard tutor (en)');
  assert.deepEqual(page.errors, []);
});

test('a standard record: its cube decisions judged before the roll they came before', { timeout: 120_000 }, async () => {
  // Black doubles at once after White's opening 3-1 (far too early) and White takes.
  const STANDARD = {"format":"vrhcaby-record","version":1,"rules":"standard","options":{"match_length":0,"cube":true,"crawford":false,"holland":false,"jacoby":false,"beavers":false,"auto_doubles":0,"clock":{"kind":"none"}},"context":{"score":{"white":0,"black":0},"crawford":"before"},"commands":[{"t":0,"cmd":"opening","dice":[3,1]},{"t":1000,"cmd":"move","side":"white","from":8,"to":5},{"t":2000,"cmd":"move","side":"white","from":6,"to":5},{"t":3000,"cmd":"double","side":"black"},{"t":4000,"cmd":"take","side":"white"},{"t":5000,"cmd":"dice","dice":[4,2]},{"t":6000,"cmd":"move","side":"black","from":8,"to":4},{"t":7000,"cmd":"move","side":"black","from":6,"to":4}]};
  const page = await newPage(browser);
  const dir = await mkdtemp(join(tmpdir(), 'vrhcaby-'));
  await writeFile(join(dir, 'standard.json'), JSON.stringify(STANDARD));
  await page.addInitScript(() => localStorage.setItem('vrhcaby.lang', 'cs'));
  await page.goto(server.url);
  await page.getByTestId('import').setInputFiles(join(dir, 'standard.json'));
  await page.getByTestId('analyse').click();
  await page.getByTestId('analysis-white').waitFor({ timeout: 60_000 });
  // Black's 4-2 on the board, not played yet: the double and the take before it, judged.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight'); // White's opening roll
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight'); // White's play made
  await page.keyboard.press('ArrowRight'); // Black's roll, on the board
  const cube = page.getByTestId('analysis-cube');
  await cube.first().waitFor();
  assert.deepEqual(await cube.evaluateAll((els) => els.map((e) => e.dataset.kind)), ['double', 'take']);
  assert.match(await cube.first().innerText(), /^Zdvojení [+-]\d,\d{3} (\?|\?\?), nejlepší [+-]\d,\d{3}$/);
  assert.match(await cube.nth(1).innerText(), /^Přijetí [+-]\d,\d{3}, nejlepší [+-]\d,\d{3}$/);
  await axeClean(page, 'standard analysis (cs)');
  assert.deepEqual(page.errors, []);
});
