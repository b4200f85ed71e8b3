/* global self, caches, fetch, URL, Request */
// The storefront's service worker: a revisit works without a connection.
//
// - Hashed UI files (/assets/*) never change: taken from the cache first, stored on first use.
// - Pages (navigations): always asked of the network first, so a shopper never sees stale HTML
//   while online; the last copy of the page (or of another page in the same language, whose
//   app routes to the right place) answers when the network does not.
// - The public catalogue answers and pictures a visited page used: network first, the last copy
//   offline. Nothing else under /api is touched — carts, orders, accounts and staff answers are
//   private and never stored, nor is any request carrying credentials.
//
// The page sends the files it loaded before this worker controlled it ('remember'), so the very
// first visit is kept too.

const VERSION = 'v1';
const ASSETS = `kiosk-assets-${VERSION}`;
const PAGES = `kiosk-pages-${VERSION}`;
const DATA = `kiosk-data-${VERSION}`;
const LIMITS = { [ASSETS]: 300, [PAGES]: 40, [DATA]: 300 };
const LANGUAGES = ['th', 'my', 'km', 'id'];

/** Public, anonymous GET answers worth keeping for offline reading. */
const PUBLIC_DATA = [
  '/api/app/room/list',
  '/api/app/category/tree',
  '/api/app/product/',
  '/api/app/search',
  '/api/app/promotions',
  '/api/file/images/',
  '/api/file/labels/',
  '/api/file/locales/',
  '/static/',
];

/** Pages never kept: the staff area and pages about one shopper. */
const PRIVATE_PAGES = /^\/(?:(?:th|my|km|id)\/)?(?:admin|user|account|orders?|checkout|login|register)(?:\/|$)/;

function kindOf(url, request) {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return null;
  if (request.headers.has('authorization')) return null;
  if (request.mode === 'navigate') return PRIVATE_PAGES.test(url.pathname) ? null : PAGES;
  if (url.pathname.startsWith('/assets/')) return ASSETS;
  if (PUBLIC_DATA.some((prefix) => url.pathname.startsWith(prefix))) return DATA;
  return null;
}

/** Whether an answer may be stored: a whole, successful, non-private one. */
function storable(response) {
  if (!response || response.status !== 200 || response.type !== 'basic') return false;
  const control = response.headers.get('cache-control') || '';
  return !/no-store|private/i.test(control);
}

async function keep(cacheName, key, response) {
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  const keys = await cache.keys();
  // Oldest first: trimmed to the limit so the cache never grows without end.
  for (const old of keys.slice(0, Math.max(0, keys.length - LIMITS[cacheName]))) await cache.delete(old);
}

function languageOf(pathname) {
  const first = pathname.split('/')[1] || '';
  return LANGUAGES.includes(first) ? first : 'en';
}

/** The kept page for `url`, or one in the same language (the app reads its route from the URL). */
async function keptPage(url) {
  const cache = await caches.open(PAGES);
  const exact = await cache.match(url.href, { ignoreVary: true });
  if (exact) return exact;
  const language = languageOf(url.pathname);
  const keys = await cache.keys();
  for (const key of keys.reverse()) {
    if (languageOf(new URL(key.url).pathname) === language) return cache.match(key);
  }
  return keys.length ? cache.match(keys[0]) : undefined;
}

async function fromNetworkFirst(event, url, cacheName) {
  try {
    const response = await fetch(event.request);
    if (storable(response)) event.waitUntil(keep(cacheName, stripped(url), response.clone()));
    return response;
  } catch (failure) {
    const kept = cacheName === PAGES ? await keptPage(url) : await caches.match(stripped(url), { cacheName, ignoreVary: true });
    if (kept) return kept;
    throw failure;
  }
}

async function fromCacheFirst(event, url) {
  const kept = await caches.match(url.href, { cacheName: ASSETS });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (storable(response)) event.waitUntil(keep(ASSETS, url.href, response.clone()));
  return response;
}

/** Pages are kept by path and query, without a fragment. */
function stripped(url) {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([ASSETS, PAGES, DATA]);
      for (const name of await caches.keys()) {
        if (name.startsWith('kiosk-') && !current.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const kind = kindOf(url, event.request);
  if (!kind) return;
  event.respondWith(kind === ASSETS ? fromCacheFirst(event, url) : fromNetworkFirst(event, url, kind));
});

/** The page's own list of what it loaded before this worker controlled it. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'remember' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      for (const href of data.urls.slice(0, 200)) {
        let url;
        try {
          url = new URL(href, self.location.origin);
        } catch {
          continue;
        }
        const page = data.page === href;
        const request = new Request(url.href, { credentials: 'same-origin' });
        const kind = page ? (PRIVATE_PAGES.test(url.pathname) ? null : PAGES) : kindOf(url, request);
        if (!kind || (await caches.match(stripped(url), { cacheName: kind }))) continue;
        try {
          const response = await fetch(request);
          if (storable(response)) await keep(kind, stripped(url), response);
        } catch {
          // Offline already: nothing to keep now.
        }
      }
    })(),
  );
});
