// End-to-end: what a new player tripped on (issue 23), each held by a test — a tap after a drag,
// the bar's glow, "you" against the computer and between devices, the hint's arrows, the N key between
// movable checkers, a full bear-off tray, the result between games of a match, and the viewer.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  connectPair, dragToFirstTarget, launch, newPage, openPosition, playMoves, playOneMove, serveDist, side,
  snapshot, startGame, waitFreshRoll, waitPhase, openSheet,
} from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const unused = (page) => page.locator('[data-die]:not([data-used])').count();

test('after a drag-and-drop the next tap is not lost', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await startGame(page, server.url, 17);
  await waitPhase(page, 'moving');
  const dice = await unused(page);
  await dragToFirstTarget(page);
  await page.waitForFunction((n) => document.querySelectorAll('[data-die]:not([data-used])').length !== n
    || document.querySelector('svg.board').getAttribute('data-phase') !== 'moving', dice);
  await waitPhase(page, 'moving');
  const left = await unused(page);
  const before = await snapshot(page);
  // One tap on a movable checker: selected (its targets light up) or, when forced, played.
  await page.locator('.point.movable, .bar.movable').first().click();
  await page.waitForFunction(([n, turn]) => document.querySelector('[data-selected]')
    || document.querySelectorAll('[data-die]:not([data-used])').length !== n
    || document.querySelector('svg.board').getAttribute('data-turn') !== turn, [left, before.turn], { timeout: 3_000 });
  assert.deepEqual(page.errors, []);
});

// White has three checkers on the bar; every entry point is open.
const ON_THE_BAR = {
  white: side({ 25: 3, 6: 5, 8: 3, 13: 4 }),
  black: side({ 24: 2, 13: 5, 8: 8 }),
};

test('checkers on the bar light up when entering is the only move; N jumps to the movable checker', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await openPosition(page, server.url, { position: ON_THE_BAR, first: 'white', rng: 3 });
  await waitPhase(page, 'moving');
  assert.equal(await page.locator('.point.movable').count(), 0, 'nothing but the bar may move');
  const bar = page.locator('.bar.movable[data-bar=white]');
  await bar.waitFor();
  const glow = await bar.evaluate((el) => {
    const cs = el.querySelectorAll('[data-checker]');
    return getComputedStyle(cs[cs.length - 1]).filter;
  });
  assert.match(glow, /drop-shadow/, `the top checker on the bar glows: ${glow}`);

  // Keyboard: on the board, one key (N) reaches the bar, the only movable checker.
  await page.locator('[data-point="24"]').focus();
  await page.keyboard.press('n');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-bar')), 'white');
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement.querySelector('.hit')).strokeWidth);
  assert.equal(ring, '5px', 'the focus ring is drawn on the board');
  // Enter on it: selected, or (a double: every entry goes to one point) entered at once.
  const dice = await unused(page);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelector('[data-selected]')
    || document.querySelectorAll('[data-die]:not([data-used])').length !== n, dice);
  assert.deepEqual(page.errors, []);
});

test('N goes from checker to movable checker, then from a selected one to its targets: one checker played in 4 keys', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await startGame(page, server.url, 17);
  await waitPhase(page, 'moving');
  await page.locator('[data-point="24"]').focus();
  const movable = await page.locator('.point.movable').count();
  const seen = new Set();
  for (let i = 0; i < movable; i++) {
    await page.keyboard.press('n');
    const p = await page.evaluate(() => document.activeElement?.getAttribute('data-point'));
    assert.equal(await page.locator(`.point.movable[data-point="${p}"]`).count(), 1, `N reached a movable checker (${p})`);
    seen.add(p);
  }
  assert.equal(seen.size, movable, 'each movable checker once');
  // P goes back; the board is still one tab stop.
  await page.keyboard.press('p');
  assert.equal(await page.locator('svg.board [tabindex="0"]').count(), 1);
  const dice = await unused(page);
  await page.keyboard.press('Enter');
  await page.locator('[data-selected]').waitFor();
  await page.keyboard.press('n');
  assert.equal(await page.evaluate(() => document.activeElement?.hasAttribute('data-target')), true,
    'N goes to a target of the selected checker');
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('[data-die]:not([data-used])').length !== n
    || document.querySelector('svg.board').getAttribute('data-phase') !== 'moving', dice);
  assert.deepEqual(page.errors, []);
});

