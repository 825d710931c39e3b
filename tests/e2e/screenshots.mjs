// Screenshots to look at by eye (not a test: node --test does not pick this name up), of the
// screens issue 23 changed: node tests/e2e/screenshots.mjs OUTDIR [names,...] (after the build).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPair, launch, serveDist, openPosition, side, waitPhase, openSheet } from './harness.mjs';
import { startRelay } from './relay.mjs';
/** White's 6-5 played 13/7 13/8 (a bad play), then three book replies. */
const OPENING = { format: 'vrhcaby-record', version: 1, commands: [
  { t: 1000, cmd: 'start', first: 'white' }, { t: 1000, cmd: 'dice', dice: [6, 5] },
  { t: 2000, cmd: 'move', side: 'white', from: 13, to: 7 }, { t: 3000, cmd: 'move', side: 'white', from: 13, to: 8 },
  { t: 4000, cmd: 'dice', dice: [3, 1] }, { t: 5000, cmd: 'move', side: 'black', from: 8, to: 5 },
  { t: 6000, cmd: 'move', side: 'black', from: 6, to: 5 }, { t: 7000, cmd: 'dice', dice: [4, 2] },
  { t: 8000, cmd: 'move', side: 'white', from: 8, to: 4 }, { t: 9000, cmd: 'move', side: 'white', from: 6, to: 4 }] };
const out = process.argv[2] ?? '/tmp/shots';
const server = await serveDist();
const browser = await launch();
const sizes = { phone: { width: 390, height: 844 }, land: { width: 667, height: 375 }, desk: { width: 1280, height: 800 } };
const shoot = async (name, size, lang, fn) => {
  const ctx = await browser.newContext({ viewport: sizes[size], locale: lang === 'en' ? 'en-GB' : 'cs-CZ', hasTouch: size !== 'desk', isMobile: size !== 'desk' });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') console.log(`[${name}/${size}/${lang}] ${m.type()}: ${m.text()}`); });
  try { await fn(page); await page.waitForTimeout(400); await page.screenshot({ path: `${out}/${name}-${size}-${lang}.png` }); }
  catch (e) { console.log(`${name} ${size} ${lang}: ${e.message}`); }
  await ctx.close();
};
/** A standard money game on one device, played until a player may double (Roll or Double). */
const toRollOrDouble = async (p) => {
  await p.goto(`${server.url}?seed=2026`); await p.getByTestId('game-rules').selectOption('standard');
  await p.getByTestId('match-length').selectOption('0'); await p.getByTestId('new-local-game').click();
  await waitPhase(p, 'moving');
  for (let i = 0; i < 6 && await p.getByTestId('double').count() === 0; i++) {
    const m = p.locator('.point.movable, .bar.movable').first();
    if (await m.count()) { await m.click(); const t = p.locator('[data-target]').first(); if (await t.count()) await t.click(); }
    await p.waitForTimeout(300);
  }
};
const which = (process.argv[3] ?? 'all').split(',');
const want = (n) => which.includes('all') || which.includes(n);
const wantRelay = ['all', 'room', 'norelay', 'reconnecting', 'lobby'].some((n) => (process.argv[3] ?? 'all').split(',').includes(n));
const relay = wantRelay ? await startRelay() : null;
const which_sizes = (process.env.SIZES ?? 'phone,desk').split(',');
/** My games with the dice statistics (issue 42): a game against the computer played for a while
 * and resigned, kept once and put into each shot's storage. */
