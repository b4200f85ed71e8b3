//! GET /api/admin/orders?status=&from=&to=&payment=&kcard=&q=&limit=&after= — one page of the desk.
import { apiGet, type RequestOptions } from '../../../api/client';
import type { OrderPageAnswer } from '../../../api/types';

export const DESK_PAGE = 50;

export async function listOrders(query: string, after: number | null, options: RequestOptions = {}): Promise<OrderPageAnswer> {
  const params = new URLSearchParams(query);
  params.set('limit', String(DESK_PAGE));
  if (after !== null) params.set('after', String(after));
  return apiGet<OrderPageAnswer>(`/api/admin/orders?${params.toString()}`, options);
}
