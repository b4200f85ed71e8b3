//! GET /api/app/coupons — the coupons valid now that the shop shows (the header's coupon label,
//! the suggestions at checkout).
import { apiGet } from '../../../api/client';
import type { CouponsAnswer, ShopCoupon } from '../../../api/types';

export async function getCoupons(): Promise<ShopCoupon[]> {
  const body = await apiGet<Partial<CouponsAnswer>>('/api/app/coupons', { track: false });
  return Array.isArray(body.coupons) ? body.coupons : [];
}
