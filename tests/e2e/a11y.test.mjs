// End-to-end: axe-core (npm `axe-core`, injected into the built page) on every screen a player
// reaches — start, how to play, a game, each dialog (resign and leave confirmations, the draw
// offer, the result), a position with tall stacks, the bar and borne-off checkers, and the
// friend (invitation), answer and answer-handed-over screens, My games (with its dice statistics),
// the open tables (none, one listed, taken) and a roll's proof — in Czech and English (one in the dark theme, one in
// the light), on a phone and a desktop. Any
// violation of impact serious or critical fails.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startRelay } from './relay.mjs';
import {
  launch, newPage, openPosition, peerPage, playMoves, playOneMove, serveDist, side, waitOnline, waitPhase, openSheet, axeViolations,
} from './harness.mjs';

const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 800 }];
const LANGS = ['cs', 'en'];

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
let relay;
after(async () => { await browser?.close(); server?.close(); relay?.stop(); });

const checked = [];
async function expectClean(page, screen) {
  const bad = await axeViolations(page, { labelInName: true });
  const size = page.viewportSize();
  checked.push(`${screen} ${size.width}x${size.height}`);
  assert.deepEqual(bad, [], `${screen} at ${size.width}×${size.height}: ${JSON.stringify(bad, null, 1)}`);
}

/** Each language is checked in one of the two themes (`prefers-color-scheme`, the default
 * theme's choice), so every screen is checked in both. */
const SCHEME = { cs: 'dark', en: 'light' };

/** A fresh page in `lang` (chosen as a player would, stored) at `size`. */
async function pageIn(lang, size, make = newPage) {
  const page = await make(browser, { viewport: size, colorScheme: SCHEME[lang] });
  await page.addInitScript((l) => localStorage.setItem('vrhcaby.lang', l), lang);
  return page;
}

// Stacks over five (drawn with a count), checkers on the bar and borne off.
const CROWDED = {
  white: side({ 0: 3, 1: 7, 6: 2, 13: 2, 25: 1 }),
  black: side({ 0: 1, 6: 8, 8: 3, 11: 2, 25: 1 }),
};

