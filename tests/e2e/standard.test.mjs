// End-to-end: standard backgammon on the built page — a whole match to 3 points on one device
// played by clicking only (a double dropped, a double taken, a redouble dropped, the Crawford
// game without doubling and resigned, the match's end), a standard and a house game on the one
// page with every feature, an old address landing, and a standard game against the computer
// answering a double.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { connect, launch, newPage, peerPage, playOneMove, serveDist, waitPhase, openSheet } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const attr = (page, name) => page.locator('svg.board').getAttribute(name);
const visible = (page, id) => page.getByTestId(id).isVisible();

/** Starts a standard game from the full app's start screen: a match to `length` (0: money). */
async function startStandard(page, url, length) {
  await page.goto(url);
  await page.getByTestId('game-rules').selectOption('standard');
  await page.getByTestId('match-length').selectOption(String(length));
  await page.getByTestId('new-local-game').click();
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-rules') === 'standard');
}

test('a whole match to 3 on one device, by clicking: doubles dropped and taken, Crawford, the end', { timeout: 240_000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await startStandard(page, `${server.url}?seed=2026`, 3);
  assert.equal(await attr(page, 'data-match-length'), '3');
  assert.equal(await attr(page, 'data-score-white'), '0');
  let doubles = 0;
  let sawTake = false;
  let sawCrawford = false;
  const results = [];
  for (let step = 0; step < 3000; step++) {
    if (await visible(page, 'result')) {
      const points = Number(await page.getByTestId('points').getAttribute('data-points'));
      const winner = await page.getByTestId('result').getAttribute('data-result');
      results.push({ winner, points, reason: await page.getByTestId('result').getAttribute('data-reason') });
      if (await visible(page, 'match-over')) {
        // The match is over: now a rematch (with its swap) and a new game.
        assert.equal(await page.getByTestId('rematch').count(), 1);
        assert.equal(await page.getByTestId('next-game').count(), 0);
        break;
      }
      // Between games: the match score, Next game the one highlighted way on, Menu the quiet
      // way out; no rematch, no new game, no series of single games.
      assert.match(await page.getByTestId('result-score').innerText(), /Zápas do 3/);
      assert.equal(await page.getByTestId('next-game').getAttribute('class'), 'primary');
      assert.equal(await page.getByTestId('result').locator('button.primary').count(), 1);
      for (const id of ['rematch', 'rematch-swap', 'new-game', 'series']) {
        assert.equal(await page.getByTestId(id).count(), 0, `no ${id} between games`);
      }
      assert.equal(await page.getByTestId('result-menu').isVisible(), true);
      await page.getByTestId('next-game').click();
      await page.waitForFunction(() => !document.querySelector('[data-testid=result]'));
      continue;
    }
    if (await visible(page, 'double-dialog')) {
      // The first double is dropped, the second taken, every later one dropped.
      if (doubles === 2) {
        const taker = await attr(page, 'data-turn');
        await page.getByTestId('take').click();
        await page.waitForFunction(() => document.querySelector('[data-cube]')?.getAttribute('data-cube') === '2');
        assert.equal(await page.locator('[data-cube]').getAttribute('data-cube-owner'), taker);
        sawTake = true;
      } else {
        await page.getByTestId('drop').click();
      }
      continue;
    }
    if (await visible(page, 'resign-offer-dialog')) {
      await page.getByTestId('accept-resign').click();
      continue;
    }
    if ((await attr(page, 'data-crawford')) !== null && (await attr(page, 'data-phase')) === 'moving') {
      // The Crawford game: no doubling anywhere in it; the side to move resigns a single game.
      sawCrawford = true;
      assert.equal(await page.getByTestId('double').count(), 0);
      await (await openSheet(page)).getByTestId('resign').click();
      await page.getByTestId('single').check();
      await page.getByTestId('confirm-resign').click();
      await page.getByTestId('resign-offer-dialog').waitFor();
      continue;
    }
    if (await visible(page, 'double')) {
      doubles += 1;
      await page.getByTestId('double').click();
      await page.getByTestId('double-dialog').waitFor();
      continue;
    }
    if ((await attr(page, 'data-phase')) === 'moving') {
      await playOneMove(page);
      continue;
    }
    await page.waitForTimeout(50);
  }
  assert.ok(await visible(page, 'match-over'), `the match ended (${JSON.stringify(results)})`);
  assert.ok(sawTake, 'a double was taken');
  // Game 1: the first double dropped: 1 point. Game 2: taken at 2, redoubled to 4 and dropped:
  // 2 points (the value before the redouble).
  assert.deepEqual(results.slice(0, 2).map((r) => [r.points, r.reason]), [[1, 'dropped'], [2, 'dropped']]);
  const score = { white: 0, black: 0 };
  for (const r of results) score[r.winner] += r.points;
  assert.equal(Math.max(score.white, score.black) >= 3 && Math.min(score.white, score.black) < 3, true);
  // After game 2 one side has 2 (N − 1) only if the winners of games 1 and 2 differ: then the
  // Crawford game follows.
  if (results[0].winner !== results[1].winner) assert.ok(sawCrawford, 'the Crawford game was played');
  assert.match(await page.getByTestId('match-over').innerText(), /vyhrál zápas/);
  // The whole match as a Jellyfish .mat file: every game with its score before it and its result.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('result').getByTestId('export-mat').click()]);
  assert.match(download.suggestedFilename(), /^vrhcaby-\d{4}-\d\d-\d\d-\d{4}-hotseat-(white|black)-won\.mat$/);
  const mat = await readFile(await download.path(), 'utf8');
  assert.match(mat, /^; \[Crawford "On"\]\n\n 3 point match\n/);
  assert.equal(mat.match(/^ Game \d+$/gm).length, results.length, mat);
  const wins = [...mat.matchAll(/^( +)Wins (\d+) points?$/gm)].map((m) => [m[1].length > 10 ? 'black' : 'white', Number(m[2])]);
  assert.deepEqual(wins, results.map((r) => [r.winner, r.points]), mat);
  for (const cell of [' Doubles => 2', ' Drops', ' Takes']) assert.ok(mat.includes(cell), `${cell} in ${mat}`);
  assert.deepEqual(page.errors, []);
});

