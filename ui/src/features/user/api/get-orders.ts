//! GET /api/app/order/list/{userId} — the signed-in user's orders. Orders arrive with a later issue;
//! until then the server answers 404, which the page shows as "not available yet".
import { apiGet } from '../../../api/client';

export type OrderSummary = {
  id: string | number;
  status?: string;
  total?: number;
  createdAt?: string;
  itemCount?: number;
};

export async function getOrders(userId: string | number): Promise<OrderSummary[]> {
  const body = await apiGet<{ orders?: OrderSummary[]; data?: OrderSummary[] }>(
    `/api/app/order/list/${encodeURIComponent(String(userId))}`,
  );
  const list = body.orders ?? body.data ?? [];
  return Array.isArray(list) ? list : [];
}
