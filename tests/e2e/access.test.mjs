// End-to-end: what a keyboard or screen-reader player and a new player rely on — modal dialogs
// (focus in, Tab kept inside, Escape where it cancels, the board under them inert, focus back),
// a forfeited roll said with its dice and held in view, a declined draw said, the board as one
// tab stop with arrow keys, labels that say selected and target, the clock after the game, the
// live region after a language switch, and the browser's language on every page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, newPage, openPosition, peerPage, playMoves, serveDist, side, startGame, turn, waitPhase, openSheet,
} from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** The test id of the focused element and of the dialog it is in (if any). */
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return {
    id: el?.getAttribute('data-testid') ?? el?.tagName,
    dialog: el?.closest('[aria-modal=true]')?.getAttribute('data-testid') ?? null,
  };
});

describe('dialogs', () => {
  test('the resign confirmation takes focus, keeps Tab, blocks the board, closes on Escape', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 8);
    await page.getByTestId('resign').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('resign-dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('role'), 'dialog');
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    const name = await page.evaluate(() => document.getElementById(
      document.querySelector('[data-testid=resign-dialog]').getAttribute('aria-labelledby'))?.textContent);
    assert.equal(name, 'Kdo se vzdává?');
    await page.waitForFunction(() => document.activeElement?.closest('[data-testid=resign-dialog]'));
    // Tab and Shift+Tab go round the dialog's stops (the chosen side, Cancel, Yes) and never out.
    const seen = new Set();
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const f = await focused(page);
      assert.equal(f.dialog, 'resign-dialog', `${key} left the dialog for ${f.id}`);
      seen.add(f.id);
    }
    assert.ok(seen.has('cancel-resign') && seen.has('confirm-resign'), [...seen].join());
    // Under it, the board is inert: a real click on a movable checker selects nothing.
    assert.equal(await page.locator('svg.board').evaluate((el) => el.closest('[inert]') !== null), true);
    const box = await page.locator('.point.movable').first().boundingBox();
    const clickPoint = async () => {
      // Both ends of the point: one is its base, clear of the dialog in the middle.
      await page.mouse.click(box.x + box.width / 2, box.y + 12);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height - 12);
    };
    await clickPoint();
    await page.waitForTimeout(100);
    assert.equal(await page.locator('[data-selected]').count(), 0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'resign');
    assert.equal(await page.locator('[inert]').count(), 0, 'the screen is live again');
    assert.equal(await page.locator('[data-testid=result]').count(), 0, 'Escape resigned nobody');
    // The same clicks select once no dialog is open (a second click on it drops the selection).
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('[data-selected]').waitFor();
    assert.deepEqual(page.errors, []);
  });

  test('the draw offer and the result are modal; Escape does not answer; focus moves on', { timeout: 120_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 5);
    const offer = page.getByTestId('offer-draw');
    for (let i = 0; i < 60 && (await offer.isDisabled()); i++) await playMoves(page, 1);
    const offerer = await turn(page);
    await offer.click();
    const dialog = page.getByTestId('draw-dialog');
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('role'), 'alertdialog');
    assert.match(await dialog.getAttribute('aria-labelledby'), /\S/);
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'accept-draw');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    assert.equal(await dialog.count(), 1, 'Escape is no answer to an offer');
    // The responder may resign instead (R24): from the offer, and back to it on Cancel.
    await page.getByTestId('offer-resign').click();
    await page.getByTestId('resign-dialog').waitFor();
    await page.getByTestId('cancel-resign').click();
    await dialog.waitFor();
    await page.getByTestId('decline-draw').click();
    await waitPhase(page, 'moving');
    // A declined draw is said, on screen and to a screen reader.
    const declined = new RegExp(`${offerer === 'white' ? 'Černý' : 'Bílý'} remízu odmítl`);
    assert.match(await page.getByTestId('notice').innerText(), declined);
    assert.match(await page.getByTestId('live').textContent(), declined);
    // The result: focus on Rematch (its first button); its Menu leaves the game.
    await (await openSheet(page)).getByTestId('resign').click();
    await page.getByTestId('confirm-resign').click();
    const result = page.getByTestId('result');
    await result.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'rematch');
    assert.equal(await result.getAttribute('aria-modal'), 'true');
    // After the game the clock shows no 0 (no loss on time), and keeps its contract.
    const clock = page.getByTestId('clock');
    assert.equal(await clock.getAttribute('data-seconds-left'), '0');
    assert.equal(await clock.locator('.secs').isVisible(), false);
    assert.equal(await clock.getAttribute('aria-label'), 'Hra skončila');
    await page.getByTestId('result-menu').click();
    await page.getByTestId('new-local-game').waitFor();
    assert.deepEqual(page.errors, []);
  });
});

