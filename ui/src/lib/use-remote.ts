//! Remote data for the page being shown, keyed by what was asked (usually the API URL): answers
//! are kept in a small in-memory cache, so Back or a second visit shows at once; a newer question
//! aborts the older request, whose late answer is then ignored. (A product seen in a list is not an
//! answer here: lists give summaries, which lib/product.ts keeps for the product page's preview.)
import { useEffect, useRef, useState } from 'react';

const MAX_ENTRIES = 200;
const cache = new Map<string, unknown>();

/** Keeps an answer under its key (most recently used last; the oldest goes beyond the limit). */
export function rememberRemote(key: string, value: unknown): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
}

export function forgetRemote(): void {
  cache.clear();
}

export type RemoteState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: unknown };

export type Remote<T> = RemoteState<T> & {
  /** The last answer shown for an earlier key, kept on screen (dimmed) while the new one loads. */
  previous: T | null;
  retry: () => void;
};

type Failure = { key: string; error: unknown };

/** Loads `key` with `load` (null: nothing to load, stays loading). */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [, setVersion] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const lastShown = useRef<T | null>(null);

  useEffect(() => {
    if (key === null || cache.has(key)) return undefined;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        rememberRemote(key, data);
        if (!controller.signal.aborted) setVersion((v) => v + 1);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure({ key, error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = () => {
    setFailure(null);
    setAttempt((a) => a + 1);
  };
  const previous = lastShown.current;
  if (key !== null && cache.has(key)) {
    const data = cache.get(key) as T;
    lastShown.current = data;
    return { status: 'ready', data, error: null, previous: null, retry };
  }
  if (key !== null && failure?.key === key) return { status: 'error', data: null, error: failure.error, previous, retry };
  return { status: 'loading', data: null, error: null, previous, retry };
}

