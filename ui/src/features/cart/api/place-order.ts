//! POST /api/app/order/place — turns the signed-in user's cart, or a guest's visitor cart (with
//! `contact`), into an order; a guest's answer carries `orderKey`, the secret that opens the
//! order. The idempotency key is made once per checkout attempt and sent again on a retry, so a
//! lost answer never makes a second order (the server answers the first one with `replayed: true`).
import { apiSend } from '../../../api/client';
import type { PlaceBody, PlacedOrderAnswer } from '../../../api/types';

/** The placed order and the shopper's coin balance after it. */
export type PlacedOrder = Omit<PlacedOrderAnswer, 'status'>;

export async function postPlaceOrder(request: PlaceBody): Promise<PlacedOrder> {
  const body = await apiSend<PlacedOrderAnswer>('POST', '/api/app/order/place', request);
  return { order: body.order, coin: Number(body.coin) || 0, replayed: body.replayed, orderKey: body.orderKey };
}