describe('a forfeited roll', () => {
  // White holds every entry point of Black's: Black, on the bar, has no legal move for any roll.
  const CLOSED = {
    white: side({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 }),
    black: side({ 6: 5, 8: 3, 11: 6, 25: 1 }),
  };
  for (const [lang, said] of [['cs', (a, b) => `Černý hodil ${a} a ${b} — nemá tah`],
    ['en', (a, b) => `Black rolled ${a} and ${b} — no legal move`]]) {
    test(`is said with its dice and its dice stay at rest (${lang})`, { timeout: 60_000 }, async () => {
      const page = await newPage(browser, { locale: lang === 'cs' ? 'cs-CZ' : 'en-GB' });
      await openPosition(page, server.url, { position: CLOSED, first: 'black', rng: 7 });
      const notice = page.getByTestId('notice');
      const board = () => page.evaluate(() => ({
        phase: document.querySelector('svg.board').getAttribute('data-phase'),
        turn: document.querySelector('svg.board').getAttribute('data-turn'),
        dice: [...document.querySelectorAll('[data-die]')].map((d) => Number(d.getAttribute('data-die'))),
        tumbling: document.querySelectorAll('.die.rolling').length,
      }));
      await notice.waitFor();
      const now = await board();
      // Still in view a moment later, before the next roll tumbles (held 1.5 s).
      await page.waitForTimeout(800);
      const later = await board();
      assert.deepEqual(later, now, 'the forfeited roll is held');
      assert.equal(now.phase, 'rolling');
      assert.equal(now.turn, 'white', 'the turn passed');
      assert.equal(now.tumbling, 0, 'the forfeited dice are at rest');
      assert.ok(now.dice.length === 2 || now.dice.length === 4, JSON.stringify(now));
      const [a, b] = [now.dice[0], now.dice[now.dice.length - 1]];
      assert.equal(await notice.innerText(), said(a, b));
      assert.match(await page.getByTestId('live').textContent(), new RegExp(`^${said(a, b)}`));
      // Then White's roll comes.
      await waitPhase(page, 'moving');
      assert.equal(await turn(page), 'white');
      assert.deepEqual(page.errors, []);
    });
  }
});

