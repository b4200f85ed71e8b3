//! GET /api/app/order/needreview/{userId} — how many finished orders wait for the user's review.
import { apiGet } from '../../../api/client';
import type { CountAnswer } from '../../../api/types';

export async function getNeedReviewCount(userId: string | number): Promise<number> {
  const body = await apiGet<CountAnswer>(`/api/app/order/needreview/${encodeURIComponent(String(userId))}`, {
    track: false,
  });
  return Number(body.count) || 0;
}
