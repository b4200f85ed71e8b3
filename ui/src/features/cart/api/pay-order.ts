//! A card order after placing: read it again (GET /api/app/order/get/{id}) while the payment
//! provider confirms, and POST /api/app/order/pay/{id} for a new card attempt or a switch to
//! PromptPay. The hand-over page at /api/app/payment/2c2p/go/{attempt} is a server page (its own
//! Content-Security-Policy lets it post the signed form to the payment provider), so the browser
//! goes there with a full navigation.
import { apiGet, apiSend } from '../../../api/client';
import type { Order, OrderAnswer, PaymentMethod } from '../../../api/types';

export async function getOrder(id: number | string, signal?: AbortSignal): Promise<Order> {
  const body = await apiGet<OrderAnswer>(`/api/app/order/get/${encodeURIComponent(String(id))}`, { signal, track: false });
  return body.order;
}

export async function postPayOrder(id: number | string, payment: PaymentMethod = 'card_2c2p'): Promise<Order> {
  const body = await apiSend<OrderAnswer>('POST', `/api/app/order/pay/${encodeURIComponent(String(id))}`, { payment });
  return body.order;
}

/** Leaves the shop for the payment page of the order's open card attempt. */
export function goToCardPayment(order: Order, go: (url: string) => void = (url) => window.location.assign(url)): boolean {
  const attempt = order.payment.redirect?.fields.order_id;
  if (!attempt) return false;
  go(`/api/app/payment/2c2p/go/${encodeURIComponent(attempt)}`);
  return true;
}