let keptGames = null;
if (want('dicestats')) {
  const ctx = await browser.newContext({ viewport: sizes.desk });
  const p = await ctx.newPage();
  await p.goto(`${server.url}?seed=31`); await p.getByTestId('play-computer').click();
  await p.getByTestId('start-bot-game').click();
  for (let i = 0; i < 400 && (await p.getByTestId('result').count()) === 0; i++) {
    const m = p.locator('.point.movable, .bar.movable').first();
    if (await m.count()) { await m.click(); const t = p.locator('[data-target]').first(); if (await t.count()) await t.click().catch(() => {}); }
    else await p.waitForTimeout(150);
    if (i === 300) { await (await openSheet(p)).getByTestId('resign').click(); await p.getByTestId('confirm-resign').click(); }
  }
  keptGames = await p.evaluate(() => localStorage.getItem('vrhcaby.history'));
  await ctx.close();
}
for (const size of which_sizes) for (const lang of ['cs', 'en']) {
  const relayed = relay && `${server.url}?relays=${encodeURIComponent(relay.url)}`;
  if (want('room')) await shoot('room', size, lang, async (p) => {
    await p.goto(relayed); await p.getByTestId('play-friend').click(); await p.getByTestId('manual-codes').waitFor();
    await p.locator('details.advanced > summary').click(); await p.locator('details.relays summary').click();
  });
  if (want('norelay')) await shoot('norelay', size, lang, async (p) => {
    await p.goto(`${server.url}#room=${'ab'.repeat(16)}&relays=${encodeURIComponent('ws://127.0.0.1:9')}`);
    await p.getByTestId('no-relay').waitFor({ timeout: 15000 });
  });
  if (want('reconnecting')) await shoot('reconnecting', size, lang, async (p) => {
    const guestCtx = await browser.newContext();
    const guest = await guestCtx.newPage();
    await p.goto(relayed); await p.getByTestId('play-friend').click(); await p.getByTestId('manual-codes').waitFor();
    await guest.goto(await p.getByTestId('invite-link').inputValue());
    await p.waitForFunction(() => document.querySelector('[data-testid=peer-status]')?.getAttribute('data-link') === 'online', null, { timeout: 30000 });
    await guestCtx.close();
    await p.waitForFunction(() => document.querySelector('[data-testid=peer-status]')?.getAttribute('data-link') === 'reconnecting', null, { timeout: 30000 });
  });
  if (want('computer')) await shoot('computer', size, lang, async (p) => { await p.goto(`${server.url}`); await p.getByTestId('play-computer').click(); await p.getByTestId('start-bot-game').waitFor(); });
  if (want('botgame')) await shoot('botgame', size, lang, async (p) => {
    await p.goto(`${server.url}?seed=5&botpause=250`); await p.getByTestId('play-computer').click();
    await p.getByTestId('bot-level').selectOption('expert'); await p.getByTestId('bot-side').selectOption('white');
    await p.getByTestId('start-bot-game').click();
    await p.waitForFunction(() => { const s = document.querySelector('svg.board'); return s.getAttribute('data-phase') === 'moving' && s.getAttribute('data-turn') === 'white' && !document.querySelector('[data-die][data-used]'); }, null, { timeout: 30000 });
    await p.getByTestId('hint').click(); await p.locator('[data-testid=hint-arrow]').first().waitFor({ timeout: 20000 });
  });
  if (want('bar')) await shoot('bar', size, lang, async (p) => {
    await openPosition(p, server.url, { position: { white: side({ 25: 3, 6: 5, 8: 3, 13: 4 }), black: side({ 24: 2, 13: 5, 8: 8 }) }, first: 'white', rng: 3 });
    await waitPhase(p, 'moving'); await p.locator('[data-point="24"]').focus(); await p.keyboard.press('Tab');
  });
  if (want('tray')) await shoot('tray', size, lang, async (p) => {
    await openPosition(p, server.url, { position: { white: side({ 0: 14, 1: 1 }), black: side({ 0: 14, 3: 1 }) }, first: 'white', rng: 1 });
    await waitPhase(p, 'moving', 'over');
  });
  if (want('match')) await shoot('match', size, lang, async (p) => {
    await p.goto(`${server.url}?seed=2026`); await p.getByTestId('game-rules').selectOption('standard');
    await p.getByTestId('match-length').selectOption('3'); await p.getByTestId('new-local-game').click();
    await waitPhase(p, 'moving'); await (await openSheet(p)).getByTestId('resign').click(); await p.getByTestId('confirm-resign').click();
    await p.getByTestId('accept-resign').click(); await p.getByTestId('result').waitFor();
  });
  if (want('history')) await shoot('history', size, lang, async (p) => {
    await p.goto(`${server.url}?seed=9`);
    for (let i = 0; i < 2; i++) { await p.getByTestId('new-local-game').click(); await waitPhase(p, 'moving');
      await (await openSheet(p)).getByTestId('resign').click(); await p.getByTestId('confirm-resign').click(); await p.getByTestId('result').waitFor(); await p.getByTestId('result-menu').click(); }
    await p.getByTestId('my-games').click(); await p.getByTestId('history-game').first().waitFor();
  });
  if (want('cube')) await shoot('cube', size, lang, async (p) => {
    await toRollOrDouble(p);
    await p.getByTestId('double').click(); await p.getByTestId('take').click(); await p.waitForTimeout(300);
  });
  if (want('rolling')) await shoot('rolling', size, lang, async (p) => {
    await toRollOrDouble(p);
  });
  if (want('peer') && size === 'phone') {
    const { host, guest } = await connectPair(browser, server.url);
    await waitPhase(host, 'moving', 'rolling'); await host.waitForTimeout(500);
    await host.screenshot({ path: `${out}/peer-host-${lang}.png` }); await guest.screenshot({ path: `${out}/peer-guest-${lang}.png` });
  }
  if (want('dicestats') && keptGames) await shoot('dicestats', size, lang, async (p) => {
    await p.addInitScript((g) => localStorage.setItem('vrhcaby.history', g), keptGames);
    await p.goto(`${server.url}`); await p.getByTestId('my-games').click();
    await p.getByTestId('dice-stats').waitFor(); await p.getByTestId('dice-stats').scrollIntoViewIfNeeded();
  });
  if (want('proof')) {
    const { host, guest } = await connectPair(browser, server.url);
    // The language button is in the page's header on every screen.
    if (lang === 'en') await host.getByTestId('language').first().click();
    await host.setViewportSize(sizes[size]);
    await waitPhase(host, 'moving', 'rolling');
    const check = host.getByTestId('check-roll').first(); await check.waitFor();
    await check.scrollIntoViewIfNeeded(); await check.click(); await host.getByTestId('roll-proof').waitFor();
    await host.getByTestId('roll-proof').scrollIntoViewIfNeeded(); await host.waitForTimeout(400);
    await host.screenshot({ path: `${out}/proof-${size}-${lang}.png` });
    await host.context().close(); await guest.context().close();
  }
  if (want('lobby')) {
    // Someone's table open on the relay; the shot's page lists it.
    const other = await browser.newContext({ locale: 'en-GB' });
    const o = await other.newPage();
    await o.goto(`${server.url}?relays=${encodeURIComponent(relay.url)}`);
    await o.getByTestId('play-stranger').click(); await o.getByTestId('open-table').click();
    await shoot('lobby', size, lang, async (p) => {
      await p.goto(`${server.url}?relays=${encodeURIComponent(relay.url)}`);
      await p.getByTestId('play-stranger').click();
      await p.locator('[data-testid=table-list] [data-table]').first().waitFor({ timeout: 15_000 });
    });
    await shoot('lobbyopen', size, lang, async (p) => {
      await p.goto(`${server.url}?relays=${encodeURIComponent(relay.url)}`);
      await p.getByTestId('play-stranger').click(); await p.getByTestId('open-table').click();
      await p.locator('[data-testid=table-list] [data-table]').first().waitFor({ timeout: 15_000 });
      await p.getByTestId('lobby-help').locator('summary').click();
    });
    await shoot('tablewaiting', size, lang, async (p) => {
      await p.goto(`${server.url}?relays=${encodeURIComponent(relay.url)}`);
      await p.getByTestId('play-stranger').click(); await p.getByTestId('open-table').click();
      await p.getByTestId('wait-with-computer').click(); await p.getByTestId('start-bot-game').click();
      await p.getByTestId('table-waiting').waitFor(); await waitPhase(p, 'moving', 'rolling');
    });
    await other.close();
  }
  if (want('howto')) await shoot('howto', size, lang, async (p) => { await p.goto(`${server.url}`); await p.getByTestId('how-to-play').click(); await p.getByTestId('howto-direction').waitFor(); await p.getByTestId('howto-direction').scrollIntoViewIfNeeded(); });
  if (want('start')) await shoot('start', size, lang, async (p) => { await p.goto(`${server.url}`); await p.getByTestId('my-games').waitFor(); });
  if (want('game')) await shoot('game', size, lang, async (p) => { await p.goto(`${server.url}?seed=11`); await p.getByTestId('new-local-game').click(); await waitPhase(p, 'moving'); });
  // Issue 21: the analysis, a puzzle judged, the tutor's warning mid-roll.
  const analysed = async (p) => {
    const dir = await mkdtemp(join(tmpdir(), 'vrhcaby-'));
    await writeFile(join(dir, 'game.json'), JSON.stringify(OPENING));
    await p.goto(`${server.url}`); await p.getByTestId('import').setInputFiles(join(dir, 'game.json'));
    await p.getByTestId('analyse').click(); await p.getByTestId('analysis-white').waitFor({ timeout: 60000 });
  };
  if (want('analysis')) await shoot('analysis', size, lang, async (p) => {
    await analysed(p); await p.keyboard.press('Home'); await p.keyboard.press('ArrowRight'); await p.keyboard.press('ArrowRight');
    await p.getByTestId('analysis-here').waitFor(); await p.getByTestId('analysis').scrollIntoViewIfNeeded();
  });
  if (want('learn')) await shoot('learn', size, lang, async (p) => {
    await analysed(p); await p.getByTestId('learn-mistakes').click();
    for (const [a, b] of [[13, 7], [13, 8]]) { await p.locator(`[data-point="${a}"]`).click(); await p.locator(`[data-point="${b}"][data-target]`).click(); }
    await p.waitForFunction(() => document.querySelector('[data-testid=puzzle-verdict]')?.getAttribute('data-verdict'), null, { timeout: 60000 });
  });
  if (want('tutor')) await shoot('tutor', size, lang, async (p) => {
    const start = side({ 6: 5, 8: 3, 13: 5, 24: 2 });
    await p.addInitScript(() => localStorage.setItem('vrhcaby.tutor', '1'));
    await openPosition(p, `${server.url}`, { position: { white: start, black: start }, first: 'white', rng: 15 });
    await waitPhase(p, 'moving'); await p.locator('[data-point="8"]').click(); await p.locator('[data-point="2"][data-target]').click();
    await p.getByTestId('tutor-warning').waitFor({ timeout: 30000 }); await p.getByTestId('tutor-show').click();
  });
  // Issue 43: the menu sheet on a small screen (the settings in place on a wide one).
  if (want('sheet')) await shoot('sheet', size, lang, async (p) => {
    await p.goto(`${server.url}?seed=11`); await p.getByTestId('new-local-game').click(); await waitPhase(p, 'moving');
    await openSheet(p);
  });
  if (want('stdtutor')) await shoot('stdtutor', size, lang, async (p) => {
    await p.addInitScript(() => localStorage.setItem('vrhcaby.tutor', '1'));
    await p.goto(`${server.url}?seed=2026`); await p.getByTestId('game-rules').selectOption('standard');
    await p.getByTestId('match-length').selectOption('0'); await p.getByTestId('new-local-game').click();
    await waitPhase(p, 'moving');
    for (let i = 0; i < 30 && await p.getByTestId('tutor-warning').count() === 0; i++) {
      const m = p.locator('.point.movable, .bar.movable').last();
      if (await m.count()) { await m.click(); const t = p.locator('[data-target]').last(); if (await t.count()) await t.click(); }
      else if (await p.getByTestId('roll').count()) await p.getByTestId('roll').click();
      await p.waitForTimeout(400);
    }
    await p.getByTestId('equity-what').locator('summary').click();
  });
}
await browser.close();
relay?.stop(); server.close();
