// Each of the computer's Web Workers — its wasm with the net's weights inside, its glue and its
// loader — stays within 150 KB gzipped (issue 22): a player who opens a computer game downloads
// one of them. Counted on the release build as tests/e2e/budgets.mjs counts it (gzip -9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const LIMIT = 150_000;

/** The worker `name`'s files (its loader, glue and wasm) and their gzipped total. */
async function workerBytes(name) {
  let total = 0;
  const files = [];
  for (const f of await readdir(dist)) {
    if (![`${name}.js`, `${name}_bg.wasm`, `${name}_loader.js`].includes(f)) continue;
    files.push(f);
    total += gzipSync(await readFile(dist + f), { level: 9 }).length;
  }
  return { total, files };
}

test('each computer worker, in both builds (wasm SIMD and scalar), is within 150 KB gzipped, one net inside', async () => {
  for (const simd of ['', '_simd']) {
    const house = await workerBytes(`bot_worker${simd}`);
    const standard = await workerBytes(`bot_worker_standard${simd}`);
    for (const [name, w] of [['house', house], ['standard', standard]]) {
      assert.equal(w.files.length, 3, `${name}${simd}: ${w.files}`);
      assert.ok(w.total <= LIMIT, `${name}${simd} worker ${w.total} bytes gzipped (${w.files.join(', ')})`);
    }
    // The standard worker carries standard backgammon's net only: were the house net linked in
    // too, it would be a net's size (≈ 29 KB gzipped) bigger than the house worker, not a little.
    assert.ok(standard.total - house.total < 20_000, `house ${house.total}, standard ${standard.total}`);
  }
});