for (const lang of LANGS) {
  for (const size of SIZES) {
    describe(`axe: ${lang}, ${size.width}×${size.height}`, () => {
      test('start, how to play, a game and its dialogs', { timeout: 180_000 }, async () => {
        const page = await pageIn(lang, size);
        await page.goto(`${server.url}?seed=5`);
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), SCHEME[lang]);
        await expectClean(page, 'start');
        await page.getByTestId('how-to-play').click();
        await expectClean(page, 'how to play');
        await page.getByTestId('back').click();
        await page.getByTestId('new-local-game').click();
        await waitPhase(page, 'moving');
        await expectClean(page, 'game');
        // A checker selected, its targets lit.
        await page.locator('.point.movable').first().click();
        await page.locator('[data-target]').first().waitFor();
        await expectClean(page, 'game with a selection');
        await page.keyboard.press('Escape');
        // The settings: a sheet on a phone, in place on a desktop.
        await openSheet(page);
        await expectClean(page, 'game settings');
        await page.getByTestId('resign').click();
        await page.getByTestId('resign-dialog').waitFor();
        await expectClean(page, 'resign confirmation');
        await page.getByTestId('cancel-resign').click();
        const offer = page.getByTestId('offer-draw');
        for (let i = 0; i < 60 && (await offer.isDisabled()); i++) await playMoves(page, 1);
        await offer.click();
        await page.getByTestId('accept-draw').waitFor();
        await expectClean(page, 'draw offer');
        await page.getByTestId('decline-draw').click();
        await waitPhase(page, 'moving');
        await (await openSheet(page)).getByTestId('resign').click();
        await page.getByTestId('confirm-resign').click();
        await page.getByTestId('result').waitFor();
        await expectClean(page, 'result');
        // My games (on the full app), with the game just finished.
        await page.getByTestId('result-menu').click();
        await page.getByTestId('my-games').click();
        await page.getByTestId('history-game').first().waitFor();
        await expectClean(page, 'my games');
        assert.deepEqual(page.errors, []);
        await page.context().close();
      });

      test('a crowded position: stack counts, the bar, borne-off checkers', { timeout: 60_000 }, async () => {
        const page = await pageIn(lang, size);
        await openPosition(page, server.url, { position: CROWDED, first: 'white', rng: 3 });
        await waitPhase(page, 'moving', 'rolling');
        await expectClean(page, 'crowded position');
        // The drawn count is in the point's name.
        const label = await page.locator('[data-point="1"]').getAttribute('aria-label');
        assert.match(label, /\b7\b/, label);
        assert.equal(await page.locator('[data-point="1"] text.count').textContent(), '7');
        assert.deepEqual(page.errors, []);
        await page.context().close();
      });

      test('standard backgammon: the options, its rules, the cube, a double, a resignation, the result', { timeout: 120_000 }, async () => {
        const page = await pageIn(lang, size);
        await page.goto(`${server.url}?seed=11`);
        await page.getByTestId('game-rules').selectOption('standard');
        await page.getByTestId('standard-options').locator('summary').click();
        await expectClean(page, 'standard options');
        await page.getByTestId('how-to-play').click();
        await page.getByTestId('howto-standard').waitFor();
        await expectClean(page, 'how to play, standard');
        await page.getByTestId('back').click();
        await page.getByTestId('game-rules').selectOption('standard');
        await page.getByTestId('match-length').selectOption('0');
        await page.getByTestId('new-local-game').click();
        await waitPhase(page, 'moving');
        await expectClean(page, 'standard game');
        for (let i = 0; i < 40 && !(await page.getByTestId('double').isVisible()); i++) await playMoves(page, 1);
        await expectClean(page, 'roll or double');
        await page.getByTestId('double').click();
        await page.getByTestId('double-dialog').waitFor();
        await expectClean(page, 'double answer');
        await page.getByTestId('take').click();
        await waitPhase(page, 'moving');
        await (await openSheet(page)).getByTestId('resign').click();
        await page.getByTestId('resign-dialog').waitFor();
        await expectClean(page, 'resign for a kind');
        await page.getByTestId('gammon').check();
        await page.getByTestId('confirm-resign').click();
        await page.getByTestId('resign-offer-dialog').waitFor();
        await expectClean(page, 'resignation answer');
        await page.getByTestId('accept-resign').click();
        await page.getByTestId('result').waitFor();
        await expectClean(page, 'standard result');
        assert.equal(await page.getByTestId('points').getAttribute('data-points'), '4');
        assert.deepEqual(page.errors, []);
        await page.context().close();
      });

      test('the one-link screens: waiting for the friend, no relay, reconnecting', { timeout: 120_000 }, async () => {
        relay ??= await startRelay();
        const host = await pageIn(lang, size, peerPage);
        const guest = await pageIn(lang, size, peerPage);
        await host.goto(`${server.url}?relays=${encodeURIComponent(relay.url)}`);
        await host.getByTestId('play-friend').click();
        await host.getByTestId('manual-codes').waitFor();
        for (const summary of await host.locator('main summary').all()) await summary.click();
        await expectClean(host, 'one link, waiting (fold-outs open)');
        const lone = await pageIn(lang, size, peerPage);
        await lone.goto(`${server.url}#room=${'ab'.repeat(16)}&relays=${encodeURIComponent('ws://127.0.0.1:9')}`);
        await lone.getByTestId('no-relay').waitFor({ timeout: 15_000 });
        await expectClean(lone, 'no relay');
        await guest.goto(await host.getByTestId('invite-link').inputValue());
        await host.waitForFunction(() => document.querySelector('[data-testid=peer-status]')?.dataset.link === 'online', null, { timeout: 30_000 });
        await guest.context().close();
        await host.waitForFunction(() => document.querySelector('[data-testid=peer-status]')?.dataset.link === 'reconnecting', null, { timeout: 30_000 });
        await expectClean(host, 'peer game, reconnecting');
        for (const p of [host, lone]) { assert.deepEqual(p.errors, []); await p.context().close(); }
      });

      test('open tables: the lobby with a table listed, the help open, a table taken, and a roll\'s proof', { timeout: 120_000 }, async () => {
        // A relay of its own: no table of another test's closed pages listed.
        const own = await startRelay();
        const url = `${server.url}?relays=${encodeURIComponent(own.url)}`;
        const [owner, b, c] = [await pageIn(lang, size, peerPage), await pageIn(lang, size, peerPage), await pageIn(lang, size, peerPage)];
        for (const p of [owner, b, c]) { await p.goto(url); await p.getByTestId('play-stranger').click(); await p.getByTestId('lobby').waitFor(); }
        await expectClean(owner, 'open tables, none open');
        await owner.getByTestId('open-table').click();
        // The computer meanwhile, with the bar that says the table waits.
        await owner.getByTestId('wait-with-computer').click();
        await owner.getByTestId('start-bot-game').click();
        await owner.getByTestId('table-waiting').waitFor();
        await waitPhase(owner, 'moving', 'rolling');
        await expectClean(owner, 'a game against the computer while the table waits');
        await owner.getByTestId('back-to-tables').click();
        await owner.getByTestId('withdraw-table').waitFor();
        for (const p of [b, c]) await p.locator('[data-testid=table-list] [data-table]').first().waitFor({ timeout: 15_000 });
        await b.getByTestId('lobby-help').locator('summary').click();
        await expectClean(b, 'open tables, one listed (help open)');
        // B and C sit at the owner's table at once: one plays, the other is told.
        const tableOf = (p) => p.locator('[data-testid=table-list] [data-table]').first().getByTestId('join-table');
        await Promise.all([tableOf(b).click(), tableOf(c).click()]);
        const taken = await Promise.race([b, c].map((p) => p.getByTestId('table-taken').waitFor({ timeout: 30_000 }).then(() => p)));
        await expectClean(taken, 'open tables, the table taken');
        const player = taken === b ? c : b;
        await waitOnline(owner);
        await waitPhase(owner, 'moving', 'rolling');
        // A roll's proof, opened from the move list (a roll played has its check).
        const seatOf = (p) => p.locator('svg.board').getAttribute('data-seat');
        const bySeat = { [await seatOf(owner)]: owner, [await seatOf(player)]: player };
        for (let i = 0; i < 8 && await owner.getByTestId('check-roll').count() === 0; i++) {
          await waitPhase(owner, 'moving');
          const mover = await owner.locator('svg.board').getAttribute('data-turn');
          await waitPhase(bySeat[mover], 'moving');
          await playOneMove(bySeat[mover]);
          await owner.waitForTimeout(300);
        }
        const check = owner.getByTestId('check-roll').first();
        await check.waitFor({ timeout: 15_000 });
        await check.click();
        await owner.getByTestId('roll-proof').waitFor();
        await expectClean(owner, "a roll's proof");
        for (const p of [owner, b, c]) { assert.deepEqual(p.errors, []); }
        for (const p of [owner, player, taken]) await p.context().close();
        own.stop();
      });

      test('the friend, answer and peer game screens, and the leave confirmation', { timeout: 120_000 }, async () => {
        const host = await pageIn(lang, size, peerPage);
        const guest = await pageIn(lang, size, peerPage);
        await host.goto(server.url);
        await host.getByTestId('play-friend').click();
        await host.getByTestId('invite-link').waitFor();
        await expectClean(host, 'invitation');
        await guest.goto(await host.getByTestId('invite-link').inputValue());
        await guest.getByTestId('answer-code').waitFor();
        await expectClean(guest, 'answer');
        // The answer link, opened in the host's browser, hands the answer to the waiting tab.
        const opened = await host.context().newPage();
        await opened.goto(await guest.getByTestId('answer-link').inputValue());
        await opened.waitForFunction(() => document.querySelector('[data-testid=handed-over]')?.dataset.taken === 'true');
        await expectClean(opened, 'answer handed over');
        await waitOnline(host);
        await waitPhase(host, 'moving', 'rolling');
        await expectClean(host, 'peer game');
        await (await openSheet(host)).getByTestId('leave').click();
        await host.getByTestId('leave-dialog').waitFor();
        await expectClean(host, 'leave confirmation');
        await host.getByTestId('cancel-leave').click();
        assert.deepEqual([...host.errors, ...guest.errors], []);
        await host.context().close();
        await guest.context().close();
      });
    });
  }
}

after(() => console.log(`axe checked ${checked.length} screens: ${checked.join('; ')}`));
