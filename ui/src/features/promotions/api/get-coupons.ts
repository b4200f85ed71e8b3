//! GET /api/app/coupons — the coupons valid now that the shop shows (the header's coupon label,
//! the suggestions at checkout).
import { apiGet } from '../../../api/client';
import type { Discount } from './get-promotions';

export type ShopCoupon = { code: string; discount: Discount; minSpend: number; endsAt: number };

export async function getCoupons(): Promise<ShopCoupon[]> {
  const body = await apiGet<{ count?: number; coupons?: ShopCoupon[] }>('/api/app/coupons', { track: false });
  return Array.isArray(body.coupons) ? body.coupons : [];
}
