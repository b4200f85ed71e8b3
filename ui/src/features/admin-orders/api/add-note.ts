//! POST /api/admin/order/{id}/notes {text} — an internal note (never shown to the shopper).
import { apiSend } from '../../../api/client';
import type { Order, OrderAnswer } from '../../../api/types';

export async function addNote(id: number, text: string): Promise<Order> {
  const answer = await apiSend<OrderAnswer>('POST', `/api/admin/order/${encodeURIComponent(String(id))}/notes`, { text });
  return answer.order;
}
