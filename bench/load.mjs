// The first load on a throttled phone (a benchmark, not a test; issue 19): dist/ served gzipped as
// GitHub Pages serves it, Chromium's network (1.6 Mbps down, 750 kbps up, 150 ms round trip) and
// CPU (4× slower) throttling, a cold cache, 390 × 844. Per run: when the start screen is painted
// (first contentful paint), when "New game" can be tapped, and — tapping it as soon as it shows —
// when the board is playable; likewise "Play the computer" → its set-up screen → a game against
// it; then a second visit with the service worker (its start screen; its board, the first visit's
// game continued). `wasm` is when the app's wasm had arrived, `afterWasm` the board's time less
// that. Last, How to play, whose code comes in a chunk of its own: `howTo` from the tap (the app
// ready) to the screen on a first visit, `againHowTo` from navigation on a second visit.
// Prints each run and the medians as JSON.
//
//   ./scripts/build.sh && node bench/load.mjs [runs] [path]      (path: '' the page, e.g. 'peer/')
import { launch, serveDist } from '../tests/e2e/harness.mjs';

const runs = Number(process.argv[2] ?? 3);
const path = process.argv[3] ?? '';
const server = await serveDist('/', 0, { gzip: true });
const browser = await launch();

async function throttled() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'cs-CZ', hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** Milliseconds since navigation began, in the page. */
const now = (page) => page.evaluate(() => performance.now());
const fcp = (page) => page.evaluate(() => new Promise((done) => {
  const seen = performance.getEntriesByName('first-contentful-paint')[0];
  if (seen) return done(seen.startTime);
  new PerformanceObserver((l) => done(l.getEntries()[0].startTime)).observe({ type: 'paint', buffered: true });
}));
const playable = (page) => page.waitForFunction(() => document.querySelector('svg.board')
  && document.querySelector('svg.board').getAttribute('data-phase') !== null, null, { timeout: 60_000, polling: 16 });

async function newGame() {
  const { context, page } = await throttled();
  await page.goto(server.url + path, { waitUntil: 'commit' });
  const button = page.getByTestId('new-local-game');
  await button.waitFor({ state: 'visible', timeout: 60_000 });
  const usable = await now(page);
  await button.click({ noWaitAfter: true });
  await playable(page);
  const board = await now(page);
  const paint = await fcp(page);
  // When the app's wasm had arrived: the board's time less this is the page's own work, apart
  // from the network's (this machine's timings vary between runs mostly by the network's).
  const wasm = await page.evaluate(() => performance.getEntriesByType('resource')
    .find((e) => /_bg\.(lzma|wasm)$/.test(e.name))?.responseEnd ?? NaN);
  // The second visit: the service worker has cached everything.
  await page.waitForFunction(() => navigator.serviceWorker?.controller || navigator.serviceWorker?.ready, null, { timeout: 60_000 });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(3000);
  await page.goto(server.url + path, { waitUntil: 'commit' });
  const second = page.getByTestId('new-local-game');
  await second.waitFor({ state: 'visible', timeout: 60_000 });
  const again = await now(page);
  // The app continues the first visit's game by itself.
  await playable(page);
  const againBoard = await now(page);
  await context.close();
  return { paint, usable, wasm, board, afterWasm: board - wasm, again, againBoard };
}

async function computer() {
  const { context, page } = await throttled();
  await page.goto(server.url + path, { waitUntil: 'commit' });
  const button = page.getByTestId('play-computer');
  await button.waitFor({ state: 'visible', timeout: 60_000 });
  await button.click({ noWaitAfter: true });
  const start = page.getByTestId('start-bot-game');
  await start.waitFor({ state: 'visible', timeout: 60_000 });
  const setup = await now(page);
  await start.click({ noWaitAfter: true });
  await playable(page);
  const game = await now(page);
  await context.close();
  return { setup, game };
}

// A screen in a chunk of its own (the build step, xtask/): How to play, tapped once the app is
// ready on the first visit (`howTo`: from the tap to the screen, its chunk over the throttled
// network), and on the second visit as soon as its painted button shows (`againHowTo`: from
// navigation; the chunk comes from the service worker's cache).
async function lazyScreen() {
  const { context, page } = await throttled();
  await page.goto(server.url + path, { waitUntil: 'commit' });
  await page.locator('#boot').waitFor({ state: 'detached', timeout: 60_000 });
  const tap = await now(page);
  await page.getByTestId('how-to-play').click({ noWaitAfter: true });
  await page.getByTestId('howto-standard').waitFor({ timeout: 60_000 });
  const howTo = (await now(page)) - tap;
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(3000);
  await page.goto(server.url + path, { waitUntil: 'commit' });
  await page.getByTestId('how-to-play').click({ noWaitAfter: true, timeout: 60_000 });
  await page.getByTestId('howto-standard').waitFor({ timeout: 60_000 });
  const againHowTo = await now(page);
  await context.close();
  return { howTo, againHowTo };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (let i = 0; i < runs; i++) {
  const row = { ...(await newGame()), ...(await computer()), ...(await lazyScreen()) };
  for (const k of Object.keys(row)) row[k] = Math.round(row[k]);
  console.log(JSON.stringify(row));
  rows.push(row);
}
const med = {};
for (const k of Object.keys(rows[0])) med[k] = median(rows.map((r) => r[k]));
console.log(JSON.stringify({ median: med, runs }));
await browser.close();
server.close();
