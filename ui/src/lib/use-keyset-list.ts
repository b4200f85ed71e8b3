//! A list read a page at a time by keyset (the staff lists: customers, products, the activity log):
//! the first page for a key (the search or filters), then "Load more" with the last page's `next`
//! as `after`. A new key starts again; older answers are aborted and ignored. One hook so every
//! paged list starts, pages, fails and retries alike.
import { useCallback, useEffect, useRef, useState } from 'react';

export type KeysetPage<Item, Next> = { items: Item[]; next: Next | null; total?: number };

/** Reads one page of the list for `key`, after `after` (null: the first page). */
export type ReadPage<Item, Next> = (key: string, after: Next | null, signal: AbortSignal) => Promise<KeysetPage<Item, Next>>;

type ListState<Item, Next> = { key: string; items: Item[]; next: Next | null; total: number; started: boolean; loading: boolean; error: unknown };

function start<Item, Next>(key: string): ListState<Item, Next> {
  return { key, items: [], next: null, total: 0, started: false, loading: true, error: null };
}

export function useKeysetList<Item, Next>(key: string, readPage: ReadPage<Item, Next>) {
  const [state, setState] = useState<ListState<Item, Next>>(() => start(key));
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);
  // The reader is a fresh closure each render; the latest one reads (it differs only by the key,
  // which each read passes explicitly).
  const reader = useRef(readPage);
  reader.current = readPage;

  const read = useCallback((from: ListState<Item, Next>) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ ...from, loading: true, error: null });
    reader.current(from.key, from.started ? from.next : null, current.signal).then(
      (page) => {
        if (current.signal.aborted) return;
        setState({ ...from, items: [...from.items, ...page.items], next: page.next, total: page.total ?? 0, started: true, loading: false, error: null });
      },
      (error: unknown) => {
        if (!current.signal.aborted) setState({ ...from, loading: false, error });
      },
    );
  }, []);

  useEffect(() => {
    read(start(key));
    return () => controller.current?.abort();
  }, [key, attempt, read]);

  const fresh = state.key === key;
  return {
    items: fresh ? state.items : [],
    total: fresh ? state.total : 0,
    more: fresh && state.started && state.next !== null,
    loading: !fresh || state.loading,
    /** The first page has not come yet. */
    starting: !fresh || !state.started,
    error: fresh ? state.error : null,
    loadMore: () => {
      if (fresh && !state.loading) read(state);
    },
    /** After a failed "Load more" the pages already read stay; a failed first page starts again. */
    retry: () => (fresh && state.started ? read(state) : setAttempt((n) => n + 1)),
    /** Reads the list again from its first page. */
    restart: () => setAttempt((n) => n + 1),
    /** Changes the rows in place (for example saved rows replacing their old selves). */
    update: (change: (items: Item[]) => Item[]) => setState((s) => ({ ...s, items: change(s.items) })),
  };
}
