// The app's wasm travels LZMA-compressed (issue 19): GitHub Pages serves gzip at best, and LZMA
// packs the wasm about a quarter smaller (436 → 333 KB), half a second less on a 1.6 Mbps phone.
// The build step (xtask/) compresses it (xz's .lzma format with the real size in its
// header) and puts this file, minified, into index.html before the app's loader (and beside it as
// lzma.js for the service worker). The loader asks `vrhcabyWasm(packed, plain)` for a Response
// whose body is the wasm, inflated as the bytes arrive, so the browser compiles it while it
// downloads (WebAssembly.instantiateStreaming); on any failure the loader falls back to the plain
// wasm beside it. The service worker keeps the wasm inflated in its cache (public/sw.js): a later
// visit takes it from there and decodes nothing.
//
// The decoder is written from the LZMA format's description (range coder, adaptive binary
// probabilities, literal / match / repeated-match symbols). It runs in a page and in Node
// (tests/lzma.test.mjs): `vrhcabyLzma.inflater()` takes chunks and returns the bytes each one
// completes; `vrhcabyLzma.inflate(bytes)` does a whole buffer. Malformed input throws an Error;
// it never reads past its input nor writes past the size its header gives.
(function (g) {
  'use strict';

  const MAX_SIZE = 256 << 20;
  // Offsets into one array of 11-bit probabilities.
  const IS_MATCH = 0; // [state << 4 | posState]
  const IS_REP = 192;
  const IS_REP_G0 = 204;
  const IS_REP_G1 = 216;
  const IS_REP_G2 = 228;
  const IS_REP0_LONG = 240; // [state << 4 | posState]
  const POS_SLOT = 432; // 4 length states × 64
  const SPEC_POS = 688; // 114
  const ALIGN = 802; // 16
  const LEN = 818; // choice, choice2, low 16 × 8, mid 16 × 8, high 256
  const REP_LEN = 1332;
  const LITERAL = 1846; // 0x300 per literal state

  /** A streaming decoder of one .lzma stream. */
  function inflater() {
    let input = new Uint8Array(1 << 16);
    let inLen = 0;
    let inPos = 0;
    let out = null;
    let size = 0;
    let pos = 0;
    let emitted = 0;
    let lc = 0;
    let lpMask = 0;
    let pbMask = 0;
    let probs = null;
    let state = 0;
    let rep0 = 0;
    let rep1 = 0;
    let rep2 = 0;
    let rep3 = 0;
    let range = 0;
    let code = 0;

    function fail(why) {
      throw new Error('LZMA: ' + why);
    }

    // One binary decision with an adaptive probability (range and code are kept as unsigned
    // numbers below 2^32).
    function bit(i) {
      const p = probs[i];
      const bound = (range >>> 11) * p;
      let b;
      if (code < bound) {
        range = bound;
        probs[i] = p + ((2048 - p) >>> 5);
        b = 0;
      } else {
        range -= bound;
        code -= bound;
        probs[i] = p - (p >>> 5);
        b = 1;
      }
      normalize();
      return b;
    }

    // Keeps the range above 2^24, reading one more byte of input when it falls below.
    function normalize() {
      if (range < 16777216) {
        range *= 256;
        code = code * 256 + (input[inPos++] | 0);
      }
    }

    function tree(base, bits) {
      let m = 1;
      for (let i = 0; i < bits; i++) m = (m << 1) | bit(base + m);
      return m - (1 << bits);
    }

    function reverseTree(base, bits) {
      let m = 1;
      let symbol = 0;
      for (let i = 0; i < bits; i++) {
        const b = bit(base + m);
        m = (m << 1) | b;
        symbol |= b << i;
      }
      return symbol;
    }

    function direct(bits) {
      let result = 0;
      for (let i = 0; i < bits; i++) {
        range = range >>> 1;
        let b = 0;
        if (code >= range) {
          code -= range;
          b = 1;
        }
        result = result * 2 + b;
        normalize();
      }
      return result;
    }

    // A match length less 2 (0 ..= 271).
    function length(base, posState) {
      if (bit(base) === 0) return tree(base + 2 + (posState << 3), 3);
      if (bit(base + 1) === 0) return 8 + tree(base + 130 + (posState << 3), 3);
      return 16 + tree(base + 258, 8);
    }

    function distance(len) {
      const lenState = len < 3 ? len : 3;
      const slot = tree(POS_SLOT + (lenState << 6), 6);
      if (slot < 4) return slot;
      const bits = (slot >>> 1) - 1;
      let dist = (2 | (slot & 1)) * 2 ** bits;
      if (slot < 14) return dist + reverseTree(SPEC_POS + dist - slot - 1, bits);
      return dist + direct(bits - 4) * 16 + reverseTree(ALIGN, 4);
    }

    function header() {
      const props = input[0];
      if (props >= 225) fail('bad properties');
      lc = props % 9;
      const rest = (props / 9) | 0;
      lpMask = (1 << rest % 5) - 1;
      pbMask = (1 << ((rest / 5) | 0)) - 1;
      let n = 0;
      for (let i = 12; i >= 5; i--) n = n * 256 + input[i];
      if (n > MAX_SIZE) fail('no or too large a size in the header');
      size = n;
      out = new Uint8Array(size);
      probs = new Uint16Array(LITERAL + (0x300 << (lc + rest % 5))).fill(1024);
      if (input[13] !== 0) fail('bad range coder start');
      code = ((input[14] << 24) | (input[15] << 16) | (input[16] << 8) | input[17]) >>> 0;
      range = 0xffffffff;
      inPos = 18;
    }

    function copyMatch(dist, len) {
      if (dist >= pos) fail('distance before the start');
      if (len > size - pos) fail('a match past the end');
      const from = pos - dist - 1;
      for (let i = 0; i < len; i++) out[pos + i] = out[from + i];
      pos += len;
    }

    function run(final) {
      if (out === null) {
        if (inLen < 18) {
          if (final) fail('truncated header');
          return;
        }
        header();
      }
      // A symbol reads at most 55 bytes: stop 64 before the end of what has arrived.
      const limit = final ? inLen : inLen - 64;
      while (pos < size && inPos <= limit) {
        const posState = pos & pbMask;
        if (bit(IS_MATCH + (state << 4) + posState) === 0) {
          const prev = pos > 0 ? out[pos - 1] : 0;
          const base = LITERAL + 0x300 * (((pos & lpMask) << lc) + (prev >>> (8 - lc)));
          let symbol = 1;
          if (state >= 7) {
            let match = out[pos - rep0 - 1];
            do {
              const matchBit = (match >>> 7) & 1;
              match <<= 1;
              const b = bit(base + ((1 + matchBit) << 8) + symbol);
              symbol = (symbol << 1) | b;
              if (b !== matchBit) break;
            } while (symbol < 0x100);
          }
          while (symbol < 0x100) symbol = (symbol << 1) | bit(base + symbol);
          out[pos++] = symbol & 0xff;
          state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
          continue;
        }
        let len;
        if (bit(IS_REP + state) === 0) {
          rep3 = rep2;
          rep2 = rep1;
          rep1 = rep0;
          len = length(LEN, posState);
          state = state < 7 ? 7 : 10;
          rep0 = distance(len);
          if (rep0 === 0xffffffff) fail('an end marker before the size in the header');
        } else {
          if (pos === 0) fail('a repeated match at the start');
          if (bit(IS_REP_G0 + state) === 0) {
            if (bit(IS_REP0_LONG + (state << 4) + posState) === 0) {
              state = state < 7 ? 9 : 11;
              copyMatch(rep0, 1);
              continue;
            }
          } else {
            let dist;
            if (bit(IS_REP_G1 + state) === 0) {
              dist = rep1;
            } else {
              if (bit(IS_REP_G2 + state) === 0) {
                dist = rep2;
              } else {
                dist = rep3;
                rep3 = rep2;
              }
              rep2 = rep1;
            }
            rep1 = rep0;
            rep0 = dist;
          }
          len = length(REP_LEN, posState);
          state = state < 7 ? 8 : 11;
        }
        copyMatch(rep0, len + 2);
      }
      if (inPos > inLen) fail('truncated');
      if (final && pos < size) fail('truncated');
    }

    function take() {
      const data = out === null ? new Uint8Array(0) : out.slice(emitted, pos);
      emitted = pos;
      return data;
    }

    return {
      /** Adds a chunk of the stream; returns the bytes it completes. */
      push(chunk) {
        if (inLen + chunk.length > input.length) {
          let capacity = input.length * 2;
          while (capacity < inLen + chunk.length) capacity *= 2;
          const grown = new Uint8Array(capacity);
          grown.set(input.subarray(0, inLen));
          input = grown;
        }
        input.set(chunk, inLen);
        inLen += chunk.length;
        run(false);
        return take();
      },
      /** Ends the stream; returns the last bytes, or throws if it was cut short. */
      finish() {
        run(true);
        return take();
      },
    };
  }

  function inflate(bytes) {
    const z = inflater();
    const head = z.push(bytes);
    const tail = z.finish();
    const all = new Uint8Array(head.length + tail.length);
    all.set(head);
    all.set(tail, head.length);
    return all;
  }

  /** A Response with the wasm: the inflated copy the service worker keeps (a later visit
   * compiles it at once), else the .lzma at `url` inflated as it arrives. */
  async function wasm(url, plain) {
    // Only a page the service worker controls looks (opening the cache takes a while).
    const sw = g.navigator && g.navigator.serviceWorker;
    if (sw && sw.controller && g.caches && plain) {
      try {
        const kept = await g.caches.match(new URL(plain, g.location.href).href);
        if (kept) return kept;
      } catch (e) {
        // No cache after all (a private window): download it.
      }
    }
    // Inflated on this thread: a worker of its own would start the download later (measured:
    // the board about 0.2 s later on the throttled phone), and each chunk takes a few ms.
    const response = await fetch(new URL(url, g.location.href).href);
    if (!response.ok || !response.body) throw new Error('LZMA: ' + response.status + ' fetching ' + url);
    const reader = response.body.getReader();
    const z = inflater();
    const body = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        const data = done ? z.finish() : z.push(value);
        if (data.length > 0) controller.enqueue(data);
        if (done) controller.close();
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { headers: { 'content-type': 'application/wasm' } });
  }

  g.vrhcabyLzma = { inflater, inflate };
  g.vrhcabyWasm = wasm;
})(globalThis);
