//! The desk's list for one set of filters: the first page of each stream, "Load more", and orders
//! replaced in place after a move. New filters start again (older answers are aborted and ignored).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order } from '../../api/types';
import { listOrders } from './api/list-orders';
import { hasMore, newStreams, shownOrders, streamsToRead, withPage, withReplaced, type Stream } from './keyset';

type DeskState = { key: string; streams: Stream[]; loading: boolean; error: unknown };

async function readPages(streams: Stream[], signal: AbortSignal): Promise<Stream[]> {
  const targets = streamsToRead(streams);
  const pages = await Promise.all(targets.map((i) => listOrders(streams[i]!.query, streams[i]!.next, { signal })));
  return targets.reduce((current, index, n) => withPage(current, index, pages[n]!), streams);
}

export function useDesk(queries: string[]) {
  const key = queries.join('|');
  const [state, setState] = useState<DeskState>({ key, streams: newStreams(queries), loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const queriesRef = useRef(queries);
  queriesRef.current = queries;

  const run = useCallback((from: Stream[], runKey: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ key: runKey, streams: from, loading: true, error: null });
    readPages(from, current.signal).then(
      (streams) => {
        if (!current.signal.aborted) setState({ key: runKey, streams, loading: false, error: null });
      },
      (error: unknown) => {
        if (!current.signal.aborted) setState({ key: runKey, streams: from, loading: false, error });
      },
    );
  }, []);

  useEffect(() => {
    run(newStreams(queriesRef.current), key);
    return () => controller.current?.abort();
  }, [key, attempt, run]);

  const fresh = state.key === key;
  const streams = fresh ? state.streams : newStreams(queries);
  const loadMore = useCallback(() => {
    if (state.loading || !fresh) return;
    run(state.streams, state.key);
  }, [state, fresh, run]);
  const replace = useCallback((orders: Order[]) => {
    setState((s) => ({ ...s, streams: withReplaced(s.streams, orders) }));
  }, []);
  // After a failed "Load more" the pages already read stay; a failed first page starts again.
  const retry = useCallback(() => {
    if (fresh && state.streams.some((stream) => stream.started)) run(state.streams, state.key);
    else setAttempt((n) => n + 1);
  }, [state, fresh, run]);

  return {
    orders: shownOrders(streams),
    more: hasMore(streams),
    loading: !fresh || state.loading,
    /** The first page has not come yet. */
    starting: !fresh || streams.some((stream) => !stream.started),
    error: fresh ? state.error : null,
    loadMore,
    replace,
    retry,
  };
}