describe('the board from the keyboard', () => {
  test('one tab stop: the controls come after it; arrow keys move within it', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 17);
    const stops = () => page.locator('svg.board [tabindex="0"]').count();
    assert.equal(await stops(), 1, 'the board is one tab stop');
    await page.evaluate(() => document.activeElement?.blur());
    let presses = 0;
    let reached = false;
    while (presses < 6 && !reached) {
      await page.keyboard.press('Tab');
      presses += 1;
      reached = (await focused(page)).id === 'resign';
    }
    assert.ok(reached, `Resign not reached in ${presses} presses`);
    // The board, Offer a draw and the Hint come first.
    assert.ok(presses <= 4, `${presses} presses to the controls`);
    // Back onto the board, then the arrow keys.
    await page.keyboard.press('Shift+Tab');
    while ((await page.evaluate(() => document.activeElement?.closest('svg.board') === null))) {
      await page.keyboard.press('Shift+Tab');
    }
    const at = () => page.evaluate(() => document.activeElement.getAttribute('data-point')
      ?? `bar:${document.activeElement.getAttribute('data-bar')}` );
    const start = await at();
    await page.keyboard.press('ArrowLeft');
    const left = await at();
    assert.notEqual(left, start);
    assert.equal(await stops(), 1);
    assert.equal(await page.locator('svg.board [tabindex="0"]').evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press('ArrowRight');
    assert.equal(await at(), start, 'right undoes left');
    await page.keyboard.press('ArrowDown');
    if ((await at()) === start) await page.keyboard.press('ArrowUp');
    assert.notEqual(await at(), start, 'up or down reaches the other row');
    assert.deepEqual(page.errors, []);
  });

  test('labels say selected and target; the dice have words', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 17);
    assert.match(await page.locator('g.dice').getAttribute('aria-label'), /^Kostky: \d, \d/);
    const origin = page.locator('.point.movable').first();
    assert.match(await origin.getAttribute('aria-label'), /, lze táhnout$/);
    await origin.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-selected]').waitFor();
    assert.match(await page.locator('[data-selected]').getAttribute('aria-label'), /^Bod \d+, \d+ (bílý|bílé|bílých|černý|černé|černých), vybraný$/);
    const target = page.locator('[data-target]').first();
    assert.match(await target.getAttribute('aria-label'), /, cíl tahu$/);
    await (await openSheet(page)).getByTestId('language').click();
    assert.match(await page.locator('[data-selected]').getAttribute('aria-label'), /^Point \d+, \d+ (white|black) checkers?, selected$/);
    assert.match(await target.getAttribute('aria-label'), /, move target$/);
    assert.deepEqual(page.errors, []);
  });
});

describe('words', () => {
  test('the live region drops old-language text on a language switch', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 17);
    const live = page.getByTestId('live');
    assert.match(await live.textContent(), /hodil|na tahu/);
    await (await openSheet(page)).getByTestId('language').click();
    await page.waitForTimeout(100);
    assert.doesNotMatch(await live.textContent(), /hodil|na tahu|Bílý|Černý/);
    await playMoves(page, 1);
    assert.match(await live.textContent(), /White|Black/);
    assert.deepEqual(page.errors, []);
  });

  test('with no choice stored, every page speaks the browser\'s language', { timeout: 60_000 }, async () => {
    for (const [locale, newGame, play] of [['en-US', 'New game on this device', 'Play with a friend (two devices)'],
      ['cs-CZ', 'Nová hra na tomto zařízení', 'Hrát s přítelem (dvě zařízení)']]) {
      const page = await peerPage(browser, { locale });
      await page.goto(server.url);
      assert.equal(await page.getByTestId('new-local-game').innerText(), newGame);
      assert.equal(await page.evaluate(() => document.documentElement.lang), locale.slice(0, 2));
      await page.getByTestId('play-friend').click();
      await page.getByTestId('invite-link').waitFor();
      assert.equal(await page.locator('main h1').innerText(), play);
      // The friend screen has the language button too, and its fields are labelled.
      await (await openSheet(page)).getByTestId('language').click();
      assert.notEqual(await page.locator('main h1').innerText(), play);
      for (const id of ['invite-link', 'paste-answer']) {
        const label = await page.getByTestId(id).evaluate((el) => el.labels?.[0]?.textContent ?? '');
        assert.ok(label.length > 5, `${id} has a label`);
      }
      assert.match(await page.getByTestId('qr').getAttribute('aria-label'), /QR (kód pozvánky|code of the invitation)/);
      // The fold-outs are touch-sized.
      const heights = await page.locator('main summary').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      // (joining with a code, Advanced, and in it the relays and the STUN/TURN servers)
      assert.ok(heights.length === 4 && heights.every((h) => h >= 44), `fold-out heights ${heights}`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });
});
