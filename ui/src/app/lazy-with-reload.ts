//! Lazy route chunks: loading shows the progress bar; a failed load reloads the page once per 60 s
//! (a new release replaced the hashed files) and otherwise reaches the error boundary.
import type { ComponentType } from 'preact';
import { lazy } from 'react';
import { reloadForChunkError } from '../lib/chunk-reload';
import { trackProgress } from '../lib/progress';

export function lazyWithReload<P>(factory: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    trackProgress(factory).catch((error: unknown) => {
      if (reloadForChunkError()) return new Promise<never>(() => undefined);
      throw error;
    }),
  );
}
