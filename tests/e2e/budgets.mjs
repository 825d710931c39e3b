// Budgets (a benchmark, not a test): the release build's bytes (tests/e2e/sizes.mjs; held to
// their budgets by budgets.test.mjs), and the time from a click to the targets lighting up and
// from a click on a target to the board redrawn, in headless Chromium. Run scripts/build.sh
// first (scripts/bench.sh does). Prints JSON.
import { launch, newPage, serveDist, startGame, waitPhase } from './harness.mjs';
import { measure } from './sizes.mjs';

const { first, chunks, workers } = await measure();

const server = await serveDist();
const browser = await launch();
const page = await newPage(browser);
await startGame(page, server.url, 1234);

const select = [];
const redraw = [];
const TRIALS = Number(process.env.TRIALS ?? 120);
while (select.length < TRIALS) {
  await waitPhase(page, 'moving', 'over');
  if ((await page.locator('svg.board').getAttribute('data-phase')) === 'over') {
    await page.getByTestId('new-game').click();
    continue;
  }
  const [s, r] = await page.evaluate(async () => {
    const svg = document.querySelector('svg.board');
    const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const until = (test, act) => new Promise((done) => {
      const t0 = performance.now();
      const mo = new MutationObserver(() => {
        if (test()) { mo.disconnect(); svg.getBoundingClientRect(); done(performance.now() - t0); }
      });
      mo.observe(svg, { subtree: true, childList: true, attributes: true });
      act();
    });
    const origin = document.querySelector('.point.movable, .bar.movable');
    const usedBefore = document.querySelectorAll('[data-die][data-used]').length;
    const turnBefore = svg.getAttribute('data-turn');
    // A forced move is played by the tap itself (no targets to show): not a sample.
    const s = await until(() => document.querySelector('[data-target]')
      || document.querySelectorAll('[data-die][data-used]').length !== usedBefore
      || svg.getAttribute('data-phase') !== 'moving' || svg.getAttribute('data-turn') !== turnBefore,
    () => click(origin));
    const target = document.querySelector('[data-target]');
    if (!target) return [null, null];
    const used = document.querySelectorAll('[data-die][data-used]').length;
    const r = await until(
      () => document.querySelectorAll('[data-die][data-used]').length !== used
        || svg.getAttribute('data-phase') !== 'moving',
      () => click(target));
    return [s, r];
  });
  if (s === null) continue;
  select.push(s);
  redraw.push(r);
}
await browser.close();
server.close();

const stats = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  const q = (p) => v[Math.min(v.length - 1, Math.floor(p * v.length))];
  return { median: +q(0.5).toFixed(2), p95: +q(0.95).toFixed(2), max: +v[v.length - 1].toFixed(2), n: v.length };
};
console.log(JSON.stringify({
  first_load_gzip_bytes: first.gzip,
  files: first.files,
  chunks_gzip_bytes: chunks.gzip,
  chunks: chunks.files,
  bot_worker_gzip_bytes: workers.bot_worker_simd.gzip,
  bot_worker_files: workers.bot_worker_simd.files,
  standard_worker_gzip_bytes: workers.bot_worker_standard_simd.gzip,
  standard_worker_files: workers.bot_worker_standard_simd.files,
  scalar_bot_worker_gzip_bytes: workers.bot_worker.gzip,
  scalar_standard_worker_gzip_bytes: workers.bot_worker_standard.gzip,
  click_to_targets_ms: stats(select),
  click_to_redrawn_ms: stats(redraw),
}, null, 2));