test('fourteen checkers borne off stay inside the tray', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await openPosition(page, server.url, {
    position: { white: side({ 0: 14, 1: 1 }), black: side({ 0: 14, 3: 1 }) },
    first: 'white', rng: 1,
  });
  await waitPhase(page, 'moving', 'over');
  for (const who of ['white', 'black']) {
    const inside = await page.locator(`[data-off=${who}]`).evaluate((tray) => {
      const box = tray.querySelector('.tray-bg').getBoundingClientRect();
      return [...tray.querySelectorAll('[data-checker], .count')].every((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      });
    });
    assert.equal(inside, true, `${who}'s tray holds its slabs and its count`);
  }
  assert.deepEqual(page.errors, []);
});

test('against the computer the panel says which side is you, and the hint draws one arrow a step', { timeout: 120_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}?seed=5&botpause=250`);
  await page.getByTestId('play-computer').click();
  await page.getByTestId('bot-level').selectOption('expert');
  await page.getByTestId('bot-side').selectOption('white');
  await page.getByTestId('start-bot-game').click();
  await waitPhase(page, 'lot', 'rolling', 'moving', 'over');
  assert.equal(await page.getByTestId('who-white').innerText(), 'Ty');
  assert.equal(await page.getByTestId('who-black').innerText(), 'Počítač');
  await waitFreshRoll(page, 'white');
  await page.getByTestId('hint').click();
  await page.locator('[data-testid=hint-arrow]').first().waitFor({ timeout: 20_000 });
  const arrows = await page.locator('[data-testid=hint-arrow]').evaluateAll((els) =>
    els.map((el) => [el.getAttribute('data-step'), el.getAttribute('data-from'), el.getAttribute('data-to')]));
  const dice = (await snapshot(page)).dice.map((d) => Number(d[0]));
  const steps = dice[0] === dice[1] ? 4 : 2;
  assert.ok(arrows.length >= 1 && arrows.length <= steps, JSON.stringify(arrows));
  assert.deepEqual(arrows.map((a) => a[0]), arrows.map((_, i) => String(i + 1)), 'numbered in order');
  // Each arrow is a move by a die of the roll (or a bear-off with a die at least as high).
  for (const [, from, to] of arrows) {
    const d = Number(from) - Number(to);
    assert.ok(dice.includes(d) || (to === '0' && dice.some((x) => x >= d)), `${from}/${to} with ${dice}`);
  }
  // Said in words for screen readers.
  await page.waitForFunction(() => /Nápověda: /.test(document.querySelector('[data-testid=live]')?.textContent ?? ''));
  // Resigning: the result speaks to the player.
  await (await openSheet(page)).getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await page.getByTestId('result').waitFor();
  assert.equal(await page.getByTestId('result-title').innerText(), 'Počítač vyhrává');
  // My games: the game is kept, lost from the player's side, with the level's totals.
  await page.getByTestId('result-menu').click();
  await page.getByTestId('my-games').click();
  const game = page.getByTestId('history-game');
  await game.waitFor();
  assert.equal(await game.count(), 1);
  assert.equal(await game.getAttribute('data-kind'), 'bot');
  assert.match(await game.innerText(), /Prohra · Proti počítači \(Expert\)/);
  assert.match(await page.getByTestId('history-total').innerText(), /výhry 0, prohry 1, remízy 0/);
  await game.getByTestId('history-open').click();
  await page.getByTestId('replay').waitFor();
  assert.match(await page.getByTestId('replay-step').innerText(), /^Tah \d+ \/ \d+$/);
  await (await openSheet(page)).getByTestId('menu').click();
  await page.getByTestId('my-games').click();
  await page.getByTestId('history-remove').click();
  await page.getByTestId('history-empty').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('vrhcaby.history')), null);
  assert.deepEqual(page.errors, []);
});

test('My games keeps hot-seat games, removes all after a confirmation, and survives a spoiled store', { timeout: 120_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}?seed=9`);
  await page.evaluate(() => localStorage.setItem('vrhcaby.history', '[{"broken":'));
  await page.reload();
  for (let i = 0; i < 2; i++) {
    await page.getByTestId('new-local-game').click();
    await waitPhase(page, 'moving');
    await (await openSheet(page)).getByTestId('resign').click();
    await page.getByTestId('confirm-resign').click();
    await page.getByTestId('result').waitFor();
    await page.getByTestId('result-menu').click();
  }
  await page.getByTestId('my-games').click();
  // My games comes in a wasm chunk of its own, loaded when first opened (src/screens/lazy.rs).
  await page.getByTestId('history-total').waitFor();
  assert.equal(await page.getByTestId('history-game').count(), 2);
  assert.match(await page.getByTestId('history-total').innerText(), /^Na tomto zařízení: Bílý \d, Černý \d, remízy 0$/);
  await page.getByTestId('history-remove-all').click();
  assert.equal(await page.getByTestId('history-game').count(), 2, 'the first press asks again');
  await page.getByTestId('history-remove-all').click();
  await page.getByTestId('history-empty').waitFor();
  assert.deepEqual(page.errors, []);
});

