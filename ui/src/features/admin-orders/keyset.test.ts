import { describe, expect, it } from 'vitest';
import type { Order } from '../../api/types';
import { hasMore, newStreams, shownOrders, streamsToRead, withPage, withReplaced } from './keyset';

const order = (id: number, status: Order['status'] = 'paid') => ({ id, number: `K${String(id).padStart(6, '0')}`, status }) as Order;
const ids = (orders: Order[]) => orders.map((o) => o.id);

describe('one stream (the plain desk)', () => {
  it('reads the first page, then the next from its cursor, and stops on the last page', () => {
    let streams = newStreams(['status=paid']);
    expect(shownOrders(streams)).toEqual([]);
    expect(hasMore(streams)).toBe(false);
    expect(streamsToRead(streams)).toEqual([0]);
    streams = withPage(streams, 0, { orders: [order(9), order(8)], next: 8 });
    expect(ids(shownOrders(streams))).toEqual([9, 8]);
    expect(hasMore(streams)).toBe(true);
    expect(streamsToRead(streams)).toEqual([0]);
    streams = withPage(streams, 0, { orders: [order(3)], next: null });
    expect(ids(shownOrders(streams))).toEqual([9, 8, 3]);
    expect(hasMore(streams)).toBe(false);
    expect(streamsToRead(streams)).toEqual([]);
  });
});

describe('two streams shown as one list (paid, not shipped)', () => {
  it('shows nothing until both first pages are in', () => {
    const streams = withPage(newStreams(['status=paid', 'status=preparing']), 0, { orders: [order(10)], next: null });
    expect(shownOrders(streams)).toEqual([]);
    expect(streamsToRead(streams)).toEqual([1]);
  });

  it('holds back what a later page of the other stream could still go above', () => {
    let streams = newStreams(['status=paid', 'status=preparing']);
    streams = withPage(streams, 0, { orders: [order(20), order(18)], next: 18 });
    streams = withPage(streams, 1, { orders: [order(19, 'preparing'), order(12, 'preparing')], next: null });
    // Paid may still have 17…13 on its next page: 12 must wait.
    expect(ids(shownOrders(streams))).toEqual([20, 19, 18]);
    expect(hasMore(streams)).toBe(true);
    expect(streamsToRead(streams)).toEqual([0]);
    streams = withPage(streams, 0, { orders: [order(15), order(11)], next: null });
    expect(ids(shownOrders(streams))).toEqual([20, 19, 18, 15, 12, 11]);
    expect(hasMore(streams)).toBe(false);
  });

  it('reads the stream that holds the others back', () => {
    let streams = newStreams(['a', 'b']);
    streams = withPage(streams, 0, { orders: [order(30), order(25)], next: 25 });
    streams = withPage(streams, 1, { orders: [order(29), order(21)], next: 21 });
    expect(ids(shownOrders(streams))).toEqual([30, 29, 25]);
    expect(streamsToRead(streams)).toEqual([0]);
  });

  it('shows an order once when it moved from one stream to the other between pages', () => {
    let streams = newStreams(['a', 'b']);
    streams = withPage(streams, 0, { orders: [order(7, 'paid')], next: null });
    streams = withPage(streams, 1, { orders: [order(7, 'preparing')], next: null });
    const shown = shownOrders(streams);
    expect(ids(shown)).toEqual([7]);
    expect(shown[0]!.status).toBe('preparing');
  });
});

it('puts moved orders in place without taking them off the list', () => {
  let streams = withPage(newStreams(['']), 0, { orders: [order(5, 'paid'), order(4, 'paid')], next: null });
  streams = withReplaced(streams, [order(4, 'preparing')]);
  expect(shownOrders(streams).map((o) => o.status)).toEqual(['paid', 'preparing']);
});
