// The page's LZMA inflater (boot/lzma.js) against xz: every byte back for data that exercises
// literals, matched literals, short and long matches, repeated distances and distances past the
// direct-bit threshold, under several lc/lp/pb; fed whole and in pieces as a download arrives;
// and every malformed stream (cut short, a spoiled header, spoiled bytes) ends in an Error or in
// output of the header's size, never a hang or a read or write out of bounds; and the page's
// `vrhcabyWasm` on a download that arrives in pieces.
//   node --test tests/lzma.test.mjs      (needs xz)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import vm from 'node:vm';
import { execFileSync } from 'node:child_process';

// As the build packs the app's wasm (xtask/src/main.rs): xz's .lzma, preset 9e, lc=4 lp=0 pb=0.
const LZMA_OPTIONS = ['--format=lzma', '--lzma1=preset=9e,lc=4,lp=0,pb=0'];

/** The .lzma of `bytes` by xz, with their length in the header's size field (as the build writes it). */
function compress(bytes, options = LZMA_OPTIONS) {
  const packed = execFileSync('xz', [...options, '--stdout'], { input: bytes, maxBuffer: 1 << 30 });
  packed.writeBigUInt64LE(BigInt(bytes.length), 5);
  return packed;
}

const context = { ReadableStream, Response, fetch, URL, Blob };
context.globalThis = context;
vm.runInNewContext(await readFile(new URL('../boot/lzma.js', import.meta.url), 'utf8'), context);
const { inflate, inflater } = context.vrhcabyLzma;

/** A seeded generator (xorshift32). */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s;
  };
}

/** Text-like and binary-like runs, repeats near and far (beyond 128 KB), and long runs. */
function sample(seed, size) {
  const next = rng(seed);
  const out = new Uint8Array(size);
  let pos = 0;
  while (pos < size) {
    const kind = next() % 6;
    const len = Math.min(size - pos, 1 + (next() % (kind === 5 ? 600 : 90)));
    if (kind === 0 || pos < 16) {
      for (let i = 0; i < len; i++) out[pos + i] = next() & 0xff;
    } else if (kind === 1) {
      for (let i = 0; i < len; i++) out[pos + i] = 97 + (next() % 6);
    } else if (kind === 2 || kind === 3) {
      // A copy from near (kind 2) or anywhere before (kind 3), sometimes one byte changed.
      const back = kind === 2 ? 1 + (next() % Math.min(pos, 300)) : 1 + (next() % pos);
      for (let i = 0; i < len; i++) out[pos + i] = out[pos - back + i];
      if (next() % 3 === 0) out[pos + (next() % len)] ^= 1;
    } else if (kind === 4) {
      const step = 1 + (next() % 8);
      for (let i = 0; i < len; i++) out[pos + i] = (out[pos - 1] + step * (i + 1)) & 0xff;
    } else {
      out.fill(next() & 0xff, pos, pos + len);
    }
    pos += len;
  }
  return out;
}

const settings = ['lc=3,lp=0,pb=2', 'lc=4,lp=0,pb=0', 'lc=0,lp=2,pb=1', 'lc=1,lp=1,pb=4', 'lc=2,lp=2,pb=3'];

test('every byte back, whole, for several sizes and literal/position settings', () => {
  for (const [i, size] of [0, 1, 2, 300, 70_000, 400_000].entries()) {
    const data = sample(7 + i, size);
    for (const s of settings) {
      const packed = compress(data, ['--format=lzma', `--lzma1=preset=6,${s}`]);
      assert.deepEqual(Buffer.from(inflate(packed)), Buffer.from(data), `size ${size}, ${s}`);
    }
  }
});

test('fed in pieces as a download arrives, it gives the same bytes, each as soon as it can', () => {
  const data = sample(99, 300_000);
  const packed = compress(data);
  for (const seed of [1, 2, 3]) {
    const next = rng(seed);
    const z = inflater();
    const parts = [];
    let before = 0;
    for (let at = 0; at < packed.length;) {
      const n = seed === 1 ? 1 : 1 + (next() % 20_000);
      parts.push(z.push(packed.subarray(at, at + n)));
      at += n;
      if (at > packed.length / 2 && before === 0) before = parts.reduce((a, p) => a + p.length, 0);
    }
    parts.push(z.finish());
    assert.ok(before > 0, 'bytes came out before the stream ended');
    assert.deepEqual(Buffer.concat(parts.map((p) => Buffer.from(p))), Buffer.from(data));
  }
});

test('the page\'s own wasm, as the build packed it', async () => {
  const dist = new URL('../dist/', import.meta.url);
  const build = await readFile(new URL('build.json', dist), 'utf8').then(JSON.parse, () => null);
  if (!build) return; // not built yet: the end-to-end tests load it in a page
  assert.ok(build.app.packed, 'a release build packs the wasm');
  const packed = await readFile(new URL(build.app.packed, dist));
  const wasm = await readFile(new URL(build.app.wasm, dist));
  assert.deepEqual(Buffer.from(inflate(packed)), wasm);
});

test('a stream cut short, a spoiled header or spoiled bytes: an Error or the right size, never more', () => {
  const data = sample(5, 50_000);
  const packed = compress(data);
  for (const cut of [0, 5, 13, 17, 18, 100, packed.length >> 1, packed.length - 8]) {
    assert.throws(() => inflate(packed.subarray(0, cut)), /LZMA: truncated/, `cut at ${cut}`);
  }
  const bad = (edit) => { const b = Buffer.from(packed); edit(b); return b; };
  assert.throws(() => inflate(bad((b) => { b[0] = 225; })), /properties/);
  assert.throws(() => inflate(bad((b) => b.fill(0xff, 5, 13))), /size/);
  assert.throws(() => inflate(bad((b) => { b[13] = 1; })), /range coder/);
  const next = rng(11);
  let thrown = 0;
  for (let round = 0; round < 300; round++) {
    const spoiled = bad((b) => {
      for (let k = 0; k <= round % 4; k++) b[18 + (next() % (b.length - 18))] ^= 1 + (next() % 255);
    });
    try {
      assert.equal(inflate(spoiled).length, data.length);
    } catch (e) {
      assert.match(String(e.message), /^LZMA: /);
      thrown++;
    }
  }
  assert.ok(thrown > 0, 'some spoiled streams are caught by the decoder itself');
});

test('the download inflated as it arrives, as the page gets it; a missing file is an Error', async () => {
  const { createServer } = await import('node:http');
  const data = sample(21, 120_000);
  const packed = compress(data);
  const server = createServer((req, res) => {
    if (req.url !== '/app.lzma') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    // Sent in pieces, as a download arrives.
    let at = 0;
    const next = () => {
      if (at >= packed.length) return res.end();
      res.write(packed.subarray(at, at + 7_000));
      at += 7_000;
      setTimeout(next, 1);
    };
    next();
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  try {
    context.location = { href: `http://127.0.0.1:${server.address().port}/` };
    const response = await context.vrhcabyWasm('./app.lzma', './app.wasm');
    assert.equal(response.headers.get('content-type'), 'application/wasm');
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), Buffer.from(data));
    await assert.rejects(async () => (await context.vrhcabyWasm('./gone.lzma')).arrayBuffer(), /LZMA: 404/);
  } finally {
    server.close();
  }
});
