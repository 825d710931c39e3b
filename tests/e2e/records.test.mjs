// End-to-end: game records on the full app — the move list in backgammon notation on a seeded
// game played by clicking, export → `vrhcaby replay` → the same position, import into the replay
// viewer and stepping through it, and the position's GNU Backgammon ID and XGID.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { launch, newPage, playMoves, serveDist, snapshot, waitPhase, openSheet } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** A seeded game on this device, on the full app, with `moves` single moves played. */
async function seededGame(moves) {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, acceptDownloads: true });
  await page.goto(`${server.url}?seed=1234`);
  await page.getByTestId('new-local-game').click();
  await waitPhase(page, 'moving');
  await playMoves(page, moves);
  return page;
}

test('the move list shows each turn in notation, with hits, doubles and entering from the bar', { timeout: 120_000 }, async () => {
  const page = await seededGame(12);
  // Seed 1234, always the first movable checker and its first target (checked by hand against
  // the saved record: Black's 6-5 hits White's blot on Black's 19 and goes on to 13).
  const entries = await page.locator('[data-testid=move-list] li').allInnerTexts();
  assert.deepEqual(entries.slice(0, 5), [
    'Černý 53: 24/16',
    'Bílý 44: 6/2(4)',
    'Černý 65: 24/19*/13',
    'Bílý 64: bar/21 8/2',
    'Černý 64: 16/10 13/9',
  ]);
  // One entry per roll in the record.
  const rolls = await page.evaluate(() => JSON.parse(localStorage.getItem('vrhcaby.save.local'))
    .record.commands.filter((c) => c.cmd === 'dice').length);
  assert.equal(entries.length, rolls);
  assert.ok(await page.locator('[data-testid=move-list] li').last().isVisible(), 'the latest turn is in view');
  await (await openSheet(page)).getByTestId('language').click();
  assert.equal(await page.locator('[data-testid=move-list] li').first().innerText(), 'Black 53: 24/16');
  assert.deepEqual(page.errors, []);
});

test('export, replay by the CLI, import into the viewer and step through it', { timeout: 180_000 }, async () => {
  const page = await seededGame(9);
  const board = await snapshot(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
  assert.match(download.suggestedFilename(), /^vrhcaby-\d{4}-\d\d-\d\d-\d{4}-hotseat-(white-won|black-won|draw|unfinished)\.json$/, 'named by date, time, players and result');
  const path = await download.path();
  const record = JSON.parse(await readFile(path, 'utf8'));
  assert.equal(record.format, 'vrhcaby-record');
  // The CLI replays the exported record to the position on the board.
  const replay = JSON.parse(execFileSync('cargo', ['run', '-q', '-p', 'vrhcaby-rules', '--bin', 'vrhcaby', '--', 'replay'],
    { input: JSON.stringify({ record }) + '\n', encoding: 'utf8' }).trim());
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('vrhcaby.save.local')).record);
  assert.deepEqual(record, saved, 'the export is the game record');
  assert.ok(replay.position && !replay.error, JSON.stringify(replay));
  const white = board.points.filter(([, c]) => c.startsWith('white')).map(([p, c]) => [Number(p), Number(c.split(':')[1])]);
  // Drawn stacks may show one checker with a number: compare through data-count when present.
  const counts = await page.evaluate(() => [...document.querySelectorAll('[data-point]')].map((el) => {
    const c = el.querySelector('[data-checker]');
    const n = el.querySelector('[data-count]')?.getAttribute('data-count');
    return [Number(el.getAttribute('data-point')), c?.getAttribute('data-checker') ?? '', Number(n ?? el.querySelectorAll('[data-checker]').length)];
  }));
  for (const [p, side, n] of counts) {
    if (side === 'white') assert.equal(replay.position.white[p], n, `White on ${p}`);
    if (side === 'black') assert.equal(replay.position.black[25 - p], n, `Black on ${p}`);
  }
  assert.ok(white.length > 0);

  // Import it on the start screen of the full app: the viewer opens at the end.
  await (await openSheet(page)).getByTestId('menu').click();
  await page.getByTestId('import').setInputFiles(path);
  await page.getByTestId('replay').waitFor();
  const end = await snapshot(page);
  assert.deepEqual(end.points, board.points, 'the viewer opens on the last position');
  assert.equal(await page.locator('[data-testid=move-list] li').count(), record.commands.filter((c) => c.cmd === 'dice').length);
  await page.getByTestId('replay-first').click();
  const first = await snapshot(page);
  assert.notDeepEqual(first.points, end.points);
  assert.equal(await page.locator('[data-testid=move-list] li').count(), 0);
  await page.getByTestId('replay-next').click(); // the lot
  await page.getByTestId('replay-next').click(); // the first roll
  assert.equal(await page.locator('[data-testid=move-list] li').count(), 1);
  await page.getByTestId('replay-last').click();
  assert.deepEqual((await snapshot(page)).points, end.points);
  assert.equal(await page.getByTestId('replay-next').isDisabled(), true);
  // The counter counts turns (rolls), not commands; the arrow keys step; the viewer shows the
  // position's IDs and no clock.
  const rolls = record.commands.filter((c) => c.cmd === 'dice').length;
  assert.equal(await page.getByTestId('replay-step').innerText(), `Tah ${rolls} / ${rolls}`);
  assert.equal(await page.locator('[data-testid=clock]').evaluate((el) => el.classList.contains('hidden')), true);
  assert.match(await page.getByTestId('xgid').innerText(), /^XGID=/);
  const atEnd = await page.getByTestId('replay-step').getAttribute('data-step');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((n) => document.querySelector('[data-testid=replay-step]').getAttribute('data-step') === String(Number(n) - 1), atEnd);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('[data-testid=replay-step]').getAttribute('data-step') === '0');
  assert.equal(await page.getByTestId('replay-step').innerText(), `Tah 0 / ${rolls}`);
  await page.keyboard.press('End');
  await page.waitForFunction((n) => document.querySelector('[data-testid=replay-step]').getAttribute('data-step') === n, atEnd);
  // The step buttons are drawn (no font glyphs that may be missing).
  assert.equal(await page.getByTestId('replay-first').locator('svg path').count(), 1);

  // A file that is not a record is refused with a clear message, nothing else changes.
  await (await openSheet(page)).getByTestId('menu').click();
  await page.getByTestId('import').setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"other"}') });
  await page.getByTestId('import-error').waitFor();
  assert.ok((await page.getByTestId('import-error').innerText()).length > 10);
  assert.deepEqual(page.errors, []);
});

