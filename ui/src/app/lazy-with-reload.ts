//! Lazy route chunks: loading shows the progress bar; a failed load without a connection shows the
//! app's offline message in the page's place (reloading would land on the browser's error page);
//! otherwise it reloads the page once per 60 s (a new release replaced the hashed files) and then
//! reaches the error boundary.
import type { ComponentType } from 'preact';
import { lazy } from 'react';
import { OfflinePage } from '../components/online-status';
import { isOffline, reloadForChunkError } from '../lib/chunk-reload';
import { trackProgress } from '../lib/progress';

export function lazyWithReload<P>(factory: () => Promise<{ default: ComponentType<P> }>, offline: () => Promise<boolean> = isOffline) {
  return lazy(() =>
    trackProgress(factory).catch(async (error: unknown) => {
      if (await offline()) return { default: OfflinePage as ComponentType<P> };
      if (reloadForChunkError()) return new Promise<never>(() => undefined);
      throw error;
    }),
  );
}
