//! GET /api/app/order/needreview/{userId} — how many finished orders wait for the user's review.
import { apiGet } from '../../../api/client';

export async function getNeedReviewCount(userId: string | number): Promise<number> {
  const body = await apiGet<{ count: number }>(`/api/app/order/needreview/${encodeURIComponent(String(userId))}`, {
    track: false,
  });
  return Number(body.count) || 0;
}
