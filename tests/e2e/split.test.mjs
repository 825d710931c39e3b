// End-to-end: the app's wasm comes split (issue 19; the build step, xtask/): what a game needs
// arrives first, and the screens a game does not need (how to play, a friend's device with the
// whole connection, a replay, my games, learn) come in chunks fetched only when first opened; a
// chunk that cannot arrive gets a clear message in the player's language, a second try and a way
// back, and loses nothing; an invitation in the address shows the friend screen while its chunk
// arrives; the service worker caches every chunk, so each screen opens offline
// from the second visit.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, serveDist, startGame, waitPhase, openSheet } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist('/', 0, { gzip: true }); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const CHUNK = /\/app-[0-9a-f]+\/(split_\w+|chunk_\d+)\.wasm$/;

/** The chunks (their split names) the page has asked for so far. */
function chunksOf(page) {
  const seen = [];
  page.on('request', (r) => {
    const m = CHUNK.exec(r.url());
    if (m) seen.push(m[1]);
  });
  return seen;
}

test('a game loads no chunk; each other screen fetches its own when first opened', { timeout: 90_000 }, async () => {
  const page = await newPage(browser, { serviceWorkers: 'block' });
  const chunks = chunksOf(page);
  await startGame(page, server.url, 3);
  await waitPhase(page, 'moving');
  assert.deepEqual(chunks, [], 'a game on one device needs no chunk');
  await (await openSheet(page)).getByTestId('menu').click();
  await page.getByTestId('how-to-play').click();
  await page.getByTestId('howto-standard').waitFor();
  assert.ok(chunks.includes('split_howto'), chunks.join());
  assert.ok(!chunks.includes('split_friend'), 'how to play does not fetch the friend screen');
  await page.getByTestId('back').click();
  await page.getByTestId('play-friend').click();
  await page.getByTestId('invite-link').waitFor();
  assert.ok(chunks.includes('split_friend'), chunks.join());
  // Each chunk once: a screen opened again takes the loaded one.
  await page.getByTestId('back').click();
  await page.getByTestId('how-to-play').click();
  await page.getByTestId('howto-standard').waitFor();
  assert.equal(chunks.filter((c) => c === 'split_howto').length, 1);
  assert.deepEqual(page.errors, []);
});

test('a chunk that cannot arrive: a clear message, a second try, a way back, and the game kept', { timeout: 90_000 }, async () => {
  const page = await newPage(browser, { serviceWorkers: 'block' });
  let blocked = true;
  await page.route(CHUNK, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  // A game in progress, then How to play from its menu: the game must survive what follows.
  await startGame(page, server.url, 5);
  await waitPhase(page, 'moving');
  await (await openSheet(page)).getByTestId('menu').click();
  await page.getByTestId('how-to-play').click();
  const failed = page.getByTestId('screen-failed');
  await failed.waitFor();
  assert.equal(await failed.locator('p').innerText(), 'Tuto část hry se nepodařilo načíst (jsi offline?).');
  assert.equal(await page.getByTestId('screen-retry').innerText(), 'Zkusit znovu');
  // A second try while still cut off: the same message, nothing else breaks.
  await page.getByTestId('screen-retry').click();
  await failed.waitFor();
  // Back to the start screen, in English now: the game is still there to continue.
  await page.getByTestId('back').click();
  await (await openSheet(page)).getByTestId('language').click();
  await page.getByTestId('play-friend').click();
  await failed.waitFor();
  assert.equal(await failed.locator('p').innerText(), 'This part of the game could not be loaded (are you offline?).');
  // The network back: the second try brings the friend screen, where inviting again works.
  blocked = false;
  await page.getByTestId('screen-retry').click();
  await page.getByTestId('connect-error').waitFor();
  await page.getByTestId('back').click();
  await page.getByTestId('continue').click();
  await waitPhase(page, 'moving');
  assert.deepEqual(page.errors, []);
});

test('an invitation opened while its chunk is on the way shows the friend screen getting ready, not the start screen', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, { serviceWorkers: 'block' });
  const held = [];
  let release = false;
  await page.route(CHUNK, (route) => (release ? route.continue() : held.push(route)));
  await page.goto(`${server.url}#invite`);
  await page.getByTestId('screen-loading').waitFor();
  await page.locator('#boot').waitFor({ state: 'detached' });
  assert.equal(await page.locator('main.start').count(), 0, 'the start screen is not drawn on the way');
  while (held.length === 0) await page.waitForTimeout(20);
  release = true;
  for (const route of held) await route.continue();
  await page.getByTestId('invite-link').waitFor();
  assert.deepEqual(page.errors, []);
});

test('the service worker caches every chunk: each screen opens offline from the second visit', { timeout: 90_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(server.url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cached = await page.evaluate(async () => {
    const cache = await caches.open((await caches.keys())[0]);
    return (await cache.keys()).map((r) => r.url);
  });
  const chunkFiles = cached.filter((n) => CHUNK.test(n));
  for (const split of ['split_howto', 'split_friend', 'split_lobby', 'split_proof', 'split_replay', 'split_history', 'split_learn']) {
    assert.ok(chunkFiles.some((n) => n.endsWith(`/${split}.wasm`)), `${split} cached: ${chunkFiles.join()}`);
  }
  assert.ok(cached.some((n) => /\/app-[0-9a-f]+\/__wasm_split\.js$/.test(n)), 'the chunks\' loader cached');
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.context().setOffline(true);
  await page.reload();
  await page.getByTestId('how-to-play').click();
  await page.getByTestId('howto-standard').waitFor();
  await page.getByTestId('back').click();
  await page.getByTestId('my-games').click();
  await page.getByTestId('history-empty').waitFor();
  await page.context().setOffline(false);
  assert.deepEqual(page.errors, []);
});
