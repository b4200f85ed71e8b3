//! A card order after placing: read it again (GET /api/app/order/get/{id}) while the payment
//! provider confirms, and POST /api/app/order/pay/{id} for a new card attempt or a switch to
//! PromptPay. The hand-over page at /api/app/payment/2c2p/go/{attempt} is a server page (its own
//! Content-Security-Policy lets it post the signed form to the payment provider), so the browser
//! goes there with a full navigation. A guest order is opened by its secret key (`?key=`).
import { apiGet, apiSend } from '../../../api/client';
import type { Order, OrderAnswer, PaymentMethod } from '../../../api/types';

/** `?key=…` for a guest order's key, nothing otherwise. */
export function keyQuery(key?: string | null): string {
  return key ? `?key=${encodeURIComponent(key)}` : '';
}

export async function getOrder(id: number | string, signal?: AbortSignal, key?: string | null): Promise<Order> {
  const body = await apiGet<OrderAnswer>(`/api/app/order/get/${encodeURIComponent(String(id))}${keyQuery(key)}`, { signal, track: false });
  return body.order;
}

export async function postPayOrder(id: number | string, payment: PaymentMethod = 'card_2c2p', key?: string | null): Promise<Order> {
  const body = await apiSend<OrderAnswer>('POST', `/api/app/order/pay/${encodeURIComponent(String(id))}${keyQuery(key)}`, { payment });
  return body.order;
}

/** Leaves the shop for the payment page of the order's open card attempt. */
export function goToCardPayment(order: Order, go: (url: string) => void = (url) => window.location.assign(url)): boolean {
  const attempt = order.payment.redirect?.fields.order_id;
  if (!attempt) return false;
  go(`/api/app/payment/2c2p/go/${encodeURIComponent(attempt)}`);
  return true;
}
