// End-to-end: quick moves (a double-tap moves by the higher die, then by the other; auto-play
// of a roll with one way to play it) and the settings people look for (motion, theme).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, openPosition, serveDist, side, startGame, openSheet } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** How many checkers stand on White's point `n`. */
const on = (page, n) => page.locator(`[data-point="${n}"] [data-checker]`).count();

test('a double-tap moves a checker by the higher die, a second by the other', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await startGame(page, server.url, 5);
  const mover = await page.locator('svg.board').getAttribute('data-turn');
  const dice = (await page.locator('[data-die]').evaluateAll((ds) => ds.map((d) => +d.getAttribute('data-die'))))
    .sort((a, b) => b - a);
  assert.equal(dice.length, 2, `seed 5 starts with a roll that is not a double: ${dice}`);
  const [high, low] = dice;
  // The mover's 13-point in White's numbering, and a step of d towards the mover's home.
  const mid = mover === 'white' ? 13 : 12;
  const step = (from, d) => (mover === 'white' ? from - d : from + d);
  const before13 = await on(page, mid);
  const to1 = step(mid, high);
  const beforeTo1 = await on(page, to1);
  await page.locator(`[data-point="${mid}"]`).dblclick();
  await page.waitForFunction((n) => document.querySelectorAll(`[data-point="${n}"] [data-checker]`).length > 0
    && document.querySelectorAll('[data-die][data-used]').length === 1, to1);
  assert.equal(await on(page, mid), before13 - 1);
  assert.equal(await on(page, to1), beforeTo1 + 1);
  assert.equal(await page.locator(`[data-die="${high}"][data-used]`).count(), 1, 'the higher die is used');
  // The same checker moves on by the other die; the turn passes.
  const to2 = step(to1, low);
  const beforeTo2 = await on(page, to2);
  await page.locator(`[data-point="${to1}"]`).dblclick();
  await page.waitForFunction((m) => document.querySelector('svg.board').getAttribute('data-turn') !== m, mover);
  assert.equal(await on(page, to1), beforeTo1);
  assert.equal(await on(page, to2), beforeTo2 + 1);
  // A single tap still only selects.
  const movable = page.locator('.point.movable').first();
  await movable.click();
  await page.locator('[data-target]').first().waitFor();
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// White's last checker on its 24-point, Black's fifteen on its 6-point (White's 19): every roll
// but 5-5 has one way to play it for White, and Black's rolls are mostly forced too.
const LONE = { white: side({ 0: 14, 24: 1 }), black: side({ 6: 15 }) };

test('auto-play: off, a forced roll waits for the player; on, it plays itself', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await openPosition(page, server.url, { position: LONE, first: 'white', rng: 1 });
  await page.waitForFunction(() => document.querySelector('svg.board')?.getAttribute('data-phase') === 'moving');
  const chip = page.getByTestId('auto-play');
  assert.equal(await chip.getAttribute('aria-pressed'), 'false', 'off unless chosen');
  await page.waitForTimeout(1500);
  assert.equal(await on(page, 24), 1, 'with auto-play off the checker waits for the player');
  await chip.click();
  assert.equal(await chip.getAttribute('aria-pressed'), 'true');
  await page.waitForFunction(() => document.querySelectorAll('[data-point="24"] [data-checker]').length === 0,
    null, { timeout: 5_000 });
  // The choice is remembered.
  assert.equal(await page.evaluate(() => localStorage.getItem('vrhcaby.autoplay')), '1');
  await page.reload();
  assert.equal(await page.getByTestId('auto-play').getAttribute('aria-pressed'), 'true');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('motion: normal glides a move, off draws it at once; the theme chip and the system scheme', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, { colorScheme: 'dark' });
  await startGame(page, server.url, 5);
  // Count the gliding checkers drawn while a move is played.
  const glidesOfOneMove = async () => {
    await page.evaluate(() => {
      window.glides = 0;
      window.watch?.disconnect();
      window.watch = new MutationObserver(() => {
        window.glides = Math.max(window.glides, document.querySelectorAll('.ghost').length);
      });
      window.watch.observe(document.querySelector('svg.board'), { childList: true, subtree: true });
    });
    const used = await page.locator('[data-die][data-used]').count();
    await page.locator('.point.movable').first().click();
    const target = page.locator('[data-target]').first();
    if (await target.count()) await target.click();
    await page.waitForFunction((u) => document.querySelectorAll('[data-die][data-used]').length !== u, used);
    await page.waitForTimeout(400);
    return page.evaluate(() => window.glides);
  };
  const motion = page.getByTestId('motion');
  assert.equal(await motion.getAttribute('data-motion'), 'normal');
  assert.ok((await glidesOfOneMove()) > 0, 'a move glides');
  await motion.click();
  assert.equal(await motion.getAttribute('data-motion'), 'fast');
  await motion.click();
  assert.equal(await motion.getAttribute('data-motion'), 'off');
  assert.equal(await glidesOfOneMove(), 0, 'with motion off nothing glides');
  assert.equal(await page.evaluate(() => localStorage.getItem('vrhcaby.motion')), 'off');

  // The theme follows the system (dark here) until chosen: light, dark, then the system's again.
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await theme(), 'dark');
  const dark = await bg();
  const chip = page.getByTestId('theme');
  assert.equal(await chip.getAttribute('data-theme-choice'), 'auto');
  await chip.click();
  assert.equal(await theme(), 'light');
  assert.notEqual(await bg(), dark, 'the light theme draws the page light');
  await page.reload();
  assert.equal(await theme(), 'light', 'remembered across a reload, before the first paint');
  await (await openSheet(page)).getByTestId('theme').click();
  assert.equal(await theme(), 'dark');
  await (await openSheet(page)).getByTestId('theme').click();
  assert.equal(await page.getByTestId('theme').getAttribute('data-theme-choice'), 'auto');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  assert.equal(await theme(), 'light', 'auto follows the system');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a system that asks for reduced motion gets motion off by default', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, { reducedMotion: 'reduce' });
  await startGame(page, server.url, 5);
  assert.equal(await page.getByTestId('motion').getAttribute('data-motion'), 'off');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
