import { describe, expect, it, vi } from 'vitest';
import { loadedUrls, registerServiceWorker } from './service-worker';

describe('the service worker registration', () => {
  it('is not made in tests or the dev server', async () => {
    const register = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', { value: { register, ready: new Promise(() => undefined) }, configurable: true });
    // Run the module afresh, as a page load would, now that the browser has service workers.
    vi.resetModules();
    await import('./service-worker');
    window.dispatchEvent(new Event('load'));
    expect(register).not.toHaveBeenCalled();
  });

  it('hands the worker the page and the same-origin files it loaded before the worker ran', async () => {
    const postMessage = vi.fn();
    const container = {
      register: vi.fn(async () => ({ active: null })),
      ready: Promise.resolve({ active: { postMessage } }),
    } as unknown as ServiceWorkerContainer;
    await registerServiceWorker(container);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const message = postMessage.mock.calls[0]?.[0] as { type: string; page: string; urls: string[] };
    expect(message.type).toBe('remember');
    expect(message.urls[0]).toBe(message.page);
  });

  it('keeps only same-origin URLs, once each', () => {
    const entries = [
      { name: 'https://shop.example/assets/index-a1.js' },
      { name: 'https://shop.example/assets/index-a1.js' },
      { name: 'https://cdn.example/font.woff2' },
      { name: 'not a url' },
      // Fetched through the worker, which kept it already if it wanted it.
      { name: 'https://shop.example/api/app/room/list', workerStart: 12.5 },
    ];
    expect(loadedUrls(entries, 'https://shop.example')).toEqual(['https://shop.example/assets/index-a1.js']);
  });
});
