// The release build's bytes held to their budgets (tests/e2e/sizes.mjs): the first load before
// the first game is playable, each of the computer's four workers, each wasm chunk and all of
// them; and the build's shape those figures assume (one packed main module, the chunks the
// loader names, the workers the page can start).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { BUDGETS, DIST, measure } from './sizes.mjs';

const sizes = await measure();
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

test(`the first load is within ${kb(BUDGETS.first_load)} as served`, () => {
  const names = Object.keys(sizes.first.files);
  assert.equal(names.filter((n) => n.endsWith('.lzma')).length, 1, `one packed main module: ${names}`);
  assert.equal(names.filter((n) => n.endsWith('.js')).length, 2, `the glue and the chunks' loader: ${names}`);
  assert.ok(sizes.first.gzip <= BUDGETS.first_load,
    `the first load is ${sizes.first.gzip} B: ${JSON.stringify(sizes.first.files)}`);
});

test(`each of the computer's workers is within ${kb(BUDGETS.worker)} gzipped`, () => {
  for (const [name, w] of Object.entries(sizes.workers)) {
    assert.ok(w.gzip <= BUDGETS.worker, `${name} is ${w.gzip} B: ${JSON.stringify(w.files)}`);
  }
});

test(`each chunk is within ${kb(BUDGETS.chunk)} and all within ${kb(BUDGETS.chunks)}, each one the loader names`, async () => {
  const loaderName = Object.keys(sizes.first.files).find((n) => n.endsWith('/__wasm_split.js'));
  const loader = await readFile(DIST + loaderName, 'utf8');
  const chunks = Object.entries(sizes.chunks.files);
  assert.ok(chunks.length >= 5, `the lazy screens' chunks: ${chunks.map(([n]) => n)}`);
  for (const [name, c] of chunks) {
    assert.ok(loader.includes(`"./${name.split('/').pop()}"`), `the loader names ${name}`);
    assert.ok(c.gzip <= BUDGETS.chunk, `${name} is ${c.gzip} B`);
  }
  assert.ok(sizes.chunks.gzip <= BUDGETS.chunks, `the chunks are ${sizes.chunks.gzip} B in all`);
});
