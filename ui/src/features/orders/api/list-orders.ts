//! GET /api/app/order/list/{userId} — the shopper's orders, newest first (the server's order).
import { apiGet, type RequestOptions } from '../../../api/client';
import type { OrderListAnswer } from '../../../api/types';
import { parseOrder, type OrderView } from '../order';

export async function listOrders(userId: string | number, options: RequestOptions = {}): Promise<OrderView[]> {
  const body = await apiGet<OrderListAnswer>(`/api/app/order/list/${encodeURIComponent(String(userId))}`, options);
  return Array.isArray(body.orders) ? body.orders.map(parseOrder) : [];
}
