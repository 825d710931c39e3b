// End-to-end: a rematch between two devices. After the game, one player presses Rematch; the
// other device's result says the friend wants one; once both have pressed it, a new game starts
// with a new fair lot and both boards show the series' score, which survives a reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connectPair, launch, serveDist, waitOnline, waitPhase, openSheet } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const series = (page) => page.evaluate(() => {
  const svg = document.querySelector('svg.board');
  return [svg.getAttribute('data-series-white'), svg.getAttribute('data-series-black')];
});

test('a rematch between two devices: both press it, a new fair lot, the series kept', { timeout: 180_000 }, async () => {
  const { host, guest } = await connectPair(browser, server.url);
  await waitPhase(host, 'moving', 'rolling');
  // The guest (Black) resigns; both see the result, with the score so far.
  await (await openSheet(guest)).getByTestId('resign').click();
  await guest.getByTestId('confirm-resign').click();
  for (const page of [host, guest]) {
    await page.getByTestId('result').waitFor();
    assert.equal(await page.getByTestId('result').getAttribute('data-result'), 'white');
  }
  assert.equal(await guest.getByTestId('rematch-swap').count(), 0, 'each device keeps its seat');
  const oldGame = await host.evaluate(() => JSON.parse(localStorage.getItem('vrhcaby.save.peer')).game.game_id);
  // The guest presses Rematch first: the host's result says so.
  await guest.getByTestId('rematch').click();
  await guest.getByTestId('result').waitFor({ state: 'detached' });
  await host.waitForFunction(() => /odvetu/.test(document.querySelector('[data-testid=friend-moved-on]')?.textContent ?? ''),
    null, { timeout: 15_000 });
  await host.getByTestId('rematch').click();
  await host.getByTestId('result').waitFor({ state: 'detached' });
  for (const page of [host, guest]) {
    await waitOnline(page);
    await waitPhase(page, 'moving', 'rolling');
    assert.deepEqual(await series(page), ['1', '0'], 'White won the first game');
  }
  // The same new game on both devices, begun with its own lot from the exchange.
  const saved = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('vrhcaby.save.peer')));
  const [h, g] = [await saved(host), await saved(guest)];
  assert.equal(h.game.game_id, `${oldGame}r`);
  assert.equal(g.game.game_id, h.game.game_id);
  assert.deepEqual(h.series, { a: 2, b: 0, a_white: true });
  // A reload keeps the score (the link itself is gone until the friends connect again).
  await guest.reload();
  await guest.locator('svg.board').waitFor();
  assert.deepEqual(await series(guest), ['1', '0']);
  assert.deepEqual([...host.errors, ...guest.errors], []);
  await host.context().close();
  await guest.context().close();
});
