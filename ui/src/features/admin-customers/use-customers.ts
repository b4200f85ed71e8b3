//! The customer list for one search: the first page, then "Load more" by keyset (`next` as `after`).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Customer } from '../../api/types';
import { listCustomers } from './api/list-customers';

type ListState = { q: string; customers: Customer[]; next: number | null; started: boolean; loading: boolean; error: unknown };

export function useCustomers(q: string) {
  const [state, setState] = useState<ListState>({ q, customers: [], next: null, started: false, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);

  const read = useCallback((from: ListState) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ ...from, loading: true, error: null });
    listCustomers(from.q, from.started ? from.next : null, { signal: current.signal }).then(
      (page) => {
        if (current.signal.aborted) return;
        setState({ ...from, customers: [...from.customers, ...page.customers], next: page.next, started: true, loading: false, error: null });
      },
      (error: unknown) => {
        if (!current.signal.aborted) setState({ ...from, loading: false, error });
      },
    );
  }, []);

  useEffect(() => {
    read({ q, customers: [], next: null, started: false, loading: true, error: null });
    return () => controller.current?.abort();
  }, [q, attempt, read]);

  const fresh = state.q === q;
  return {
    customers: fresh ? state.customers : [],
    more: fresh && state.started && state.next !== null,
    loading: !fresh || state.loading,
    starting: !fresh || !state.started,
    error: fresh ? state.error : null,
    loadMore: () => {
      if (fresh && !state.loading) read(state);
    },
    retry: () => (fresh && state.started ? read(state) : setAttempt((n) => n + 1)),
  };
}
