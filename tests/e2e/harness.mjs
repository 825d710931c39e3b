// Shared end-to-end helpers: a static server for dist/, headless Chromium via playwright-core,
// and small readers of the page's data-* contract.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

/** Serves dist/ on a free loopback port, under `prefix` (e.g. '/vrhcaby/' as on GitHub Pages);
 * resolves to { url, close }. `gzip`: compressed as GitHub Pages serves it (gzip when the
 * browser accepts it, except what is compressed already; cacheable for 10 minutes). */
export async function serveDist(prefix = '/', port = 0, { gzip = false } = {}) {
  const server = createServer(async (req, res) => {
    try {
      const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (!pathname.startsWith(prefix)) throw new Error('outside the prefix');
      let path = normalize('/' + pathname.slice(prefix.length));
      if (path.endsWith('/')) path += 'index.html';
      const file = join(DIST, path);
      if (!file.startsWith(DIST)) throw new Error('outside dist');
      await stat(file);
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
      let body = await readFile(file);
      if (gzip) {
        headers['cache-control'] = 'max-age=600';
        if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && !['.png', '.lzma'].includes(extname(file))) {
          body = gzipSync(body, { level: 6 });
          headers['content-encoding'] = 'gzip';
        }
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}${prefix}`, close: () => server.close() };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    // Tests never reach the internet: every name but this machine's is unresolvable (the public
    // relays and STUN servers among them).
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE *.local'],
  });
}

/** No relay list in this context's storage: "Play with a friend" goes straight to the manual
 * codes, as these tests expect (the relay tests name their local relay with `?relays=`). */
export async function noRelays(context) {
  await context.addInitScript(() => {
    if (localStorage.getItem('vrhcaby.relays') === null) localStorage.setItem('vrhcaby.relays', '');
  });
}

/** A fresh page (its own storage) that fails the test on any page error. The browser speaks
 * Czech unless `options.locale` says otherwise (the page follows `navigator.language`). */
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, locale: 'cs-CZ', ...options });
  await noRelays(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** On a small screen the game's settings, Resign and Menu sit in a sheet behind the menu button:
 * opens it when that button is shown (a wide screen shows them in place). Returns the page. */
export async function openSheet(page) {
  const toggle = page.getByTestId('game-menu');
  if (await toggle.isVisible() && await toggle.getAttribute('aria-expanded') !== 'true') {
    await toggle.click();
    await page.getByTestId('game-sheet').waitFor({ state: 'visible' });
  }
  return page;
}

export const board = (page) => page.locator('svg.board');
export const phase = (page) => board(page).getAttribute('data-phase');
export const turn = (page) => board(page).getAttribute('data-turn');

/** Waits until the board is in one of the phases. */
export async function waitPhase(page, ...phases) {
  await page.waitForFunction(
    (ps) => ps.includes(document.querySelector('svg.board')?.getAttribute('data-phase')),
    phases, { timeout: 20_000 },
  );
}

/** Waits until `side` has just rolled: moving, none of its dice used yet. */
export async function waitFreshRoll(page, side) {
  await page.waitForFunction((s) => {
    const svg = document.querySelector('svg.board');
    return svg.getAttribute('data-phase') === 'moving' && svg.getAttribute('data-turn') === s
      && !document.querySelector('[data-die][data-used]');
  }, side, { timeout: 30_000 });
}

/** Drags the first movable checker with the mouse onto its first target and lets go. */
export async function dragToFirstTarget(page) {
  const origin = page.locator('.point.movable').first();
  const from = await origin.boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 15, from.y + from.height / 2 + 15, { steps: 3 });
  const target = page.locator('[data-target]').first();
  await target.waitFor();
  const to = await target.boundingBox();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Starts a seeded local game from the start screen and waits for the first roll. */
export async function startGame(page, url, seed) {
  await page.goto(`${url}?seed=${seed}`);
  await page.getByTestId('new-local-game').click();
  await waitPhase(page, 'moving', 'over');
}

/** Opens a game on this device saved at its lot, from a given position (position JSON) with
 * `first` to roll, and the seeded dice at state `rng`: the page continues it by itself. */
export async function openPosition(page, url, { position, first = 'white', rng = 1 }) {
  await page.goto(url);
  await page.evaluate(({ position, first, rng }) => {
    const record = { format: 'vrhcaby-record', version: 1, rules: 'vrhcaby', position,
      commands: [{ t: Date.now(), cmd: 'start', first }] };
    localStorage.setItem('vrhcaby.save.local', JSON.stringify({ version: 1, kind: 'local', record, rng }));
  }, { position, first, rng });
  await page.reload();
}

/** Opens a standard money game on this device (no clock) after the opening roll `dice`, saved
 * at its lot; the seeded dice continue from state `rng`. */
export async function openStandard(page, url, { dice, rng = 1 }) {
  await page.goto(url);
  await page.evaluate(({ dice, rng }) => {
    const record = { format: 'vrhcaby-record', version: 1, rules: 'standard',
      options: { match_length: 0, cube: true, crawford: false, holland: false, jacoby: false, beavers: false,
        auto_doubles: 0, clock: { kind: 'none' } },
      context: { score: { white: 0, black: 0 }, crawford: 'before' },
      commands: [{ t: Date.now(), cmd: 'opening', dice }] };
    localStorage.setItem('vrhcaby.save.local', JSON.stringify({ version: 1, kind: 'local', record, rng }));
  }, { dice, rng });
  await page.reload();
}

const AXE = await readFile(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** Runs axe-core (npm `axe-core`, injected into the page) on the page as it is and returns the
 * serious and critical violations, readable. `labelInName`: the experimental label-in-name rule
 * on too (the board's labels must hold what it shows). */
export async function axeViolations(page, { labelInName = false } = {}) {
  await page.waitForTimeout(250); // Leptos renders asynchronously
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async (label) => {
    const r = await window.axe.run(document, {
      rules: label ? { 'label-content-name-mismatch': { enabled: true } } : {},
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  }, labelInName);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A side's 26 counts (0 off, 1–24 its points, 25 its bar) from `{ index: count }`. */
export const side = (counts) => Array.from({ length: 26 }, (_, i) => counts[i] ?? 0);

/** Everything visible about the game: turn, phase, dice and every checker's place. */
export async function snapshot(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('svg.board');
    const count = (sel) => [...document.querySelectorAll(sel)].map((el) => {
      const cs = [...el.querySelectorAll('[data-checker]')];
      return [el.getAttribute('data-point') ?? el.getAttribute('data-bar') ?? el.getAttribute('data-off'),
        cs.length ? `${cs[0].getAttribute('data-checker')}:${cs.length}` : ''];
    });
    return {
      turn: svg.getAttribute('data-turn'),
      phase: svg.getAttribute('data-phase'),
      dice: [...document.querySelectorAll('[data-die]')].map((d) =>
        `${d.getAttribute('data-die')}${d.hasAttribute('data-used') ? 'u' : ''}`),
      points: count('[data-point]'),
      bars: count('[data-bar]'),
      off: count('[data-off]'),
    };
  });
}

/** Plays one single move by clicking: the first movable checker, then its first target (a
 * forced move — nothing else can move and it has one place to go — is played by the first tap). */
export async function playOneMove(page) {
  const before = await page.evaluate(() => [document.querySelectorAll('[data-die]:not([data-used])').length,
    document.querySelector('svg.board').getAttribute('data-turn')]);
  const moved = (n) => document.querySelectorAll('[data-die]:not([data-used])').length !== n[0]
    || document.querySelector('svg.board').getAttribute('data-phase') !== 'moving'
    || document.querySelector('svg.board').getAttribute('data-turn') !== n[1];
  const origin = page.locator('.point.movable, .bar.movable').first();
  await origin.click();
  await page.waitForFunction((n) => document.querySelector('[data-target]')
    || document.querySelectorAll('[data-die]:not([data-used])').length !== n[0]
    || document.querySelector('svg.board').getAttribute('data-phase') !== 'moving'
    || document.querySelector('svg.board').getAttribute('data-turn') !== n[1], before, { timeout: 5_000 });
  if (await page.evaluate(moved, before)) return;
  const target = page.locator('[data-target]').first();
  await target.click();
  // The move is applied when a die gets used or the turn/phase moves on.
  await page.waitForFunction(moved, before, { timeout: 5_000 });
}

/** Plays `n` single moves, whoever is on turn, waiting for the automatic rolls in between. */
export async function playMoves(page, n) {
  for (let i = 0; i < n; i++) {
    await waitPhase(page, 'moving');
    await playOneMove(page);
  }
}

/** A page in its own browser context (its own storage) with no ICE servers: two such pages
 * reach each other on this machine only. */
export async function peerPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, locale: 'cs-CZ', ...options });
  await context.addInitScript(() => localStorage.setItem('vrhcaby.ice', ''));
  await noRelays(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** Connects two fresh pages by clicking: the host invites, the guest opens the link, the
 * answer goes back. Resolves when both show the peer online. */
export async function connectPair(browser, url) {
  const host = await peerPage(browser);
  const guest = await peerPage(browser);
  await host.goto(url);
  return { host, guest, ...(await connect(host, guest)) };
}

/** Connects two open pages by clicking (the host on a screen with Play with a friend): the
 * host invites, the guest opens the link, the answer code goes back. Resolves with the link and
 * the code when both show the peer online. */
export async function connect(host, guest) {
  await host.getByTestId('play-friend').click();
  await host.getByTestId('invite-link').waitFor();
  const link = await host.getByTestId('invite-link').inputValue();
  await guest.goto(link);
  await guest.getByTestId('answer-code').waitFor();
  const answer = await guest.getByTestId('answer-code').inputValue();
  await host.getByTestId('paste-answer').fill(answer);
  await host.getByTestId('connect').click();
  for (const page of [host, guest]) await waitOnline(page);
  return { link, answer };
}

/** Waits for the peer-status to read `state`. */
export const waitOnline = (page, state = 'online') => page.waitForFunction(
  (s) => document.querySelector('[data-testid=peer-status]')?.textContent === s, state, { timeout: 20_000 });

/** Both boards show the same turn, phase, dice and checkers (once both are waiting for a move:
 * each page draws the other's act a moment later); the shared snapshot. */
export async function sameBoards(a, b) {
  let sa;
  let sb;
  for (let i = 0; i < 100; i++) {
    await waitPhase(a, 'moving', 'over');
    await waitPhase(b, 'moving', 'over');
    [sa, sb] = [await snapshot(a), await snapshot(b)];
    if (JSON.stringify(sa) === JSON.stringify(sb)) break;
    await b.waitForTimeout(100);
  }
  assert.deepEqual(sb, sa, 'both boards agree');
  return sa;
}
