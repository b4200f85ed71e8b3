//! Loads what an orders page shows, keyed by what was asked: a new key aborts the older request,
//! a failure can be retried, and a cancellation or a review replaces the order in place (no
//! cache: an order changes, and the page must show it as the server has it now).
import { useCallback, useEffect, useRef, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

export function useLoaded<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<{ key: string; value: Loaded<T> }>({ key, value: { status: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({ key, value: { status: 'loading' } });
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ key, value: { status: 'ready', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('orders: not loaded', error);
        setState({ key, value: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ key, value: { status: 'ready', data } }), [key]);
  // A key just changed and its effect has not run yet: still loading, not the older answer.
  const value: Loaded<T> = state.key === key ? state.value : { status: 'loading' };
  return { state: value, retry, replace };
}
