//! Promotions and coupons (staff, `catalog.write`): GET|POST /api/admin/promotions, PUT
//! /api/admin/promotions/{id}; GET|POST /api/admin/coupons, PUT /api/admin/coupons/{code}. The
//! pickers read the storefront's rooms, category tree and search (whose summaries name each
//! product in the language asked for: the picker needs only the code and one name).
import { apiGet, apiSend, type RequestOptions } from '../../../api/client';
import type {
  AdminCoupon,
  AdminCouponAnswer,
  AdminCouponsAnswer,
  AdminPromotionAnswer,
  AdminPromotionsAnswer,
  CategoriesAnswer,
  Coupon,
  ProductPageAnswer,
  ProductSummary,
  Promotion,
  Room,
  RoomsAnswer,
  CategoryNode,
} from '../../../api/types';
import type { LocaleCode } from '../../../lib/locale-path';

export async function listPromotions(options: RequestOptions = {}): Promise<Promotion[]> {
  return (await apiGet<AdminPromotionsAnswer>('/api/admin/promotions', options)).promotions;
}

export async function savePromotion(promotion: Promotion, isNew: boolean): Promise<Promotion> {
  const answer = isNew
    ? await apiSend<AdminPromotionAnswer>('POST', '/api/admin/promotions', promotion)
    : await apiSend<AdminPromotionAnswer>('PUT', `/api/admin/promotions/${encodeURIComponent(promotion.id)}`, promotion);
  return answer.promotion;
}

export async function listCoupons(options: RequestOptions = {}): Promise<AdminCoupon[]> {
  return (await apiGet<AdminCouponsAnswer>('/api/admin/coupons', options)).coupons;
}

export async function saveCoupon(coupon: Coupon, isNew: boolean): Promise<AdminCoupon> {
  const answer = isNew
    ? await apiSend<AdminCouponAnswer>('POST', '/api/admin/coupons', coupon)
    : await apiSend<AdminCouponAnswer>('PUT', `/api/admin/coupons/${encodeURIComponent(coupon.code)}`, coupon);
  return answer.coupon;
}

export type Taxonomy = { rooms: Room[]; categories: CategoryNode[] };

export async function loadTaxonomy(options: RequestOptions = {}): Promise<Taxonomy> {
  const [rooms, tree] = await Promise.all([
    apiGet<RoomsAnswer>('/api/app/room/list', options),
    apiGet<CategoriesAnswer>('/api/app/category/tree', options),
  ]);
  return { rooms: rooms.rooms, categories: tree.categories };
}

export async function searchProducts(keyword: string, lang: LocaleCode, options: RequestOptions = {}): Promise<ProductSummary[]> {
  const query = new URLSearchParams({ keyword, limit: '8', lang });
  return (await apiGet<ProductPageAnswer>(`/api/app/search?${query.toString()}`, options)).products;
}
