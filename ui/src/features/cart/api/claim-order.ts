//! POST /api/app/order/claim/{id} — the signed-in shopper takes a guest order (its key) into the
//! account; answers the order, now theirs, and the coin balance (coins it already earned).
import { apiSend } from '../../../api/client';
import type { Order, OrderChangeAnswer } from '../../../api/types';

export async function postClaimOrder(id: number | string, key: string): Promise<{ order: Order; coin: number }> {
  const body = await apiSend<OrderChangeAnswer>('POST', `/api/app/order/claim/${encodeURIComponent(String(id))}`, { key });
  return { order: body.order, coin: Number(body.coin) || 0 };
}
