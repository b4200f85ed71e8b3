//! GET /api/app/order/get/{id} — one order of the shopper (403 another's, 404 unknown).
import { apiGet, type RequestOptions } from '../../../api/client';
import { parseOrder, type Order } from '../order';

export async function getOrder(id: string | number, options: RequestOptions = {}): Promise<Order> {
  const body = await apiGet<{ order?: unknown }>(`/api/app/order/get/${encodeURIComponent(String(id))}`, options);
  return parseOrder(body.order);
}
