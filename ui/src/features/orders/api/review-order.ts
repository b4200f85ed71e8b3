//! POST /api/app/order/review/{id} — the shopper rates a delivered order (1–5, optional comment)
//! and earns the review coins; the answer carries the new coin balance.
import { apiSend } from '../../../api/client';
import { parseOrderChange, type OrderChange } from '../order';

export async function reviewOrder(id: string | number, rating: number, comment: string): Promise<OrderChange> {
  const path = `/api/app/order/review/${encodeURIComponent(String(id))}`;
  return parseOrderChange(await apiSend<{ order?: unknown; coin?: unknown }>('POST', path, { rating, comment }));
}
