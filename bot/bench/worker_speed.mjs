// The computer's decision time in wasm, in its Web Worker, in headless Chromium (a benchmark,
// not a test): positions from a self-play game of the level itself, a fresh roll each turn.
// Run `./scripts/build.sh` first; then `node bot/bench/worker_speed.mjs [level] [decisions] [simd|scalar]`
// (the worker the page loads where wasm SIMD validates, as in Chromium, or its scalar fallback).
// Prints JSON: median, p95 and max ms per decision, and how many.
import { launch, newPage, serveDist } from '../../tests/e2e/harness.mjs';

const level = process.argv[2] ?? 'strongest';
const n = Number(process.argv[3] ?? 300);
const build = process.argv[4] ?? 'simd';
if (build !== 'simd' && build !== 'scalar') throw new Error(`simd or scalar, not ${build}`);
const url = build === 'simd' ? './bot_worker_simd_loader.js' : './bot_worker_loader.js';
const server = await serveDist();
const browser = await launch();
const page = await newPage(browser);
await page.goto(server.url + 'peer/');
const times = await page.evaluate(async ({ level, n, url }) => {
  const w = new Worker(url);
  const next = () => new Promise((done) => { w.onmessage = (e) => done(e.data); });
  await next(); // {"ready":true}
  const start = { white: [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
                  black: [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0] };
  let position = start;
  let turn = 'white';
  let seed = 1;
  const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
  const out = [];
  while (out.length < n) {
    const dice = [1 + (rnd() % 6), 1 + (rnd() % 6)];
    const t0 = performance.now();
    w.postMessage(JSON.stringify({ position, turn, dice, level, seed: 0, rules: 'vrhcaby' }));
    const answer = JSON.parse(await next());
    const ms = performance.now() - t0;
    if (answer.error) { position = start; turn = 'white'; continue; }
    out.push(ms);
    position = answer.position;
    turn = turn === 'white' ? 'black' : 'white';
  }
  return out;
}, { level, n, url });
await browser.close();
server.close();
const v = [...times].sort((a, b) => a - b);
const q = (p) => +v[Math.min(v.length - 1, Math.floor(p * v.length))].toFixed(1);
console.log(JSON.stringify({ level, build, decisions: v.length, median_ms: q(0.5), p95_ms: q(0.95), max_ms: q(1) }));
