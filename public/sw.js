// Offline after the first visit: on install, cache the page and every file the build's manifest
// (build.json, written by the build step, xtask/) says this browser will load; then serve from
// the cache, refreshing it from the network when online.
const CACHE = 'vrhcaby-v7';
// The inflater of the app's packed wasm (boot/lzma.js, written beside this by the build step).
importScripts('./lzma.js');

function simdValidates(probe) {
  try {
    return WebAssembly.validate(new Uint8Array(probe));
  } catch (e) {
    return false;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const build = await (await fetch('./build.json', { cache: 'no-store' })).json();
    const response = await fetch('./', { cache: 'no-store' });
    const html = await response.clone().text();
    await cache.put('./', response);
    // Absolute URLs only: cache.addAll rejects a list that names one resource twice.
    const assets = new Set();
    // The workers are not named in the page (it creates them when first needed): cached now
    // too, so a game against the computer, the hint and the friend's connection work offline
    // from the second visit. The computer's worker comes built twice; the page loads the SIMD
    // build where the browser validates the manifest's probe (src/drivers/worker.rs asks the
    // same of the same module), and only those builds are cached.
    const simd = simdValidates(build.simd_probe) ? 'simd' : 'plain';
    // The app's files: the glue, the chunks and their loader (fetched by the page only when a
    // screen that needs them is first opened), and its wasm packed (the plain one is put below).
    const app = build.app.files.filter((f) => !build.app.packed || f !== build.app.wasm);
    for (const path of ['./manifest.webmanifest', './icon.svg', ...app,
      ...Object.values(build.workers).flatMap((w) => w[simd]),
      // Whatever else the page names. The release build's HTML is minified: an attribute's
      // value may be unquoted.
      ...[...html.matchAll(/\b(?:href|src)=(?:"([^"]+)"|'([^']+)'|([^\s"'>]+))/g)]
        .map((m) => m[1] ?? m[2] ?? m[3])]) {
      const url = new URL(path, self.registration.scope);
      if (url.origin === self.location.origin) assets.add(url.href);
    }
    await cache.addAll([...assets]);
    // The app's wasm travels packed; the cache keeps it inflated under the plain wasm's name,
    // so a later visit compiles it at once instead of decoding it on the page.
    if (build.app.packed) {
      try {
        const packed = new Uint8Array(await (await cache.match(new URL(build.app.packed, self.registration.scope).href)).arrayBuffer());
        const wasm = self.vrhcabyLzma.inflate(packed);
        await cache.put(new URL(build.app.wasm, self.registration.scope).href,
          new Response(wasm, { headers: { 'content-type': 'application/wasm' } }));
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
