// The release build's bytes as they travel (gzip -9, as GitHub Pages serves; the packed wasm as
// it is), and the budgets they must stay within. Read by `budgets.test.mjs` (fails over budget)
// and `budgets.mjs` (the benchmark that prints them with the click timings).
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The budgets, in bytes as served. The first load (before the first game is playable) was
 * 298,156 B when the app's wasm was split (2026-12-05), 302,433 B after issue 39 and 317,797 B
 * after issue 43's game screen (bench/FIGURES.md); the budget holds it there, a growth of more
 * than 1% is a decision to write down here. The workers may grow to 200 KB each (issue 40); each
 * chunk is fetched when its screen is first opened. Issue 42's roll proof (its view, `verify` and
 * SHA-256: 6.1 KB) went into a chunk of its own, fetched when a roll is first checked, so the
 * first load stays within its budget (319,748 B); the chunks' total grew past 130 KB with it
 * (130,981 B). Then issue 42's open tables (the lobby's screen, 16.1 KB in a chunk of its own,
 * sharing the connection's code with the friend screen through a shared chunk) and My games' dice
 * statistics (+6 KB in the history chunk) took the chunks to 161,111 B, none over 60 KB: every byte
 * of it is fetched only when its screen is first opened, so the total's budget is 170 KB. The
 * first load then reached 321,030 B (+1.0% over 317,797): the move list's check buttons, the
 * exported proof, Play someone now on the start screen and the bar of a table waiting, and the
 * main module's functions the lobby's chunk calls. Decided: its budget is 322,000 B.
 * Issue 52 (first load ≤ 300,000 B): the peer protocol (trust v5 took the first load to
 * 324.5 KB) left the first load — a game with another device is made, continued and read only
 * by the connection's chunk, the session holding it as a `dyn Remote`. The first load fell to
 * 284,551 B and its budget to 300,000 B. The bytes went into the chunk the friend screen, the
 * lobby and a continued peer game share (32.8 KB → 99.4 KB gzipped: gzip on a chunk of its own
 * packs wasm ~20% worse than the main module's LZMA), so a chunk's budget is 100 KB and the
 * chunks' total 240 KB: a visit that plays with another device fetches ~28 KB more than before,
 * every other visit 40 KB less. */
export const BUDGETS = {
  first_load: 300_000,
  worker: 200_000,
  chunk: 100_000,
  chunks: 240_000,
};

const size = (bytes, packed) => ({ raw: bytes.length, gzip: packed ? bytes.length : gzipSync(bytes, { level: 9 }).length });
const sum = (files) => Object.values(files).reduce((a, s) => a + s.gzip, 0);

/** The bytes of the build in `dist`, by its manifest (build.json):
 * - `first`: what the page fetches before its first game — the HTML (with the styles and the
 *   inflater in it), the glue, the chunks' loader it imports, and the packed main module, which
 *   travels as it is (LZMA). The plain wasm is only the fallback, the service worker (and its
 *   lzma.js) loads after the page;
 * - `chunks`: the wasm chunks, each loaded when its screen is first opened;
 * - `workers`: the computer's Web Workers (created when a computer game, a hint or an analysis
 *   starts), each its wasm (with the weights), glue and loader. Standard backgammon's worker is
 *   the same worker with its own net; each is built twice, its net in wasm SIMD and scalar (the
 *   fallback): a page loads one of the four. */
export async function measure(dist = DIST) {
  const build = JSON.parse(await readFile(dist + 'build.json', 'utf8'));
  const read = (path) => readFile(dist + path.replace(/^\.\//, ''));
  const first = {};
  const chunks = {};
  first['index.html'] = size(await readFile(dist + 'index.html'));
  first[build.app.packed] = size(await read(build.app.packed), true);
  for (const f of build.app.files) {
    if (f.endsWith('.js')) first[f] = size(await read(f));
    else if (f.endsWith('.wasm') && f !== build.app.wasm) chunks[f] = size(await read(f));
  }
  const workers = {};
  for (const [name, builds] of Object.entries(build.workers)) {
    if (name === 'relay') continue;
    for (const paths of Object.values(builds)) {
      const files = {};
      for (const f of paths) files[f.replace(/^\.\//, '')] = size(await read(f));
      workers[paths[0].replace(/^\.\//, '').replace(/_loader\.js$/, '')] = { gzip: sum(files), files };
    }
  }
  return { first: { gzip: sum(first), files: first }, chunks: { gzip: sum(chunks), files: chunks }, workers };
}
