//! The product list for one set of filters: the first page, then "Load more" by keyset (the last
//! code as `after`). Saved products replace their rows in place.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Product } from '../../api/types';
import { listProducts } from './api/products';

type ListState = { query: string; products: Product[]; next: string | null; total: number; started: boolean; loading: boolean; error: unknown };

const fresh = (query: string): ListState => ({ query, products: [], next: null, total: 0, started: false, loading: true, error: null });

export function useProducts(query: string) {
  const [state, setState] = useState<ListState>(fresh(query));
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);

  const read = useCallback((from: ListState) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ ...from, loading: true, error: null });
    listProducts(from.query, from.started ? from.next : null, { signal: current.signal }).then(
      (page) => {
        if (current.signal.aborted) return;
        setState({ ...from, products: [...from.products, ...page.products], next: page.next, total: page.total, started: true, loading: false, error: null });
      },
      (error: unknown) => {
        if (!current.signal.aborted) setState({ ...from, loading: false, error });
      },
    );
  }, []);

  useEffect(() => {
    read(fresh(query));
    return () => controller.current?.abort();
  }, [query, attempt, read]);

  const current = state.query === query;
  return {
    products: current ? state.products : [],
    total: current ? state.total : 0,
    more: current && state.started && state.next !== null,
    loading: !current || state.loading,
    starting: !current || !state.started,
    error: current ? state.error : null,
    loadMore: () => {
      if (current && !state.loading) read(state);
    },
    /** Shows saved products in place (bulk edits, show/hide). */
    replace: (saved: Product[]) => {
      const byCode = new Map(saved.map((p) => [p.code, p]));
      setState((s) => ({ ...s, products: s.products.map((p) => byCode.get(p.code) ?? p) }));
    },
    reload: () => setAttempt((n) => n + 1),
  };
}
