// Offline after the first visit: on install, cache the page and every asset it names (Trunk's
// hashed file names are read from index.html); then serve from the cache, refreshing it from the
// network when online.
const CACHE = 'vrhcaby-v6';
// The inflater of the app's packed wasm (boot/lzma.js, written beside this by scripts/pack-wasm.mjs).
importScripts('./lzma.js');
// The app's wasm chunks and their loader, fetched by the page only when a screen that needs them
// is first opened; named here by scripts/split-wasm.mjs at build time, cached at install.
const SPLIT = [];

// The smallest module that needs wasm's 128-bit SIMD: one function returning a v128.const.
function simdValidates() {
  try {
    return WebAssembly.validate(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 5, 1, 0x60, 0, 1,
      0x7b, 3, 2, 1, 0, 10, 0x16, 1, 0x14, 0, 0xfd, 0x0c, ...new Array(16).fill(0), 0x0b]));
  } catch (e) {
    return false;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const response = await fetch('./', { cache: 'no-store' });
    const html = await response.clone().text();
    await cache.put('./', response);
    // Absolute URLs only: cache.addAll rejects a list that names one resource twice.
    const assets = new Set();
    // The computer's workers are not named in the page (it creates them when first needed):
    // cached now too, so a game against it and the hint work offline from the second visit.
    // Each worker comes built twice; the page loads the SIMD build where the browser validates
    // wasm SIMD (src/drivers/bot.rs asks the same question with the same module), and only those
    // two are cached.
    const simd = simdValidates() ? '_simd' : '';
    for (const path of ['./manifest.webmanifest', './icon.svg',
      ...['bot_worker', 'bot_worker_standard'].flatMap((w) =>
        [`./${w}${simd}_loader.js`, `./${w}${simd}.js`, `./${w}${simd}_bg.wasm`]),
      './relay_worker_loader.js', './relay_worker.js', './relay_worker_bg.wasm', ...SPLIT,
      // The release build's HTML is minified: an attribute's value may be unquoted.
      ...[...html.matchAll(/\b(?:href|src)=(?:"([^"]+)"|'([^']+)'|([^\s"'>]+))/g)]
        .map((m) => m[1] ?? m[2] ?? m[3]),
      // The app's packed wasm, which the page's inflater fetches (scripts/pack-wasm.mjs).
      ...[...html.matchAll(/'(\.\/[\w.-]+_bg\.lzma)'/g)].map((m) => m[1])]) {
      const url = new URL(path, self.registration.scope);
      if (url.origin === self.location.origin) assets.add(url.href);
    }
    await cache.addAll([...assets]);
    // The app's wasm travels packed (*.lzma); the cache keeps it inflated too, under the plain
    // wasm's name, so a later visit compiles it at once instead of decoding it on the page.
    for (const url of assets) {
      if (!url.endsWith('_bg.lzma')) continue;
      try {
        const packed = new Uint8Array(await (await cache.match(url)).arrayBuffer());
        const wasm = self.vrhcabyLzma.inflate(packed);
        await cache.put(url.replace(/\.lzma$/, '.wasm'), new Response(wasm, { headers: { 'content-type': 'application/wasm' } }));
      } catch (e) {
        // The page inflates the .lzma itself then.
      }
    }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // A page is cached under its path; a query such as ?seed=N or a #join= fragment does not make
  // another page.
  const key = request.mode === 'navigate' ? url.origin + url.pathname : request;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
    const network = fetch(request).then((response) => {
      if (response.ok) cache.put(key, response.clone());
      return response;
    });
    if (cached) {
      event.waitUntil(network.catch(() => {}));
      return cached;
    }
    return network;
  })());
});
