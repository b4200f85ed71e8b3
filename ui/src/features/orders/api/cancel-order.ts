//! POST /api/app/order/cancel/{id} — the shopper cancels an order still waiting for payment; the
//! answer carries the coin balance with the order's coins given back.
import { apiSend } from '../../../api/client';
import type { OrderChangeAnswer } from '../../../api/types';
import { parseOrderChange, type OrderChange } from '../order';

export async function cancelOrder(id: string | number): Promise<OrderChange> {
  return parseOrderChange(await apiSend<OrderChangeAnswer>('POST', `/api/app/order/cancel/${encodeURIComponent(String(id))}`));
}
