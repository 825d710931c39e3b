// Offline after the first visit: on install, cache the page and every asset it names (Trunk's
// hashed file names are read from index.html); then serve from the cache, refreshing it from the
// network when online.
const CACHE = 'vrhcaby-v1';

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const response = await fetch('./', { cache: 'no-store' });
    const html = await response.clone().text();
    await cache.put('./', response);
    // Absolute URLs only: cache.addAll rejects a list that names one resource twice.
    const assets = new Set();
    for (const path of ['./manifest.webmanifest', './icon.svg',
      ...[...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1])]) {
      const url = new URL(path, self.registration.scope);
      if (url.origin === self.location.origin) assets.add(url.href);
    }
    await cache.addAll([...assets]);
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
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  const isPage = request.mode === 'navigate';
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(isPage ? './' : request, { ignoreSearch: isPage });
    const network = fetch(request).then((response) => {
      if (response.ok) cache.put(isPage ? './' : request, response.clone());
      return response;
    });
    if (cached) {
      event.waitUntil(network.catch(() => {}));
      return cached;
    }
    return network;
  })());
});
