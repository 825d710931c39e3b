// End-to-end, issue 50: what a newcomer tripped on. At a phone (390×844, touch), a phone on its side
// (667×375, touch) and a desktop (1280×800): every screen opens at its top and a game with its
// board, dice and clock in view; an invitation nobody used is shown as one after Back and after a
// reload (and works later), a game whose link dropped offers Reconnect and its link; with no relay
// reachable a table is never said open; the browser's Back moves between the app's screens (a
// game's to the menu, the game kept) and a shared address opens its screen. Then "Someone sat
// down" before the board on both pages, resigning with one choice, the analysis in a player's
// words, and axe on the changed screens in both languages. Relays run on this machine only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeViolations, launch, openSheet, serveDist, waitPhase } from './harness.mjs';
import { startRelay } from './relay.mjs';

let server;
let browser;
let relay;
before(async () => { server = await serveDist(); browser = await launch(); relay = await startRelay(); });
after(async () => { await browser?.close(); server?.close(); relay?.stop(); });

const SIZES = [
  { name: '390×844', viewport: { width: 390, height: 844 }, touch: true },
  { name: '667×375', viewport: { width: 667, height: 375 }, touch: true },
  { name: '1280×800', viewport: { width: 1280, height: 800 }, touch: false },
];

/** A page of its own (storage, no ICE servers: two such pages reach each other here only). */
async function pageAt(size, { lang = 'cs', relays = null } = {}) {
  const context = await browser.newContext({
    viewport: size.viewport, locale: lang === 'en' ? 'en-GB' : 'cs-CZ', hasTouch: size.touch, isMobile: size.touch,
  });
  await context.addInitScript(({ relays }) => {
    localStorage.setItem('vrhcaby.ice', '');
    if (relays !== null && localStorage.getItem('vrhcaby.relays') === null) localStorage.setItem('vrhcaby.relays', relays);
  }, { relays });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

const scrollY = (page) => page.evaluate(() => Math.round(window.scrollY));
const scrollDown = (page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
const waitLink = (page, state, timeout = 30_000) => page.waitForFunction(
  (s) => document.querySelector('[data-testid=peer-status]')?.getAttribute('data-link') === s, state, { timeout });
const withRelays = (relays) => `${server.url}?relays=${encodeURIComponent(relays.join(','))}`;

/** Whether the whole of `selector`'s first element is inside the window as it is scrolled now. */
async function inView(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return `${sel}: none`;
    const r = el.getBoundingClientRect();
    return r.top >= -1 && r.left >= -1 && r.bottom <= window.innerHeight + 1 && r.right <= window.innerWidth + 1
      ? true : `${sel}: ${JSON.stringify([r.top, r.bottom, window.innerHeight])}`;
  }, selector);
}

/** A game on the screen with its board, dice and clock in view, and the window at its top. */
async function gameInView(page, what) {
  await page.locator('[data-die]').first().waitFor({ timeout: 30_000 });
  assert.equal(await scrollY(page), 0, `${what}: the game opens at its top`);
  for (const sel of ['svg.board', '[data-die]', '[data-seconds-left]']) assert.equal(await inView(page, sel), true, `${what}: ${sel} in view`);
}

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

