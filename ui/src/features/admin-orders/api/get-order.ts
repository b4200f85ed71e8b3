//! GET /api/app/order/get/{id} — one order, with the staff-only parts (notes) for staff.
import { apiGet, type RequestOptions } from '../../../api/client';
import type { Order, OrderAnswer } from '../../../api/types';

export async function getOrder(id: number, options: RequestOptions = {}): Promise<Order> {
  const answer = await apiGet<OrderAnswer>(`/api/app/order/get/${encodeURIComponent(String(id))}`, options);
  return answer.order;
}