test('a standard match and a house game start on the one page, each with every feature; old addresses land', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto(`${server.url}?seed=5`);
  const url = page.url();
  await page.getByTestId('game-rules').selectOption('standard');
  await page.getByTestId('match-length').selectOption('7');
  await page.getByTestId('new-local-game').click();
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-rules') === 'standard');
  // (The fragment names the screen: issue 50.)
  assert.equal(page.url().split('#')[0], url.split('#')[0], 'no other page');
  assert.equal(await attr(page, 'data-match-length'), '7');
  assert.equal(await page.locator('[data-cube]').getAttribute('data-cube-owner'), 'center');
  // The saved game is a standard one with its options.
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('vrhcaby.save.local')).record);
  assert.equal(record.rules, 'standard');
  assert.equal(record.options.match_length, 7);
  // Reopened, the standard game in progress (the only one) continues by itself.
  await page.goto(`${server.url}?seed=5`);
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-match-length') === '7');
  // The old second page's address of it lands here, on the same game.
  await page.goto(`${server.url}peer/#continue=local`);
  await page.waitForURL((u) => !u.pathname.includes('/peer/'));
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-match-length') === '7');
  assert.deepEqual(page.errors, []);
  // A house game: the move list, the export and the position's IDs, the hint, as in every game.
  const house = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await house.goto(`${server.url}?seed=5`);
  await house.getByTestId('game-rules').selectOption('vrhcaby');
  await house.getByTestId('new-local-game').click();
  await waitPhase(house, 'moving');
  assert.equal(await attr(house, 'data-rules'), 'vrhcaby');
  for (const id of ['move-list', 'export', 'hint', 'tutor']) {
    assert.equal(await house.getByTestId(id).count(), 1, id);
  }
  assert.deepEqual(house.errors, []);
});

