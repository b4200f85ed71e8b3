//! Lazy route chunks: loading shows the progress bar; a failed load without a connection shows the
//! app's offline message in the page's place (reloading would land on the browser's error page);
//! otherwise it reloads the page once per 60 s (a new release replaced the hashed files) and then
//! reaches the error boundary.
import { h, type ComponentType, type JSX } from 'preact';
import { lazy } from 'react';
import { OfflinePage } from '../components/online-status';
import { isOffline, reloadForChunkError } from '../lib/chunk-reload';
import { trackProgress } from '../lib/progress';

/** Page chunks already loaded by `preloadPage`, by their loader. */
const preloaded = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * Loads a page's chunk before the app's first render (main.tsx, for the page the server drew):
 * that page then renders in the same task, with no frame of the loading fallback between the
 * server's drawing and the app's page. A failed load is left to the lazy component.
 */
export async function preloadPage(factory: () => Promise<unknown>): Promise<void> {
  try {
    preloaded.set(factory, await factory());
  } catch {
    // The page's lazy component loads it again and handles the failure.
  }
}

export function lazyWithReload<P>(factory: () => Promise<{ default: ComponentType<P> }>, offline: () => Promise<boolean> = isOffline) {
  const Lazy = lazy(() =>
    trackProgress(factory).catch(async (error: unknown) => {
      if (await offline()) return { default: OfflinePage as ComponentType<P> };
      if (reloadForChunkError()) return new Promise<never>(() => undefined);
      throw error;
    }),
  );
  return function LazyPage(props: P & JSX.IntrinsicAttributes) {
    const ready = preloaded.get(factory) as { default: ComponentType<P> } | undefined;
    return ready ? h(ready.default, props) : h(Lazy, props);
  };
}
