//! POST /api/admin/order/{id}/status {status, carrier?, tracking?, reason?, reference?} — one move.
import { apiSend } from '../../../api/client';
import type { Order, OrderAnswer, StatusBody } from '../../../api/types';

export async function setOrderStatus(id: number, body: StatusBody): Promise<Order> {
  const answer = await apiSend<OrderAnswer>('POST', `/api/admin/order/${encodeURIComponent(String(id))}/status`, body);
  return answer.order;
}
