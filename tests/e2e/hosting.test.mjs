// End-to-end: the release works from a sub-path (as on GitHub Pages) and offline after one visit.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, serveDist, startGame, waitPhase } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist('/vrhcaby/'); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

test('served from a sub-path, installable, and playable offline after the first visit', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(server.url);
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel=manifest]').href;
    return (await fetch(href)).json();
  });
  assert.equal(manifest.name, 'Vrhcáby');
  assert.equal(manifest.start_url, './');
  // The service worker takes over and caches the page and its assets.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.context().setOffline(true);
  await page.reload();
  await startGame(page, server.url, 2);
  await waitPhase(page, 'moving');
  assert.equal(await page.locator('[data-checker]').count(), 30);
  // The computer's worker comes from the cache too: the hint works offline. The cache holds the
  // build of each worker this browser loads (wasm SIMD validates here), not the other.
  await page.getByTestId('hint').click();
  await page.locator('[data-hint-from]').first().waitFor({ timeout: 20_000 });
  const cached = await page.evaluate(async () => {
    const cache = await caches.open((await caches.keys())[0]);
    return (await cache.keys()).map((r) => r.url.split('/').pop()).filter((n) => n.startsWith('bot_worker')).sort();
  });
  assert.deepEqual(cached, ['bot_worker_simd.js', 'bot_worker_simd_bg.wasm', 'bot_worker_simd_loader.js',
    'bot_worker_standard_simd.js', 'bot_worker_standard_simd_bg.wasm', 'bot_worker_standard_simd_loader.js']);
  await page.context().setOffline(false);
  assert.deepEqual(page.errors, []);
});
