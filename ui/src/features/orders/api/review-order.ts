//! POST /api/app/order/review/{id} — the shopper rates a delivered order (1–5, optional comment)
//! and earns the review coins; the answer carries the new coin balance.
import { apiSend } from '../../../api/client';
import type { OrderChangeAnswer, ReviewBody } from '../../../api/types';
import { parseOrderChange, type OrderChange } from '../order';

export async function reviewOrder(id: string | number, rating: number, comment: string): Promise<OrderChange> {
  const path = `/api/app/order/review/${encodeURIComponent(String(id))}`;
  const request: ReviewBody = { rating, comment };
  return parseOrderChange(await apiSend<OrderChangeAnswer>('POST', path, request));
}