for (const size of SIZES) {
  test(`${size.name}: every screen opens at its top; a game opens with its board, dice and clock in view`, { timeout: 120_000 }, async () => {
    const page = await pageAt(size);
    await page.goto(`${server.url}?seed=7`);
    await page.getByTestId('play-computer').waitFor();
    // The start screen's main button is in view without a scroll, sideways too.
    assert.equal(await inView(page, '[data-testid=play-computer]'), true);
    for (const [button, screen] of [['how-to-play', 'back-top'], ['my-games', 'menu'], ['play-stranger', 'lobby']]) {
      await scrollDown(page);
      await page.getByTestId(button).click();
      await page.getByTestId(screen).first().waitFor();
      assert.equal(await scrollY(page), 0, `${button} opens at its top`);
      await scrollDown(page);
      await page.goBack();
      await page.getByTestId('play-computer').waitFor();
      assert.equal(await scrollY(page), 0, `the start screen again at its top, from ${button}`);
    }
    // The computer's set-up: its Start in view as it opens (sideways, it stays in view); the
    // player scrolls down anyway and starts: the game opens at its top.
    await page.getByTestId('play-computer').click();
    await page.getByTestId('start-bot-game').waitFor();
    assert.equal(await scrollY(page), 0);
    assert.equal(await inView(page, '[data-testid=start-bot-game]'), true, 'Start in view');
    await scrollDown(page);
    await page.getByTestId('start-bot-game').click();
    await gameInView(page, 'against the computer');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`${size.name}: an invitation nobody used stays one after Back and a reload, and works later; a game whose link dropped offers Reconnect and its link`, { timeout: 180_000 }, async () => {
    const host = await pageAt(size);
    await host.goto(withRelays([relay.url]));
    await host.getByTestId('play-friend').click();
    await host.getByTestId('invite-link').waitFor();
    const link = await host.getByTestId('invite-link').inputValue();
    await host.waitForFunction(() => document.querySelector('[data-testid=relay-step]')?.dataset.state === 'done', null, { timeout: 15_000 });
    // Back: the start screen shows the invitation as one (no "Continue" to a game with a friend).
    await host.getByTestId('back').click();
    await host.getByTestId('invitation').waitFor();
    assert.equal(await host.locator('[data-testid=continue][data-kind=peer]').count(), 0, 'no game with a friend to continue');
    // A reload: the app shows the invitation again — its link, and waiting for the friend.
    await host.reload();
    await host.getByTestId('invite-link').waitFor();
    assert.equal(await host.getByTestId('invite-link').inputValue(), link, 'the same link');
    await host.getByTestId('friend-status').waitFor();
    assert.equal(await host.locator('svg.board').count(), 0, 'no board saying reconnecting');
    await host.locator('[data-testid=friend-status]').scrollIntoViewIfNeeded();
    // The friend opens the link later: both boards, the host's at its top.
    const guest = await pageAt(size);
    await guest.goto(link);
    await waitLink(host, 'online');
    await waitLink(guest, 'online');
    await gameInView(host, "the host's game");
    // Back in the game: the menu, the game kept (a game now, no invitation).
    await host.goBack();
    await host.locator('[data-testid=continue][data-kind=peer]').waitFor();
    assert.equal(await host.getByTestId('invitation').count(), 0);
    await host.locator('[data-testid=continue][data-kind=peer]').click();
    await host.locator('svg.board').waitFor();
    // The friend's page goes away: the host's game offers Reconnect and the link to send again.
    await guest.context().close();
    await host.getByTestId('reconnect').waitFor({ timeout: 30_000 });
    await host.getByTestId('copy-game-link').waitFor({ timeout: 30_000 });
    assert.equal(await host.getByTestId('copy-game-link').getAttribute('data-link'), link);
    // After a reload too.
    await host.reload();
    await host.getByTestId('reconnect').waitFor({ timeout: 30_000 });
    assert.equal(await host.getByTestId('copy-game-link').getAttribute('data-link'), link);
    assert.deepEqual(host.errors, []);
    await host.context().close();
  });

  test(`${size.name}: with no relay reachable, Open my table says nobody can see it and offers the computer`, { timeout: 90_000 }, async () => {
    const dead = `ws://127.0.0.1:${await freePort()}`;
    const page = await pageAt(size);
    await page.goto(withRelays([dead]));
    await page.getByTestId('play-stranger').click();
    await page.getByTestId('open-table').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=lobby-status]').dataset.state === 'unreached', null, { timeout: 15_000 });
    assert.match(await page.getByTestId('lobby-status').innerText(), /nikdo nevidí/);
    assert.match(await page.getByTestId('lobby-relays').innerText(), /Žádný přenosový server/);
    assert.equal(await page.getByTestId('wait-with-computer').isVisible(), true, 'the computer meanwhile');
    // With a live relay (its own: no table of another test on it) the table is open once the
    // relay accepted it, and the wait moves on.
    const own = await startRelay();
    const live = await pageAt(size);
    await live.goto(withRelays([own.url]));
    await live.getByTestId('play-stranger').click();
    await live.getByTestId('open-table').click();
    await live.waitForFunction(() => document.querySelector('[data-testid=lobby-status]').dataset.state === 'open', null, { timeout: 15_000 });
    const first = await live.getByTestId('lobby-waited').innerText();
    assert.match(first, /^Čekáš 0:0\d$/);
    await live.waitForFunction((t) => document.querySelector('[data-testid=lobby-waited]').innerText !== t, first, { timeout: 5_000 });
    assert.match(await live.getByTestId('no-tables').innerText(), /Nikdo jiný teď nečeká/);
    for (const p of [page, live]) { assert.deepEqual(p.errors, []); await p.context().close(); }
    own.stop();
  });

  test(`${size.name}: the browser's Back moves between the screens, a game's Back goes to the menu with the game kept, and a shared address opens its screen`, { timeout: 90_000 }, async () => {
    const page = await pageAt(size);
    await page.goto(server.url);
    await page.getByTestId('how-to-play').click();
    await page.getByTestId('back-top').waitFor();
    assert.ok(page.url().endsWith('#how-to-play'), page.url());
    await page.goBack();
    await page.getByTestId('play-computer').waitFor();
    assert.ok(!page.url().includes('#'), page.url());
    await page.goForward();
    await page.getByTestId('back-top').waitFor();
    // The app's own Back and the browser's agree: two ways back to one start screen.
    await page.getByTestId('back-top').click();
    await page.getByTestId('play-computer').waitFor();
    // A game: its Back is the menu, the game kept; Continue takes it up again.
    await page.getByTestId('play-computer').click();
    await page.getByTestId('start-bot-game').click();
    await page.locator('svg.board').waitFor();
    await page.goBack();
    await page.locator('[data-testid=continue][data-kind=bot]').waitFor();
    await page.locator('[data-testid=continue][data-kind=bot]').click();
    await page.locator('svg.board').waitFor();
    // Reopened by itself (a reload), a game still goes back to the menu, never off the page.
    await page.reload();
    await page.locator('svg.board').waitFor();
    await page.goBack();
    await page.locator('[data-testid=continue][data-kind=bot]').waitFor();
    assert.ok(page.url().startsWith(server.url), page.url());
    // Shared addresses: how to play, the open tables; Back from them is the start screen.
    for (const [hash, testid] of [['#how-to-play', 'back-top'], ['#tables', 'lobby']]) {
      const other = await pageAt(size);
      await other.goto(`${server.url}${hash}`);
      await other.getByTestId(testid).waitFor();
      await other.goBack();
      await other.getByTestId('play-computer').waitFor();
      assert.deepEqual(other.errors, []);
      await other.context().close();
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('a stranger sits down: "Someone sat down" on both pages, never the friend screen, then both boards before the first clock', { timeout: 120_000 }, async () => {
  const size = SIZES[0];
  const watch = async (page) => page.addInitScript(() => {
    window.seen = { sat: false, friend: false, phase: null };
    new MutationObserver(() => {
      if (document.querySelector('[data-testid=sat-down]')) window.seen.sat = true;
      if (document.querySelector('[data-testid=friend-steps], [data-testid=manual-codes]')) window.seen.friend = true;
      const board = document.querySelector('svg.board');
      if (board && window.seen.phase === null) window.seen.phase = board.getAttribute('data-phase');
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const owner = await pageAt(size);
  const joiner = await pageAt(size);
  for (const p of [owner, joiner]) {
    await watch(p);
    await p.goto(withRelays([relay.url]));
    await p.getByTestId('play-stranger').click();
  }
  await owner.getByTestId('open-table').click();
  await owner.waitForFunction(() => document.querySelector('[data-testid=lobby-status]').dataset.state === 'open', null, { timeout: 15_000 });
  await joiner.locator('[data-table] [data-testid=join-table]').first().click({ timeout: 15_000 });
  await waitLink(owner, 'online');
  await waitLink(joiner, 'online');
  for (const [name, p] of [['owner', owner], ['joiner', joiner]]) {
    const seen = await p.evaluate(() => window.seen);
    assert.equal(seen.sat, true, `${name}: "Someone sat down" shown`);
    assert.equal(seen.friend, false, `${name}: never the friend screen`);
    assert.ok(!['moving', 'over'].includes(seen.phase), `${name}: the board came before any clock ran (${seen.phase})`);
    assert.equal(await p.getByTestId('sat-down').count(), 0, `${name}: gone with the board`);
    await gameInView(p, name);
    assert.deepEqual(p.errors, []);
  }
  for (const p of [owner, joiner]) await p.context().close();
});

test('resigning against the computer asks "Resign this game?" and says "You resigned"; its clock note says the computer never claims', { timeout: 90_000 }, async () => {
  for (const [lang, title, said, note] of [['cs', 'Vzdát tuto hru?', 'Vzdal(a) ses.', /nebere/], ['en', 'Resign this game?', 'You resigned.', /never claims/]]) {
    const page = await pageAt(SIZES[2], { lang });
    await page.goto(`${server.url}?seed=3`);
    await page.getByTestId('play-computer').click();
    await page.getByTestId('start-bot-game').click();
    await page.locator('svg.board').waitFor();
    await page.getByTestId('clock-note').waitFor();
    assert.match(await page.getByTestId('clock-note').innerText(), note);
    await (await openSheet(page)).getByTestId('resign').click();
    assert.equal(await page.locator('#resign-title').innerText(), title);
    assert.equal(await page.locator('[data-testid^=resigner-]:visible').count(), 0, 'no side to choose');
    await page.getByTestId('confirm-resign').click();
    await page.getByTestId('result').waitFor();
    assert.equal(await page.getByTestId('result-reason').innerText(), said);
    assert.deepEqual(await axeViolations(page), [], `the result (${lang})`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('the analysis: named so, its progress, summary and graph before the board, each number in a player\'s words', { timeout: 120_000 }, async () => {
  const RECORD = { format: 'vrhcaby-record', version: 1, commands: [
    { t: 1000, cmd: 'start', first: 'white' }, { t: 1000, cmd: 'dice', dice: [6, 5] },
    { t: 2000, cmd: 'move', side: 'white', from: 13, to: 7 }, { t: 3000, cmd: 'move', side: 'white', from: 13, to: 8 },
    { t: 4000, cmd: 'dice', dice: [3, 1] }, { t: 5000, cmd: 'move', side: 'black', from: 8, to: 5 },
    { t: 6000, cmd: 'move', side: 'black', from: 6, to: 5 }, { t: 7000, cmd: 'resign', side: 'black' }] };
  const dir = await mkdtemp(join(tmpdir(), 'vrhcaby-'));
  const path = join(dir, 'game.json');
  await writeFile(path, JSON.stringify(RECORD));
  for (const size of [SIZES[0], SIZES[2]]) for (const lang of ['cs', 'en']) {
    const page = await pageAt(size, { lang });
    await page.goto(server.url);
    await page.getByTestId('import').setInputFiles(path);
    await page.getByTestId('replay').waitFor();
    await page.getByTestId('analyse').click();
    assert.equal(await page.getByTestId('replay-title').innerText(), lang === 'cs' ? 'Rozbor hry' : 'Game analysis');
    await page.getByTestId('analysis-white').waitFor({ timeout: 60_000 });
    // The summary and the graph come before the board, the summary in the first screen.
    const top = async (sel) => page.locator(sel).first().evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(await top('[data-testid=analysis-summary]') < await top('svg.board'), 'the summary before the board');
    assert.ok(await top('[data-testid=analysis-graph]') < await top('svg.board'), 'the graph before the board');
    assert.equal(await inView(page, '[data-testid=analysis-white]'), true, 'the summary in view');
    const words = await page.getByTestId('analysis-summary').innerText();
    assert.doesNotMatch(words, /equity|ekvit|error rate|chybovost|luck-adjusted|očištěný/i, words);
    await page.getByTestId('analysis-scale').locator('summary').click();
    assert.doesNotMatch(await page.getByTestId('analysis-scale').innerText(), /equity|ekvit|thousandths|tisícin/i);
    assert.deepEqual(await axeViolations(page), [], `the analysis (${size.name}, ${lang})`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('How to play keeps its Back at hand; the set-up\'s rules as wide as their neighbours; Hint stays put on a desktop', { timeout: 90_000 }, async () => {
  const phone = await pageAt(SIZES[0]);
  await phone.goto(server.url);
  await phone.getByTestId('how-to-play').click();
  await phone.getByTestId('back-top').waitFor();
  await phone.mouse.wheel(0, 2000);
  await phone.waitForTimeout(300);
  assert.ok(await scrollY(phone) > 1000, 'a long page, scrolled');
  assert.equal(await inView(phone, '[data-testid=back-top]'), true, 'Back still at hand');
  await phone.getByTestId('back-top').click();
  await phone.getByTestId('play-computer').click();
  const width = (sel) => phone.locator(sel).evaluate((el) => Math.round(el.getBoundingClientRect().width));
  assert.equal(await width('[data-testid=game-rules]'), await width('[data-testid=bot-level]'), 'the rules as wide as the level');
  await phone.context().close();
  // A desktop: the clock note comes and goes; the Hint button does not move.
  const desk = await pageAt(SIZES[2]);
  await desk.goto(`${server.url}?seed=5`);
  await desk.getByTestId('new-local-game').click();
  await waitPhase(desk, 'moving');
  await desk.getByTestId('clock-note').waitFor();
  const y = () => desk.getByTestId('hint').evaluate((el) => Math.round(el.getBoundingClientRect().top));
  const before = await y();
  await desk.getByTestId('clock-note-close').click();
  await desk.getByTestId('clock-note').waitFor({ state: 'detached' });
  assert.equal(await y(), before, 'Hint stays where it was');
  assert.deepEqual(desk.errors, []);
  await desk.context().close();
});

test('axe: the start screen with an invitation waiting, the tables (opening, nobody can see it, open), How to play, in both languages', { timeout: 180_000 }, async () => {
  const dead = `ws://127.0.0.1:${await freePort()}`;
  for (const size of [SIZES[0], SIZES[2]]) for (const lang of ['cs', 'en']) {
    const page = await pageAt(size, { lang });
    await page.goto(withRelays([relay.url]));
    await page.getByTestId('play-friend').click();
    await page.getByTestId('invite-link').waitFor();
    await page.getByTestId('back').click();
    await page.getByTestId('invitation').waitFor();
    assert.deepEqual(await axeViolations(page), [], `start with an invitation (${size.name}, ${lang})`);
    await page.getByTestId('withdraw-invitation').click();
    await page.getByTestId('invitation').waitFor({ state: 'detached' });
    await page.getByTestId('how-to-play').click();
    await page.getByTestId('back-top').waitFor();
    assert.deepEqual(await axeViolations(page), [], `how to play (${size.name}, ${lang})`);
    await page.goto(withRelays([dead]));
    await page.getByTestId('play-stranger').click();
    await page.getByTestId('open-table').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=lobby-status]').dataset.state === 'unreached', null, { timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), [], `tables, nobody can see it (${size.name}, ${lang})`);
    await page.goto(withRelays([relay.url]));
    await page.getByTestId('play-stranger').click();
    await page.getByTestId('open-table').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=lobby-status]').dataset.state === 'open', null, { timeout: 15_000 });
    assert.deepEqual(await axeViolations(page), [], `tables, open (${size.name}, ${lang})`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
