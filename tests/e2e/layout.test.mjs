// The game screen on a phone, upright and on its side, and on a desktop: the board, the dice, the
// roll's controls and the tutor's warning are inside the viewport without scrolling, the hint's
// arrows lie on the visible board, and a whole game against the computer with the tutor on never
// scrolls (issue 43). Clicks here go to screen coordinates (page.mouse), never through
// Playwright's locator.click, which would scroll a hidden button into view and hide the fault.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, newPage, openPosition, serveDist, side, waitPhase,
} from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const SIZES = [
  { width: 390, height: 844, phone: true },
  { width: 667, height: 375, phone: true },
  { width: 1280, height: 800, phone: false },
];
const START = side({ 6: 5, 8: 3, 13: 5, 24: 2 });

async function phonePage(size, lang = 'cs') {
  const page = await newPage(browser, {
    viewport: { width: size.width, height: size.height }, hasTouch: size.phone, isMobile: size.phone,
  });
  await page.addInitScript((l) => {
    localStorage.setItem('vrhcaby.lang', l);
    localStorage.setItem('vrhcaby.tutor', '1');
  }, lang);
  return page;
}

/** The viewport box of each selector's first visible element (null when there is none). */
const boxes = (page, selectors) => page.evaluate((sels) => sels.map((s) => {
  const el = [...document.querySelectorAll(s)].find((e) => e.getClientRects().length > 0);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { s, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}), selectors);

/** Asserts each selector's element lies inside the viewport and the page has not scrolled. */
async function inView(page, selectors, what) {
  const { width, height } = page.viewportSize();
  const scrolled = await page.evaluate(() => [window.scrollX, window.scrollY]);
  assert.deepEqual(scrolled, [0, 0], `${what}: the page has not scrolled`);
  for (const [i, b] of (await boxes(page, selectors)).entries()) {
    assert.ok(b, `${what}: ${selectors[i]} is shown`);
    assert.ok(b.left >= -0.5 && b.top >= -0.5 && b.right <= width + 0.5 && b.bottom <= height + 0.5,
      `${what} at ${width}×${height}: ${b.s} at ${JSON.stringify(b)} is outside the viewport`);
  }
}

/** Taps the centre of an element by its screen coordinates (no scrolling on the way). */
async function tap(page, selector) {
  const [b] = await boxes(page, [selector]);
  assert.ok(b, `${selector} is shown`);
  await page.mouse.click((b.left + b.right) / 2, (b.top + b.bottom) / 2);
}

for (const size of SIZES) {
  test(`${size.width}×${size.height}: board, dice, Hint and the tutor's warning in view; the hint's arrows on the board`, { timeout: 90_000 }, async () => {
    const page = await phonePage(size);
    // The seeded dice at state 15 roll 6-5 first.
    await openPosition(page, server.url, { position: { white: START, black: START }, first: 'white', rng: 15 });
    await waitPhase(page, 'moving');
    await inView(page, ['svg.board', '[data-die]', '[data-testid=hint]', '[data-testid=offer-draw]'], 'the roll');
    // The hint's arrows, each on the board as it is shown.
    await tap(page, '[data-testid=hint]');
    await page.locator('[data-testid=hint-arrow]').first().waitFor({ timeout: 20_000 });
    const [boardBox] = await boxes(page, ['svg.board']);
    const arrows = await page.locator('[data-testid=hint-arrow]').evaluateAll((els) =>
      els.map((el) => { const r = el.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }));
    assert.ok(arrows.length >= 1);
    for (const a of arrows) {
      assert.ok(a.left >= boardBox.left - 1 && a.right <= boardBox.right + 1 && a.top >= boardBox.top - 1
        && a.bottom <= boardBox.bottom + 1, `an arrow ${JSON.stringify(a)} off the board ${JSON.stringify(boardBox)}`);
      assert.ok(a.top >= 0 && a.bottom <= size.height, `an arrow ${JSON.stringify(a)} off the screen`);
    }
    await inView(page, ['svg.board', '[data-testid=hint]'], 'with the hint');
    // 8/2 first: two blots at once, a mistake the tutor tells of, in view with the board.
    await tap(page, '[data-point="8"]');
    await tap(page, '[data-point="2"][data-target]');
    await page.getByTestId('tutor-warning').waitFor({ timeout: 30_000 });
    await inView(page, ['svg.board', '[data-die]', '[data-testid=hint]', '[data-testid=tutor-warning]',
      '[data-testid=tutor-show]'], 'with the tutor\'s warning');
    // The board keeps room for every point: its box is not squeezed below a usable size.
    const [b] = await boxes(page, ['svg.board']);
    assert.ok(Math.max(b.right - b.left, b.bottom - b.top) >= Math.min(size.width, size.height) * 0.85,
      `the board ${JSON.stringify(b)} is large enough`);
    // The settings: in place on a wide screen, in a sheet on a small one; either way reachable.
    if (size.phone) {
      assert.equal(await page.getByTestId('resign').isVisible(), false, 'Resign waits in the sheet');
      await tap(page, '[data-testid=game-menu]');
      await inView(page, ['[data-testid=resign]', '[data-testid=tutor]', '[data-testid=sheet-close]'], 'the sheet');
      assert.equal(await page.getByTestId('tutor').getAttribute('aria-pressed'), 'true');
      await tap(page, '[data-testid=sheet-close]');
      assert.equal(await page.getByTestId('resign').isVisible(), false, 'the sheet closed');
    } else {
      await inView(page, ['[data-testid=resign]', '[data-testid=tutor]', '[data-testid=menu]'], 'the settings');
    }
    assert.deepEqual(page.errors, []);
  });
}

test('390×844: a whole game against the computer with the tutor on never needs a scroll', { timeout: 600_000 }, async () => {
  const page = await phonePage(SIZES[0]);
  await page.goto(`${server.url}?seed=5&botpause=20`);
  await page.getByTestId('play-computer').click();
  await page.getByTestId('bot-level').selectOption('beginner');
  await page.getByTestId('bot-side').selectOption('white');
  await page.getByTestId('start-bot-game').click();
  let moves = 0;
  let warned = 0;
  for (let i = 0; i < 2000; i++) {
    const state = await page.waitForFunction(() => {
      const svg = document.querySelector('svg.board');
      const p = svg?.getAttribute('data-phase');
      if (p === 'over') return 'over';
      if (p === 'moving' && svg.getAttribute('data-turn') === 'white' && document.querySelector('.point.movable, .bar.movable')) return 'mine';
      return false;
    }, null, { timeout: 60_000 }).then((h) => h.jsonValue());
    if (state === 'over') break;
    await inView(page, ['svg.board', '[data-die]', '[data-testid=hint]'], `move ${moves}`);
    if (await page.getByTestId('tutor-warning').count()) {
      warned++;
      await inView(page, ['svg.board', '[data-testid=tutor-warning]'], `the tutor at move ${moves}`);
    }
    // The first movable checker, then its first target (a single target is played at once).
    const before = await page.evaluate(() => document.querySelectorAll('[data-die]:not([data-used])').length);
    await tap(page, '.point.movable, .bar.movable');
    const target = await page.waitForFunction((n) => {
      if (document.querySelector('[data-target]')) return 'target';
      const svg = document.querySelector('svg.board');
      return (document.querySelectorAll('[data-die]:not([data-used])').length !== n
        || svg.getAttribute('data-turn') !== 'white' || svg.getAttribute('data-phase') !== 'moving') && 'moved';
    }, before, { timeout: 10_000 }).then((h) => h.jsonValue());
    if (target === 'target') await tap(page, '[data-target]');
    moves++;
  }
  assert.equal(await page.locator('svg.board').getAttribute('data-phase'), 'over', `the game ended (${moves} moves)`);
  await page.getByTestId('result').waitFor();
  await inView(page, ['[data-testid=result]'], 'the result');
  assert.ok(moves > 10, `${moves} moves played; the tutor spoke ${warned} times`);
  assert.deepEqual(page.errors, []);
});

test('what the clock means: said in a player\'s first three house games, once a game, never after ×', { timeout: 90_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}?seed=3`);
  await page.getByTestId('new-local-game').click();
  await waitPhase(page, 'moving');
  const note = page.getByTestId('clock-note');
  await note.waitFor();
  assert.match(await note.innerText(), /60 sekund.*Nečekat/s);
  const counted = () => page.evaluate(() => localStorage.getItem('vrhcaby.clock-note'));
  const first = await counted();
  assert.match(first, /^1 \d+$/);
  // A reload of the same game does not count it again.
  await page.reload();
  await waitPhase(page, 'moving');
  await note.waitFor();
  assert.equal(await counted(), first);
  // × closes it for good.
  await page.getByTestId('clock-note-close').click();
  assert.equal(await note.count(), 0);
  await page.reload();
  await waitPhase(page, 'moving');
  await page.waitForTimeout(300);
  assert.equal(await note.count(), 0, 'closed for good');
  // After three games it is not said again; a standard game without a clock never says it.
  for (const [saved, rules, shown] of [['3 5', 'vrhcaby', 0], ['2 5', 'vrhcaby', 1], [null, 'standard', 0]]) {
    const p = await newPage(browser);
    await p.addInitScript((v) => { if (v && !sessionStorage.getItem('set')) { localStorage.setItem('vrhcaby.clock-note', v); sessionStorage.setItem('set', '1'); } }, saved);
    await p.goto(`${server.url}?seed=3`);
    await p.getByTestId('game-rules').selectOption(rules);
    await p.getByTestId('new-local-game').click();
    await waitPhase(p, 'moving', 'rolling');
    await p.waitForTimeout(300);
    assert.equal(await p.getByTestId('clock-note').count(), shown, `${saved} ${rules}`);
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
  assert.deepEqual(page.errors, []);
});
