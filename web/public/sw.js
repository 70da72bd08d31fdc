// Tradepost service worker (spec §4). Registered on mobile paths and mobile browsers, never on scanner
// screens (web/src/features/service-worker/service-worker-policy.ts decides).
//  - /assets/* are content-hashed, so they are served cache-first: a name never changes its content.
//  - Page navigations go to the network first; offline, the last app shell (index.html) is served and
//    the client-side router takes it from there.
//  - Everything else (the API, /version.json, the event stream) passes straight through.
// Bump the version to drop every cache of an older worker on activation.
const VERSION = 'v1';
const ASSET_CACHE = `tradepost-assets-${VERSION}`;
const PAGE_CACHE = `tradepost-pages-${VERSION}`;
const APP_SHELL = '/index.html';
// Hashed files of past builds pile up; the oldest go once there are more than this.
const MAX_ASSETS = 300;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PAGE_CACHE)
      .then((cache) => cache.add(new Request(APP_SHELL, { cache: 'reload' })))
      // Installing must not fail because the shell could not be fetched: the first navigation stores it.
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('tradepost-') && name !== ASSET_CACHE && name !== PAGE_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function trimAssets(cache) {
  const keys = await cache.keys();
  const excess = keys.length - MAX_ASSETS;
  for (let index = 0; index < excess; index += 1) await cache.delete(keys[index]);
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trimAssets(cache);
  }
  return response;
}

function offlinePage() {
  return new Response(
    '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title><p style="font-family:system-ui,sans-serif;padding:24px">You are offline and this page has not been saved on this device yet. Reconnect and try again.</p>',
    { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') || '';
    if (response.ok && type.includes('text/html')) {
      const cache = await caches.open(PAGE_CACHE);
      // Every route answers with the same app shell, so one copy serves them all offline.
      await cache.put(APP_SHELL, response.clone());
    }
    return response;
  } catch {
    const cache = await caches.open(PAGE_CACHE);
    return (await cache.match(APP_SHELL)) || offlinePage();
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.mode === 'navigate' && !url.pathname.startsWith('/api/')) {
    event.respondWith(networkFirst(request));
  }
});