test('the position IDs of the start position, and copy', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.goto(`${server.url}?seed=7`);
  await page.getByTestId('new-local-game').click();
  await waitPhase(page, 'moving');
  const turn = await page.locator('svg.board').getAttribute('data-turn');
  assert.equal(await page.getByTestId('position-id').innerText(), '4HPwATDgc/ABMA');
  const xgid = await page.getByTestId('xgid').innerText();
  assert.match(xgid, new RegExp(`^XGID=-b----E-C---eE---c-e----B-:0:0:${turn === 'white' ? '1' : '-1'}:[1-6]{2}:0:0:0:0:10$`));
  await page.getByTestId('copy-position').click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), xgid);
  // Said on the button for a moment, as the invitation's copy says it.
  assert.equal(await page.getByTestId('copy-position').innerText(), 'Zkopírováno');
  await page.waitForFunction(() => document.querySelector('[data-testid=copy-position]').textContent !== 'Zkopírováno', null, { timeout: 5_000 });
  assert.deepEqual(page.errors, []);
});

/** Resigns for the side on turn; returns the winner. */
async function resignOnTurn(page) {
  const loser = await page.locator('svg.board').getAttribute('data-turn');
  await (await openSheet(page)).getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await page.getByTestId('result').waitFor();
  return loser === 'white' ? 'black' : 'white';
}

const series = (page) => page.locator('svg.board').evaluate((svg) =>
  [svg.getAttribute('data-series-white'), svg.getAttribute('data-series-black')]);

test('rematch keeps the running score; swapping the seats moves it with the players', { timeout: 180_000 }, async () => {
  const page = await newPage(browser);
  // A game ends; its rematch follows on the same page.
  await page.goto(`${server.url}?seed=21`);
  const url = page.url();
  await page.getByTestId('new-local-game').click();
  await waitPhase(page, 'moving');
  const first = await resignOnTurn(page);
  await page.getByTestId('rematch').click();
  await waitPhase(page, 'moving');
  // (The fragment names the screen: issue 50.)
  assert.equal(page.url().split('#')[0], url.split('#')[0], 'no other page');
  const one = first === 'white' ? ['1', '0'] : ['0', '1'];
  assert.deepEqual(await series(page), one, 'the first game counted');
  // Second game: swap the seats for the next one; the score follows the players.
  const second = await resignOnTurn(page);
  const after2 = await series(page);
  assert.match(await page.getByTestId('series').innerText(), /^Série: Bílý \d – \d Černý$/);
  await page.getByTestId('rematch-swap').check();
  assert.equal(await page.getByTestId('rematch-swap').isChecked(), true);
  await page.getByTestId('rematch').click();
  await page.getByTestId('result').waitFor({ state: 'detached' });
  await waitPhase(page, 'moving');
  // Swapped seats: White now has what Black had (and the save says player a plays Black).
  await page.waitForFunction((want) => {
    const svg = document.querySelector('svg.board');
    return svg.getAttribute('data-series-white') === want[0] && svg.getAttribute('data-series-black') === want[1];
  }, [after2[1], after2[0]], { timeout: 10_000 }).catch(async (e) => {
    const state = await page.evaluate(() => [document.querySelector('svg.board').getAttribute('data-series-white'),
      document.querySelector('svg.board').getAttribute('data-series-black'), JSON.parse(localStorage.getItem('vrhcaby.save.local')).series, JSON.parse(localStorage.getItem('vrhcaby.save.local')).record.commands.length, document.querySelector('[data-testid=result]') !== null, location.href]);
    throw new Error(`${e.message}; after2 ${after2}; now ${JSON.stringify(state)}`);
  });
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('vrhcaby.save.local')).series.a_white), false, 'player a plays Black now');
  const total = (await series(page)).map(Number).reduce((a, b) => a + b, 0);
  assert.equal(total, 2, `two games counted (${first}, ${second})`);
  // Reloaded, the series is still there.
  await page.reload();
  await waitPhase(page, 'moving', 'rolling', 'lot');
  assert.equal((await series(page)).map(Number).reduce((a, b) => a + b, 0), 2);
  assert.deepEqual(page.errors, []);
});
