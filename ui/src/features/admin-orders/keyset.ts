//! Keyset pages over one or more streams of orders, newest (highest id) first. One stream is the
//! plain desk; the "paid, not shipped" shortcut reads two (paid, preparing) and shows them as one
//! list. An order of one stream is only shown once every other stream that still has pages has
//! reached below it, so a later page never brings an order that belongs above what is shown.
import type { Order } from '../../api/types';

export type Stream = {
  /** The server query of this stream (without `limit` and `after`). */
  query: string;
  /** Every order read from this stream so far, newest first. */
  orders: Order[];
  /** The cursor of the next page; null once the last page was read. */
  next: number | null;
  /** A first page was read. */
  started: boolean;
};

export function newStreams(queries: string[]): Stream[] {
  return queries.map((query) => ({ query, orders: [], next: null, started: false }));
}

function open(stream: Stream): boolean {
  return !stream.started || stream.next !== null;
}

function lowest(stream: Stream): number {
  const last = stream.orders[stream.orders.length - 1];
  return last ? last.id : Number.POSITIVE_INFINITY;
}

/** The id above which (inclusive) every order is known: the highest "lowest read" of the open streams. */
function horizon(streams: Stream[]): number {
  let line = Number.NEGATIVE_INFINITY;
  for (const stream of streams) if (open(stream)) line = Math.max(line, lowest(stream));
  return line;
}

/** The orders to show, newest first, each once (the most recently read copy wins). */
export function shownOrders(streams: Stream[]): Order[] {
  const line = horizon(streams);
  const byId = new Map<number, Order>();
  for (const stream of streams) for (const order of stream.orders) if (order.id >= line) byId.set(order.id, order);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/** Are there orders not shown yet? (Orders held back always wait behind a stream with pages left.) */
export function hasMore(streams: Stream[]): boolean {
  return streams.some((stream) => stream.started && stream.next !== null);
}

/** Which streams to read next: those not started, else the open ones holding the others back. */
export function streamsToRead(streams: Stream[]): number[] {
  const notStarted = streams.flatMap((stream, i) => (stream.started ? [] : [i]));
  if (notStarted.length) return notStarted;
  const line = horizon(streams);
  return streams.flatMap((stream, i) => (stream.next !== null && lowest(stream) === line ? [i] : []));
}

/** The streams after reading one page of stream `index`. */
export function withPage(streams: Stream[], index: number, page: { orders: Order[]; next: number | null }): Stream[] {
  return streams.map((stream, i) =>
    i === index ? { ...stream, orders: [...stream.orders, ...page.orders], next: page.next, started: true } : stream,
  );
}

/** The streams with changed orders put in place (after a status move): shown where they were. */
export function withReplaced(streams: Stream[], changed: Order[]): Stream[] {
  if (!changed.length) return streams;
  const byId = new Map(changed.map((order) => [order.id, order]));
  return streams.map((stream) => ({ ...stream, orders: stream.orders.map((order) => byId.get(order.id) ?? order) }));
}