test('against the computer under standard rules it answers a double and plays on', { timeout: 120_000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}?seed=9&botpause=30#computer`);
  await page.getByTestId('bot-level').selectOption('expert');
  await page.getByTestId('bot-side').selectOption('white');
  await page.getByTestId('game-rules').selectOption('standard');
  await page.getByTestId('match-length').selectOption('0');
  await page.getByTestId('start-bot-game').click();
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-rules') === 'standard');
  assert.equal(await attr(page, 'data-seat'), 'white');
  // Play White's turns by clicking until White may double; then double and see the answer.
  for (let i = 0; i < 400; i++) {
    if (await visible(page, 'double')) break;
    // The computer may double first: White takes and plays on.
    if (await visible(page, 'double-dialog')) await page.getByTestId('take').click();
    // Phase and turn read at once: read apart, the computer's finished turn (moving, black)
    // followed by White's roll (rolling, white) looked like White moving.
    const [phase, turn] = await page.evaluate(() => {
      const board = document.querySelector('svg.board');
      return [board.getAttribute('data-phase'), board.getAttribute('data-turn')];
    });
    if (phase === 'moving' && turn === 'white') {
      await playOneMove(page);
    } else {
      await page.waitForTimeout(50);
    }
  }
  await page.getByTestId('double').click();
  // The computer answers by itself: a take (the cube 2 on Black's side) or a drop (White wins 1).
  await page.waitForFunction(() => {
    const phase = document.querySelector('svg.board').getAttribute('data-phase');
    return phase !== 'doubled';
  }, null, { timeout: 30_000 });
  const phase = await attr(page, 'data-phase');
  if (phase === 'over') {
    assert.equal(await page.getByTestId('result').getAttribute('data-reason'), 'dropped');
  } else {
    assert.equal(await page.locator('[data-cube]').getAttribute('data-cube'), '2');
    assert.equal(await page.locator('[data-cube]').getAttribute('data-cube-owner'), 'black');
    // The computer then rolls and plays its turn (it cannot double: the cube is its own, but the
    // doubler rolls next — White).
    await waitPhase(page, 'moving', 'rolling');
  }
  assert.deepEqual(page.errors, []);
});

test('between two pages: the opening through the exchange, a double, a take, a resignation and the next game', { timeout: 180_000 }, async () => {
  const host = await peerPage(browser);
  const guest = await peerPage(browser);
  await host.goto(`${server.url}`);
  await host.getByTestId('game-rules').selectOption('standard');
  await host.getByTestId('match-length').selectOption('3');
  await connect(host, guest);
  for (const page of [host, guest]) {
    await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-rules') === 'standard');
    assert.equal(await attr(page, 'data-match-length'), '3');
  }
  const pages = [host, guest];
  let doubled = false;
  for (let i = 0; i < 600 && !doubled; i++) {
    for (const page of pages) {
      if (await visible(page, 'double')) {
        await page.getByTestId('double').click();
        doubled = true;
        break;
      }
      const mine = (await attr(page, 'data-turn')) === (await attr(page, 'data-seat'));
      if (mine && (await attr(page, 'data-phase')) === 'moving') await playOneMove(page);
    }
    if (!doubled) await host.waitForTimeout(50);
  }
  assert.ok(doubled, 'a player could double');
  // The other page answers: it takes.
  let taker = null;
  for (let i = 0; i < 200 && !taker; i++) {
    for (const page of pages) if (await visible(page, 'double-dialog')) taker = page;
    if (!taker) await host.waitForTimeout(50);
  }
  assert.ok(taker, 'the double reached the other device');
  const takerSeat = await attr(taker, 'data-seat');
  await taker.getByTestId('take').click();
  for (const page of pages) {
    await page.waitForFunction((seat) => {
      const cube = document.querySelector('[data-cube]');
      return cube?.getAttribute('data-cube') === '2' && cube.getAttribute('data-cube-owner') === seat;
    }, takerSeat, { timeout: 20_000 });
  }
  // The doubler rolls by itself (it no longer holds the cube) and both boards show its dice.
  for (const page of pages) await waitPhase(page, 'moving');
  const dice = await Promise.all(pages.map((p) => p.evaluate(() =>
    [...document.querySelectorAll('[data-die]')].map((d) => d.getAttribute('data-die')).join(','))));
  assert.equal(dice[0], dice[1]);
  assert.notEqual(dice[0], '');
  // The host resigns a single game (2 points at the cube of 2); the guest accepts.
  const hostSeat = await attr(host, 'data-seat');
  const guestSeat = await attr(guest, 'data-seat');
  await (await openSheet(host)).getByTestId('resign').click();
  await host.getByTestId('single').check();
  await host.getByTestId('confirm-resign').click();
  await guest.getByTestId('resign-offer-dialog').waitFor();
  await guest.getByTestId('accept-resign').click();
  for (const page of pages) {
    await page.getByTestId('result').waitFor();
    assert.equal(await page.getByTestId('points').getAttribute('data-points'), '2');
    assert.equal(await page.getByTestId('result').getAttribute('data-result'), guestSeat);
  }
  // Next game of the match on both devices: the same game, the score 2–0 for the guest.
  for (const page of pages) await page.getByTestId('next-game').click();
  for (const page of pages) {
    await page.waitForFunction((seat) => document.querySelector('svg.board')
      ?.getAttribute(`data-score-${seat}`) === '2', guestSeat, { timeout: 20_000 });
    assert.equal(await attr(page, `data-score-${hostSeat}`), '0');
    await waitPhase(page, 'moving', 'rolling');
  }
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
});