test('My games counts each roll of the kept games in the dice statistics, as the move list has them', { timeout: 120_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}?seed=5`);
  await page.getByTestId('new-local-game').click();
  await playMoves(page, 24);
  await (await openSheet(page)).getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await page.getByTestId('result').waitFor();
  await page.getByTestId('result-menu').click();
  await page.getByTestId('my-games').click();
  const tally = page.getByTestId('dice-tally');
  await tally.waitFor();
  // Both sides of a game on one device are one tally.
  assert.equal(await tally.count(), 1);
  assert.equal(await tally.getAttribute('data-whose'), 'hot_seat');
  const rolls = Number(await tally.getAttribute('data-rolls'));
  const doubles = Number(await tally.getAttribute('data-doubles'));
  assert.ok(rolls >= 6, `rolls: ${rolls}`);
  assert.match(await page.getByTestId('dice-stats').locator('h2').innerText(), /^Statistika kostek$/);
  assert.match(await tally.innerText(), new RegExp(`${rolls} (hod|hody|hodů), z toho dvojic ${doubles} `));
  // The faces' counts are both dice of every roll.
  const faces = await tally.locator('tbody td').evaluateAll((tds) => tds.map((td) => Number(td.firstChild.textContent)));
  assert.equal(faces.length, 6);
  assert.equal(faces.reduce((a, b) => a + b, 0), 2 * rolls);
  // Fewer than 15 rolls say nothing yet; more are judged in words.
  const verdict = await tally.getAttribute('data-faces-verdict');
  assert.ok(rolls < 15 ? verdict === 'too_few' : verdict !== 'too_few', `${rolls} rolls: ${verdict}`);
  // As many rolls as the game's move list has turns, and as many doubles.
  await page.getByTestId('history-open').click();
  await page.getByTestId('replay').waitFor();
  const turns = await page.getByTestId('move-list').locator('li').allInnerTexts();
  assert.equal(turns.length, rolls, turns.join(' | '));
  assert.equal(turns.filter((t) => /\b(\d)\1\b/.test(t.split(':')[0] ?? t)).length, doubles, turns.join(' | '));
  assert.deepEqual(page.errors, []);
});

test('between devices each page says which side is you', { timeout: 120_000 }, async () => {
  const { host, guest } = await connectPair(browser, server.url);
  await waitPhase(host, 'moving', 'rolling');
  assert.equal(await host.getByTestId('who-white').innerText(), 'Ty');
  assert.equal(await host.getByTestId('who-black').innerText(), 'Soupeř');
  assert.equal(await guest.getByTestId('who-black').innerText(), 'Ty');
  assert.equal(await guest.getByTestId('who-white').innerText(), 'Soupeř');
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
});

test('a hot-seat game names no "you"', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await startGame(page, server.url, 3);
  assert.equal(await page.locator('[data-testid^=who-]').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('auto-roll: in a standard game with the cube the player who may double is not asked each turn', { timeout: 120_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}?seed=2026`);
  await page.getByTestId('game-rules').selectOption('standard');
  await page.getByTestId('match-length').selectOption('3');
  await page.getByTestId('new-local-game').click();
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-rules') === 'standard');
  await (await openSheet(page)).getByTestId('auto-roll').click();
  assert.equal(await page.getByTestId('auto-roll').getAttribute('aria-pressed'), 'true');
  await waitPhase(page, 'moving');
  const first = await page.locator('svg.board').getAttribute('data-turn');
  // The opening turn, then the other player's roll comes by itself: no Roll or Double asked.
  for (let i = 0; i < 8; i++) {
    const s = await snapshot(page);
    if (s.phase !== 'moving' || s.turn !== first) break;
    await playOneMove(page);
  }
  await page.waitForFunction((f) => {
    const svg = document.querySelector('svg.board');
    return svg.getAttribute('data-phase') === 'moving' && svg.getAttribute('data-turn') !== f;
  }, first, { timeout: 15_000 });
  assert.equal(await page.getByTestId('roll').count(), 0);
  // Turned off, the choice is back on the next turn.
  await (await openSheet(page)).getByTestId('auto-roll').click();
  const second = await page.locator('svg.board').getAttribute('data-turn');
  for (let i = 0; i < 8; i++) {
    const s = await snapshot(page);
    if (s.phase !== 'moving' || s.turn !== second) break;
    await playOneMove(page);
  }
  await page.getByTestId('roll').waitFor({ timeout: 15_000 });
  assert.deepEqual(page.errors, []);
});

