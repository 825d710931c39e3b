// End-to-end: the one page paints its start screen before the app's code arrives (issue 19) —
// on a throttled phone profile the first paint comes before the wasm has loaded; a tap on the
// painted screen while the wasm is held back is kept and acted on once the app is ready; the
// language chip works before it; the old second page's address lands on the one page; the app's
// wasm comes packed (.lzma), and a spoiled one falls back to the plain wasm.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, serveDist, waitPhase } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist('/', 0, { gzip: true }); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const APP_WASM = /vrhcaby-web-[0-9a-f]+_bg\.(wasm|lzma)$/;

test('throttled: the start screen is painted before the app\'s code has arrived', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // The wasm is fetched by the page's inflater worker: its arrival from the request's timing
  // (milliseconds since the epoch, as the paint's below).
  const arrived = new Promise((ok) => page.on('requestfinished', (r) => {
    if (APP_WASM.test(r.url())) ok(r.timing().startTime + r.timing().responseEnd);
  }));
  await page.goto(server.url);
  // The app has taken the painted screen's place: its wasm has arrived.
  await page.locator('#boot').waitFor({ state: 'detached', timeout: 30_000 });
  const wasmAt = await arrived;
  const t = await page.evaluate((wasmAt) => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    wasm: wasmAt - performance.timeOrigin,
  }), wasmAt);
  assert.ok(t.paint > 0 && t.wasm > 0, JSON.stringify(t));
  assert.ok(t.paint < t.wasm, `painted at ${Math.round(t.paint)} ms, the wasm arrived at ${Math.round(t.wasm)} ms`);
  assert.deepEqual(page.errors, []);
});

test('a tap before the app is ready is kept and acted on; the language chip works before it', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route(APP_WASM, async (route) => { await held; await route.continue(); });
  await page.goto(`${server.url}?seed=3`);
  const boot = page.locator('#boot');
  await boot.waitFor();
  const button = page.getByTestId('new-local-game');
  assert.equal(await button.innerText(), 'Nová hra na tomto zařízení');
  assert.match(await page.locator('.boot-progress').innerText(), /Načítám/);
  // The language before the app: the painted screen speaks English, and the app will too.
  await page.getByTestId('language').click();
  assert.equal(await button.innerText(), 'New game on this device');
  await button.click();
  assert.equal(await button.getAttribute('aria-busy'), 'true');
  assert.equal(await page.locator('svg.board').count(), 0, 'no app yet');
  release();
  await waitPhase(page, 'lot', 'rolling', 'moving');
  assert.equal(await page.locator('#boot').count(), 0, 'the painted screen is gone');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.getByTestId('menu').first().innerText(), 'Menu');
  assert.deepEqual(page.errors, []);
});

test('a kept New game plays the rules remembered from the start screen', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(server.url);
  await page.evaluate(() => { localStorage.setItem('vrhcaby.new.rules', 'standard'); localStorage.setItem('vrhcaby.new.length', '3'); });
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route(APP_WASM, async (route) => { await held; await route.continue(); });
  await page.reload();
  await page.getByTestId('new-local-game').click();
  release();
  const board = page.locator('svg.board');
  await board.waitFor();
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-match-length') === '3');
  assert.equal(await board.getAttribute('data-rules'), 'standard');
  assert.deepEqual(page.errors, []);
});

test('the old second page\'s address lands on the one page, keeping its fragment', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}peer/#computer`);
  await page.getByTestId('start-bot-game').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  assert.deepEqual(page.errors, []);
});

test('the app\'s wasm comes packed, and a spoiled .lzma falls back to the plain wasm', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  const asked = [];
  page.on('request', (r) => { if (APP_WASM.test(r.url())) asked.push(r.url().split('.').pop()); });
  await page.goto(server.url);
  await page.getByTestId('new-local-game').click();
  await waitPhase(page, 'lot', 'rolling', 'moving');
  assert.deepEqual(asked, ['lzma'], 'only the packed wasm is fetched');

  const spoiled = await newPage(browser);
  const warnings = [];
  spoiled.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const fetched = [];
  await spoiled.route(/_bg\.lzma$/, async (route) => {
    const body = await (await route.fetch()).body();
    for (let i = 40; i < body.length; i += 997) body[i] ^= 0x5a;
    fetched.push(body.length);
    await route.fulfill({ status: 200, body, contentType: 'application/octet-stream' });
  });
  spoiled.on('request', (r) => { if (APP_WASM.test(r.url())) fetched.push(r.url().split('.').pop()); });
  await spoiled.goto(server.url);
  await spoiled.getByTestId('new-local-game').click();
  await waitPhase(spoiled, 'lot', 'rolling', 'moving');
  assert.ok(fetched.includes('wasm'), `the plain wasm was fetched: ${JSON.stringify(fetched)}`);
  assert.ok(warnings.some((w) => /packed wasm failed/.test(w)), JSON.stringify(warnings));
  assert.deepEqual(page.errors, []);
  assert.deepEqual(spoiled.errors, []);
});
