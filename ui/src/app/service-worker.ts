//! Registers the service worker (`/sw.js`, from `ui/public/sw.js`) so that a revisit works without a
//! connection: it keeps the hashed UI files, the pages and the public catalogue answers a shopper
//! has seen. Only in a production build served by the shop — never in the vite dev server or in
//! tests. Imported for its effect by `main.tsx`.

/**
 * The same-origin files this page fetched without the worker (before it took control, or already
 * on their way then), once each; the worker decides which it keeps.
 */
export function loadedUrls(entries: readonly { name: string; workerStart?: number }[], origin: string): string[] {
  const urls = new Set<string>();
  for (const entry of entries) {
    if ((entry.workerStart ?? 0) > 0) continue;
    try {
      const url = new URL(entry.name);
      if (url.origin === origin) urls.add(url.href);
    } catch {
      // Not a URL (an inline resource): nothing to keep.
    }
  }
  return [...urls];
}

export async function registerServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<void> {
  const registration = await container.register('/sw.js', { scope: '/' });
  const ready = await container.ready;
  const worker = ready.active ?? registration.active;
  if (!worker) return;
  // The first visit's files came before the worker: it fetches them again (from the HTTP cache),
  // as well as those still on their way when it took control, as they arrive.
  const page = window.location.href.split('#')[0];
  const urls = loadedUrls(performance.getEntriesByType('resource') as PerformanceResourceTiming[], window.location.origin);
  worker.postMessage({ type: 'remember', page, urls: [page, ...urls] });
  if (typeof PerformanceObserver === 'undefined') return;
  new PerformanceObserver((list) => {
    const later = loadedUrls(list.getEntries() as PerformanceResourceTiming[], window.location.origin);
    if (later.length) worker.postMessage({ type: 'remember', urls: later });
  }).observe({ type: 'resource' });
}

if (import.meta.env.PROD && import.meta.env.MODE !== 'test' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  // After the page has loaded, so the worker never competes with what the shopper waits for.
  const start = () => {
    registerServiceWorker().catch((error: unknown) => console.warn('service worker not registered', error));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
