// End-to-end: saved games of different kinds live side by side, and one game is played in one
// tab at a time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, launch, peerPage, playMoves, serveDist, snapshot, startGame, waitPhase } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

test('a hot-seat game in progress survives opening an invitation link in the same browser', { timeout: 180_000 }, async () => {
  // The guest's browser has a hot-seat game in progress.
  const guest = await peerPage(browser);
  await startGame(guest, server.url, 11);
  await playMoves(guest, 2);
  await waitPhase(guest, 'moving');
  const local = await snapshot(guest);

  // A friend invites; the guest opens the link in the same browser and they connect.
  const host = await peerPage(browser);
  await host.goto(server.url);
  await connect(host, guest);
  await guest.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-seat') === 'black');

  // Back on the start page both games are offered, each with its own Continue.
  await guest.goto(server.url);
  // (The painted start screen has New game too: wait for the app's own, with its Continues.)
  await guest.locator('[data-testid=continue]').nth(1).waitFor();
  const kinds = await guest.$$eval('[data-testid=continue]', (els) => els.map((e) => e.getAttribute('data-kind')).sort());
  assert.deepEqual(kinds, ['local', 'peer'], 'each game in progress has its Continue');
  // It continues exactly where it was.
  const saved = await guest.evaluate(() => localStorage.getItem('vrhcaby.save.local'));
  assert.ok(saved && saved.includes('"kind":"local"'), 'the hot-seat save is kept in its own slot');
  await guest.locator('[data-testid=continue][data-kind=local]').click();
  await waitPhase(guest, 'moving');
  assert.deepEqual(await snapshot(guest), local);
  assert.deepEqual(guest.errors, []);
  assert.deepEqual(host.errors, []);
});

test('a second tab does not play a game open in the first, until it takes it over', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const first = await context.newPage();
  first.errors = [];
  first.on('pageerror', (e) => first.errors.push(e.message));
  await startGame(first, server.url, 21);
  await playMoves(first, 1);
  await waitPhase(first, 'moving');
  const before = await snapshot(first);

  // The second tab opens the same page: the game is open elsewhere, so it shows no board.
  const second = await context.newPage();
  await second.goto(`${server.url}?seed=21`);
  const busy = second.getByTestId('tab-busy');
  await busy.waitFor({ timeout: 10_000 });
  assert.equal(await busy.getAttribute('data-kind'), 'local');
  assert.equal(await second.locator('svg.board').count(), 0, 'the second tab does not show the game');
  // The first tab still plays and saves.
  await playMoves(first, 1);
  const savedByFirst = await first.evaluate(() => localStorage.getItem('vrhcaby.save.local'));

  // Taking it over: the second tab plays it from the saved state; the first stops.
  await second.getByTestId('take-over').click();
  await waitPhase(second, 'moving', 'rolling');
  await first.getByTestId('tab-busy').waitFor({ timeout: 10_000 });
  assert.equal(await first.locator('svg.board').count(), 0, 'the first tab no longer shows the game');
  assert.notDeepEqual(await snapshot(second), before, 'the second tab has the first tab\'s later move');
  assert.equal(await second.evaluate(() => localStorage.getItem('vrhcaby.save.local')), savedByFirst);
  // Only the second tab writes the save from now on.
  await waitPhase(second, 'moving');
  await playMoves(second, 1);
  const savedBySecond = await second.evaluate(() => localStorage.getItem('vrhcaby.save.local'));
  assert.notEqual(savedBySecond, savedByFirst);
  await first.waitForTimeout(500);
  assert.equal(await first.evaluate(() => localStorage.getItem('vrhcaby.save.local')), savedBySecond);
  assert.deepEqual(first.errors, []);
  await context.close();
});
