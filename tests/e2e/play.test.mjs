// End-to-end: the built page in headless Chromium, played by clicking.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dragToFirstTarget, launch, newPage, phase, playMoves, playOneMove, serveDist, snapshot, startGame, turn,
  waitPhase, openSheet,
} from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

describe('a local game in the browser', () => {
  test('(a) a whole seeded game played to its end by clicking only', { timeout: 600_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 11);
    let moves = 0;
    for (;;) {
      await waitPhase(page, 'moving', 'over');
      if ((await phase(page)) === 'over') break;
      await playOneMove(page);
      moves += 1;
      assert.ok(moves < 2000, 'the game ends');
    }
    const result = page.getByTestId('result');
    await result.waitFor();
    const winner = await result.getAttribute('data-result');
    const reason = await result.getAttribute('data-reason');
    assert.ok(['bore_off', 'draw_forfeits'].includes(reason), reason);
    if (reason === 'bore_off') {
      const off = await page.locator(`[data-off="${winner}"] [data-checker]`).count();
      assert.equal(off, 15, 'the winner bore off all 15');
    }
    assert.ok(moves > 40, `a real game took ${moves} moves`);
    assert.deepEqual(page.errors, []);
  });

  test('(b) a draw offer: refused before 4 moves, declined, then accepted', { timeout: 120_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 5);
    const offer = page.getByTestId('offer-draw');
    assert.equal(await offer.isDisabled(), true, 'no offer before 4 moves (R23)');
    await playMoves(page, 4);
    await waitPhase(page, 'moving');
    // The first player on turn whose offer button is enabled offers.
    while (await offer.isDisabled()) await playMoves(page, 1);
    const offerer = await turn(page);
    await offer.click();
    await waitPhase(page, 'draw-offered');
    assert.notEqual(await turn(page), offerer, 'the responder is on turn (R24)');
    await page.getByTestId('decline-draw').click();
    await waitPhase(page, 'moving');
    assert.equal(await turn(page), offerer, 'the turn returns to the offerer (R25)');
    assert.equal(await offer.isDisabled(), true, 'no second offer before 4 more moves (R26)');
    for (let i = 0; i < 40 && (await offer.isDisabled()); i++) await playMoves(page, 1);
    await offer.click();
    await waitPhase(page, 'draw-offered');
    await page.getByTestId('accept-draw').click();
    const result = page.getByTestId('result');
    await result.waitFor();
    assert.equal(await result.getAttribute('data-result'), 'draw');
    assert.equal(await result.getAttribute('data-reason'), 'draw_agreed');
    assert.deepEqual(page.errors, []);
  });

  test('(c2) on one device the confirmation chooses who resigns', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 9);
    const onTurn = await turn(page);
    const other = onTurn === 'white' ? 'black' : 'white';
    await (await openSheet(page)).getByTestId('resign').click();
    await page.getByTestId(`resigner-${other}`).check();
    await page.getByTestId('confirm-resign').click();
    const result = page.getByTestId('result');
    await result.waitFor();
    assert.equal(await result.getAttribute('data-result'), onTurn, 'the side chosen resigned, not the one on turn');
    assert.deepEqual(page.errors, []);
  });

  test('(c) resigning, with a confirmation', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 8);
    await playMoves(page, 1);
    const loser = await turn(page);
    await (await openSheet(page)).getByTestId('resign').click();
    await page.getByTestId('confirm-resign').click();
    const result = page.getByTestId('result');
    await result.waitFor();
    assert.equal(await result.getAttribute('data-result'), loser === 'white' ? 'black' : 'white');
    assert.equal(await result.getAttribute('data-reason'), 'resigned');
    await page.getByTestId('new-game').click();
    await waitPhase(page, 'moving');
    assert.deepEqual(page.errors, []);
  });

  test('(d) the move clock runs out and the waiting player presses Don\'t wait', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await page.goto(`${server.url}?seed=21`);
    await page.getByTestId('new-local-game').click();
    await page.clock.runFor(2_000);
    await waitPhase(page, 'moving');
    const mover = await turn(page);
    const clock = page.getByTestId('clock');
    const seconds = async () => Number(await clock.getAttribute('data-seconds-left'));
    const start = await seconds();
    assert.ok(start >= 58 && start <= 60, `a fresh clock shows ${start}`);
    assert.equal(await page.getByTestId('claim-win').count(), 0, 'no claim while time is left');
    await page.clock.runFor((start - 8) * 1000);
    const late = await seconds();
    assert.ok(late <= 10 && late >= 6, `the clock counts down: ${late}`);
    assert.equal(await clock.evaluate((el) => el.classList.contains('warn')), true, 'warning colour');
    await page.clock.runFor(10_000);
    assert.equal(await seconds(), 0);
    const claim = page.getByTestId('claim-win');
    await claim.waitFor();
    await claim.click();
    const result = page.getByTestId('result');
    await result.waitFor();
    assert.equal(await result.getAttribute('data-result'), mover === 'white' ? 'black' : 'white');
    assert.equal(await result.getAttribute('data-reason'), 'timeout_claimed');
    assert.deepEqual(page.errors, []);
  });

  test('(e) a reload mid-game finds the same position, dice and turn', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 33);
    await playMoves(page, 3);
    await waitPhase(page, 'moving');
    const before = await snapshot(page);
    await page.reload();
    await waitPhase(page, 'moving');
    const after = await snapshot(page);
    assert.deepEqual(after, before);
    // And the game goes on from there.
    await playOneMove(page);
    assert.deepEqual(page.errors, []);
  });

  test('a corrupted saved game gets a clear message and the choice of a new game', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await page.goto(server.url);
    await page.evaluate(() => localStorage.setItem('vrhcaby.local.v1', '{"version":1,"kind":"local","record":{"format":"vrhcaby-record","version":1,"commands":[{"t":0,"cmd":"move"}]}}'));
    await page.reload();
    const error = page.getByTestId('load-error');
    await error.waitFor();
    // Said in the player's language (Czech by default), for the slot the old save moved to.
    assert.match(await error.innerText(), /Příkaz 0 nejde přečíst/);
    assert.equal(await error.getAttribute('data-kind'), 'local');
    assert.equal(await page.evaluate(() => localStorage.getItem('vrhcaby.local.v1')), null, 'the first format is migrated');
    assert.match(await page.evaluate(() => localStorage.getItem('vrhcaby.save.local')), /"cmd":"move"/, 'nothing is lost');
    await (await openSheet(page)).getByTestId('language').click();
    assert.match(await error.innerText(), /Command 0 cannot be read/);
    await page.getByTestId('discard-save').click();
    await waitPhase(page, 'moving');
    assert.deepEqual(page.errors, []);
  });
});

describe('other ways to move', () => {
  test('drag and drop with the mouse, and the keyboard (Enter, Escape)', { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    await startGame(page, server.url, 17);
    await waitPhase(page, 'moving');
    // Drag: press on a movable checker, move onto its first target, release.
    await dragToFirstTarget(page);
    await page.waitForFunction(() => document.querySelectorAll('[data-die][data-used]').length === 1
      || document.querySelector('svg.board').getAttribute('data-phase') !== 'moving');
    // Keyboard: focus a movable point, Enter selects, Escape cancels, Enter + Enter on a target moves.
    await waitPhase(page, 'moving');
    const used = await page.locator('[data-die][data-used]').count();
    const point = page.locator('.point.movable').first();
    await point.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-selected]').waitFor();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-selected]'));
    await point.focus();
    await page.keyboard.press('Enter');
    const t = page.locator('[data-target][data-point]').first();
    await t.waitFor();
    await t.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('[data-die][data-used]').length !== n
      || document.querySelector('svg.board').getAttribute('data-phase') !== 'moving', used);
    const live = await page.getByTestId('live').innerText();
    assert.match(live, /→/, `the move was announced: ${live}`);
    assert.deepEqual(page.errors, []);
  });
});
