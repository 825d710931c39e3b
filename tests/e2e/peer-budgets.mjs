// Peer-to-peer budgets (a benchmark, not a test): over loopback between two headless Chromium
// pages, the time from a click on a target to the move shown on the other board, and from the
// turn's last move to the next roll shown on both boards (the fair-dice exchange included).
// Also the invitation link's length. Run `trunk build --release` first. Prints JSON.
import { connectPair, launch, serveDist, waitPhase } from './harness.mjs';

const server = await serveDist();
const browser = await launch();
const { host, guest, link } = await connectPair(browser, server.url);
await waitPhase(host, 'moving');
await waitPhase(guest, 'moving');

// Each page records, with Date.now() (one clock: same machine), when its board last changed.
const watch = (page) => page.evaluate(() => {
  window.__changes = [];
  new MutationObserver(() => window.__changes.push({
    t: Date.now(),
    turn: document.querySelector('svg.board').getAttribute('data-turn'),
    phase: document.querySelector('svg.board').getAttribute('data-phase'),
    dice: [...document.querySelectorAll('[data-die]')].map((d) => d.getAttribute('data-die') + (d.hasAttribute('data-used') ? 'u' : '')).join(),
    board: [...document.querySelectorAll('[data-point]')].map((el) => el.querySelectorAll('[data-checker]').length).join(),
  })).observe(document.querySelector('svg.board'), { subtree: true, childList: true, attributes: true });
});
await watch(host);
await watch(guest);

const moveLatency = [];
const rollLatency = [];
const bySeat = { white: host, black: guest };
const N = Number(process.env.TRIALS ?? 40);
while (moveLatency.length < N) {
  await waitPhase(host, 'moving');
  const mover = await host.locator('svg.board').getAttribute('data-turn');
  const page = bySeat[mover];
  const other = mover === 'white' ? guest : host;
  await waitPhase(page, 'moving');
  if ((await page.locator('svg.board').getAttribute('data-turn')) !== mover) continue;
  const usedBefore = await page.locator('[data-die][data-used]').count();
  await page.locator('.point.movable, .bar.movable').first().click();
  // A forced move is played by the tap itself (no targets): not a sample, wait for the next.
  await page.waitForFunction((n) => document.querySelector('[data-target]')
    || document.querySelectorAll('[data-die][data-used]').length !== n
    || document.querySelector('svg.board').getAttribute('data-phase') !== 'moving', usedBefore);
  if (!(await page.locator('[data-target]').count())) continue;
  const boardBefore = await other.evaluate(() => [...document.querySelectorAll('[data-point]')].map((el) => el.querySelectorAll('[data-checker]').length).join());
  const t0 = await page.evaluate(() => {
    const t = Date.now();
    document.querySelector('[data-target]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return t;
  });
  const seen = await other.waitForFunction(([before, t0]) => {
    const hit = window.__changes.find((c) => c.t >= t0 && c.board !== before);
    return hit && hit.t;
  }, [boardBefore, t0], { timeout: 5_000 });
  moveLatency.push((await seen.jsonValue()) - t0);
  // If that move ended the turn, time the next roll (the fair-dice exchange) on both boards.
  const turnOver = await page.evaluate((t0) => window.__changes.some((c) => c.t >= t0 && c.phase !== 'moving'), t0)
    || (await page.locator('svg.board').getAttribute('data-turn')) !== mover;
  if (turnOver) {
    const next = mover === 'white' ? 'black' : 'white';
    const rolled = await Promise.all([host, guest].map((p) => p.waitForFunction(([t0, next]) => {
      const hit = window.__changes.find((c) => c.t >= t0 && c.turn === next && c.phase === 'moving' && c.dice);
      return hit ? hit.t : null;
    }, [t0, next], { timeout: 3_000 }).then((h) => h.jsonValue()).catch(() => null)));
    if (rolled.every((t) => t !== null)) rollLatency.push(Math.max(...rolled) - t0);
  }
}
await browser.close();
server.close();
const stats = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  const q = (p) => v[Math.min(v.length - 1, Math.floor(p * v.length))];
  return v.length ? { median: q(0.5), p95: q(0.95), max: v[v.length - 1], n: v.length } : { n: 0 };
};
console.log(JSON.stringify({
  invitation_link_chars: link.length,
  move_to_other_board_ms: stats(moveLatency),
  turn_end_to_roll_on_both_boards_ms: stats(rollLatency),
}, null, 2));
