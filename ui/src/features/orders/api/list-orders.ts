//! GET /api/app/order/list/{userId} — the shopper's orders, newest first (the server's order).
import { apiGet, type RequestOptions } from '../../../api/client';
import { parseOrder, type Order } from '../order';

export async function listOrders(userId: string | number, options: RequestOptions = {}): Promise<Order[]> {
  const body = await apiGet<{ orders?: unknown }>(`/api/app/order/list/${encodeURIComponent(String(userId))}`, options);
  return Array.isArray(body.orders) ? body.orders.map(parseOrder) : [];
}
