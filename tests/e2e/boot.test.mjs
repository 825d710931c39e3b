// End-to-end: the one page paints its start screen before the app's code arrives (issue 19) —
// on a throttled phone profile the first paint comes before the wasm has loaded; a tap on the
// painted screen while the wasm is held back is kept and acted on once the app is ready; the
// language chip works before it; the computer's set-up screen is painted too, is the app's own in
// both languages, and a game set up on it starts (or its choices carry over) when the app is
// ready; the old second page's address lands on the one page; the app's wasm comes packed
// (.lzma), and a spoiled one falls back to the plain wasm.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, serveDist, waitPhase, openSheet } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist('/', 0, { gzip: true }); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const APP_WASM = /\/app-[0-9a-f]+\/[\w-]+_bg\.(wasm|lzma)$/;

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
  assert.match(await page.locator('#boot-start .boot-progress').innerText(), /Načítám/);
  // The language before the app: the painted screen speaks English, and the app will too.
  await (await openSheet(page)).getByTestId('language').click();
  assert.equal(await button.innerText(), 'New game on this device');
  await button.click();
  assert.equal(await button.getAttribute('aria-busy'), 'true');
  assert.equal(await page.locator('svg.board').count(), 0, 'no app yet');
  release();
  await waitPhase(page, 'lot', 'rolling', 'moving');
  assert.equal(await page.locator('#boot').count(), 0, 'the painted screen is gone');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.getByTestId('game-menu').textContent(), '☰ Menu');
  assert.equal(await page.getByTestId('menu').first().textContent(), 'Main menu');
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

/** A page whose app's wasm is held back until `release()`. */
async function heldPage(query = '') {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route(APP_WASM, async (route) => { await held; await route.continue(); });
  await page.goto(`${server.url}${query}`);
  await page.locator('#boot').waitFor();
  return { page, release };
}

/** The computer's set-up screen under `root` as a player reads it: every heading, label, line,
 * option and button (not the settings' chips) with its test id, id, value and state. */
const setupScreen = (page, root) => page.evaluate((root) => [...document.querySelector(root)
  .querySelectorAll('h1, label > span, label > small, p.about, summary, select, option, input, main > button')]
  .map((el) => [el.tagName, el.getAttribute('data-testid') ?? '', el.id, el.value ?? '',
    el.checked ?? el.selected ?? '', /^(SELECT|INPUT)$/.test(el.tagName) ? '' : el.textContent.trim()]), root);

test('the painted set-up screen for a game against the computer is the app\'s own, in both languages', { timeout: 60_000 }, async () => {
  const { page: painted } = await heldPage();
  await painted.getByTestId('play-computer').click();
  await painted.getByTestId('start-bot-game').waitFor();
  assert.equal(await painted.getByTestId('new-local-game').isVisible(), false, 'the start screen gave way');
  const app = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await app.goto(server.url);
  await app.locator('#boot').waitFor({ state: 'detached' });
  await app.getByTestId('play-computer').click();
  await app.getByTestId('start-bot-game').waitFor();
  const same = async (what) => {
    const a = await setupScreen(app, 'main.computer');
    const p = await setupScreen(painted, '#boot-computer');
    assert.ok(a.length > 40, `the app's screen read: ${a.length} parts`);
    assert.deepEqual(p, a, what);
  };
  await same('Czech, at first');
  for (const page of [painted, app]) {
    await page.getByTestId('bot-level').selectOption('strongest');
    await page.getByTestId('game-rules').selectOption('standard');
    await (await openSheet(page)).getByTestId('language').click();
  }
  await same('English, the strongest level, standard backgammon');
  assert.equal(await painted.getByTestId('match-length').isVisible(), true);
  assert.match(await painted.locator('#level-about').innerText(), /strongest opponent/);
  assert.deepEqual(painted.errors, []);
  assert.deepEqual(app.errors, []);
});

test('a game against the computer set up on the painted screen starts when the app is ready', { timeout: 60_000 }, async () => {
  const { page, release } = await heldPage('?seed=3');
  await page.getByTestId('play-computer').click();
  await page.getByTestId('bot-level').selectOption('expert');
  await page.getByTestId('bot-side').selectOption('black');
  await page.getByTestId('game-rules').selectOption('standard');
  await page.getByTestId('match-length').selectOption('3');
  await page.getByTestId('start-bot-game').click();
  assert.equal(await page.getByTestId('start-bot-game').getAttribute('aria-busy'), 'true');
  assert.equal(await page.locator('svg.board').count(), 0, 'no app yet');
  release();
  const board = page.locator('svg.board');
  await board.waitFor();
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-match-length') === '3');
  assert.equal(await board.getAttribute('data-rules'), 'standard');
  assert.equal(await board.getAttribute('data-seat'), 'black');
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('vrhcaby.save.bot') ?? 'null'));
  assert.deepEqual([saved?.computer?.side, saved?.computer?.level], ['white', 'expert'], 'the computer plays White at the expert level');
  // Remembered for next time, as the app's own set-up screen remembers them.
  assert.deepEqual(await page.evaluate(() => ['vrhcaby.bot.level', 'vrhcaby.bot.side', 'vrhcaby.new.rules', 'vrhcaby.new.length']
    .map((k) => localStorage.getItem(k))), ['expert', 'black', 'standard', '3']);
  assert.deepEqual(page.errors, []);
});

test('the painted set-up screen\'s choices carry over to the app\'s; Back forgets the tap', { timeout: 60_000 }, async () => {
  const { page, release } = await heldPage();
  await page.getByTestId('play-computer').click();
  await page.getByTestId('bot-side').selectOption('random');
  await page.getByTestId('game-rules').selectOption('standard');
  await page.locator('#boot [data-testid=standard-options] summary').click();
  await page.getByTestId('opt-jacoby').check();
  await page.getByTestId('opt-cube').uncheck();
  await page.getByTestId('opt-auto-doubles').selectOption('2');
  await page.getByTestId('opt-clock').selectOption('reserve');
  release();
  await page.locator('#boot').waitFor({ state: 'detached' });
  const app = page.locator('main.computer');
  await app.waitFor();
  assert.equal(await app.getByTestId('bot-side').inputValue(), 'random');
  assert.equal(await app.getByTestId('game-rules').inputValue(), 'standard');
  assert.equal(await app.getByTestId('opt-jacoby').isChecked(), true);
  assert.equal(await app.getByTestId('opt-cube').isChecked(), false);
  assert.equal(await app.getByTestId('opt-auto-doubles').inputValue(), '2');
  assert.equal(await app.getByTestId('opt-clock').inputValue(), 'reserve');
  assert.equal(await app.getByTestId('standard-options').evaluate((d) => d.open), true);
  assert.equal(await app.getByTestId('opt-jacoby').isVisible(), true);
  assert.deepEqual(page.errors, []);

  const back = await heldPage();
  await back.page.getByTestId('play-computer').click();
  await back.page.getByTestId('back').click();
  assert.equal(await back.page.getByTestId('new-local-game').isVisible(), true);
  back.release();
  await back.page.locator('#boot').waitFor({ state: 'detached' });
  await back.page.locator('main.start').waitFor();
  assert.equal(await back.page.locator('main.computer').count(), 0, 'the app opened its start screen');
  assert.deepEqual(back.page.errors, []);
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
