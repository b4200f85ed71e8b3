//! GET /api/app/order/get/{id} — one order of the shopper (403 another's, 404 unknown).
import { apiGet, type RequestOptions } from '../../../api/client';
import type { OrderAnswer } from '../../../api/types';
import { parseOrder, type OrderView } from '../order';

export async function getOrder(id: string | number, options: RequestOptions = {}): Promise<OrderView> {
  const body = await apiGet<OrderAnswer>(`/api/app/order/get/${encodeURIComponent(String(id))}`, options);
  return parseOrder(body.order);
}
