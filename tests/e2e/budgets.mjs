// Budgets (a benchmark, not a test): the release build's first load gzipped, and the time from a
// click to the targets lighting up and from a click on a target to the board redrawn, in headless
// Chromium. Run `trunk build --release` first (scripts/bench.sh does). Prints JSON.
import { readFile, readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { launch, newPage, serveDist, startGame, waitPhase } from './harness.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const sizes = {};
// What the page fetches before its first game: the HTML (with the styles and the inflater in
// it), the glue, the chunks' loader it imports, and the packed main module, which travels as it
// is (LZMA; scripts/pack-wasm.mjs). The plain wasm is only the fallback; the chunks
// (scripts/split-wasm.mjs) load when their screen is first opened, the workers when first
// needed, the service worker (and its lzma.js) after the page.
const chunks = {};
for (const f of await readdir(dist)) {
  if (!/^(index\.html|vrhcaby-web-.*)$/.test(f)) continue;
  const bytes = await readFile(dist + f);
  const size = { raw: bytes.length, gzip: f.endsWith('.lzma') ? bytes.length : gzipSync(bytes, { level: 9 }).length };
  if (/^(index\.html|vrhcaby-web-[0-9a-f]+(-split-[0-9a-f]+)?\.js|vrhcaby-web-[0-9a-f]+_bg\.lzma)$/.test(f)) sizes[f] = size;
  if (/^vrhcaby-web-[0-9a-f]+-\w+-[0-9a-f]+\.wasm$/.test(f)) chunks[f] = size;
}
// The computer's Web Worker (created when a computer game, a hint or an analysis starts): its wasm
// (with the weights) and JS. Standard backgammon's worker (the same worker with its own net) is
// counted apart: a page loads one or the other. Each is built twice, its net in wasm SIMD (loaded
// where the browser validates SIMD, as Chromium does) and scalar (the fallback).
const workers = {};
for (const name of ['bot_worker', 'bot_worker_standard', 'bot_worker_simd', 'bot_worker_standard_simd']) {
  const files = {};
  for (const f of [`${name}.js`, `${name}_bg.wasm`, `${name}_loader.js`]) {
    const bytes = await readFile(dist + f);
    files[f] = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  }
  workers[name] = files;
}
const botSizes = workers.bot_worker_simd;
const standardSizes = workers.bot_worker_standard_simd;
const gzipOf = (files) => Object.values(files).reduce((a, s) => a + s.gzip, 0);
const firstLoadGzip = Object.values(sizes).reduce((a, s) => a + s.gzip, 0);
const botWorkerGzip = gzipOf(botSizes);
const standardWorkerGzip = gzipOf(standardSizes);

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
  first_load_gzip_bytes: firstLoadGzip,
  files: sizes,
  chunks_gzip_bytes: Object.values(chunks).reduce((a, s) => a + s.gzip, 0),
  chunks,
  bot_worker_gzip_bytes: botWorkerGzip,
  bot_worker_files: botSizes,
  standard_worker_gzip_bytes: standardWorkerGzip,
  standard_worker_files: standardSizes,
  scalar_bot_worker_gzip_bytes: gzipOf(workers.bot_worker),
  scalar_standard_worker_gzip_bytes: gzipOf(workers.bot_worker_standard),
  click_to_targets_ms: stats(select),
  click_to_redrawn_ms: stats(redraw),
}, null, 2));