test('the computer set-up screen has no empty gaps, and at 1280×800 a game shows its Menu chip whole', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto(`${server.url}`);
  await page.getByTestId('play-computer').click();
  const gaps = await page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect();
    const level = document.querySelector('[data-testid=bot-level]');
    const about = document.getElementById('level-about');
    const side = document.querySelector('[data-testid=bot-side]');
    const next = side.closest('label').nextElementSibling;
    return [box(about).top - box(level).bottom, box(next).top - box(side).bottom];
  });
  assert.ok(gaps.every((g) => g < 40), `gaps under the choices: ${gaps}`);
  const desk = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await startGame(desk, server.url, 11);
  const menu = await desk.getByTestId('menu').boundingBox();
  assert.ok(menu.y + menu.height <= 800, `the Menu chip ends at ${menu.y + menu.height}`);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(desk.errors, []);
});

test('no console warnings on load and when the computer\'s worker starts', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text()); });
  await page.goto(`${server.url}?seed=5`);
  await page.getByTestId('new-local-game').waitFor();
  await page.goto(`${server.url}?seed=5&botpause=50`);
  await page.getByTestId('play-computer').click();
  await page.getByTestId('bot-side').selectOption('black');
  await page.getByTestId('start-bot-game').click();
  // The computer (White) plays its first roll through its worker.
  await page.waitForFunction(() => document.querySelector('[data-die][data-used]')
    || document.querySelector('svg.board')?.getAttribute('data-turn') === 'black', null, { timeout: 30_000 });
  assert.deepEqual(warnings.filter((w) => /integrity|deprecated/i.test(w)), []);
  assert.deepEqual(page.errors, []);
});
