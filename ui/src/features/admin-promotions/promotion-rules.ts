//! Pure rules of the promotion and coupon forms: baht ⇄ satang, shop days ⇄ unix seconds (Bangkok),
//! a coupon's state, and the checks the server makes too (so most mistakes show before saving).
import type { AdminCoupon, Coupon, Discount, Promotion } from '../../api/types';
import type { MessageKey } from '../../i18n/types';

/** Bangkok is UTC+7 all year (no daylight saving). */
const SHOP_OFFSET_SECONDS = 7 * 3600;

/** The unix second at which a shop day (YYYY-MM-DD) begins in Bangkok, or null when not a date. */
export function dayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return ms / 1000 - SHOP_OFFSET_SECONDS;
}

/** The shop day (YYYY-MM-DD) holding a unix second. */
export function dayOf(seconds: number): string {
  return new Date((seconds + SHOP_OFFSET_SECONDS) * 1000).toISOString().slice(0, 10);
}

/** A "valid to" day is inclusive: the window ends when the next day begins. */
export function endOfDay(day: string): number | null {
  const start = dayStart(day);
  return start === null ? null : start + 86_400;
}

/** The last day of a window ending (exclusively) at `endsAt`. */
export function lastDayOf(endsAt: number): string {
  return dayOf(endsAt - 1);
}

/**
 * How long a new coupon runs: a month from today (the server's `NEW_COUPON_DAYS`). A coupon is a
 * campaign code that gets shared: open-ended it would keep working wherever it was ever posted,
 * and ending today (the old default) killed it the night it was made.
 */
export const NEW_COUPON_DAYS = 30;

/** A shop day 'YYYY-MM-DD' moved by `days` (calendar arithmetic). */
export function addDay(day: string, days: number): string {
  const start = dayStart(day);
  return start === null ? day : dayOf(start + days * 86_400);
}

export type EndWarning = 'endsToday' | 'ended' | null;

/** Whether a window's last day (inclusive, YYYY-MM-DD) is today or already past: the form warns,
 * since such a coupon or promotion stops working tonight or already has. */
export function endWarning(lastDay: string, today: string): EndWarning {
  if (dayStart(lastDay) === null || dayStart(today) === null) return null;
  if (lastDay < today) return 'ended';
  if (lastDay === today) return 'endsToday';
  return null;
}

/** Baht as typed ('5,000', '250.50') → satang, or null. */
export function bahtToSatang(text: string): number | null {
  const clean = text.replace(/[,\s฿]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

export function satangToBaht(satang: number): string {
  return satang % 100 === 0 ? String(satang / 100) : (satang / 100).toFixed(2);
}

export type CouponState = 'active' | 'inactive' | 'scheduled' | 'expired' | 'usedUp';

export function couponState(coupon: AdminCoupon, nowSeconds: number): CouponState {
  if (coupon.active === false) return 'inactive';
  if (nowSeconds < coupon.startsAt) return 'scheduled';
  if (nowSeconds >= coupon.endsAt) return 'expired';
  if (coupon.usageLimit > 0 && coupon.uses >= coupon.usageLimit) return 'usedUp';
  return 'active';
}

export type PromotionState = 'active' | 'inactive' | 'scheduled' | 'expired';

export function promotionState(promotion: Promotion, nowSeconds: number): PromotionState {
  if (!promotion.display) return 'inactive';
  if (promotion.startsAt != null && nowSeconds < promotion.startsAt) return 'scheduled';
  if (promotion.endsAt != null && nowSeconds >= promotion.endsAt) return 'expired';
  return 'active';
}

/** The coupon form as typed: amounts in baht, dates as shop days. */
export type CouponDraft = {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  minSpend: string;
  from: string;
  to: string;
  usageLimit: string;
  perUserLimit: string;
  display: boolean;
  active: boolean;
};

export type DraftErrors<T> = Partial<Record<keyof T, MessageKey>>;

export function couponDraft(coupon: Coupon | null, today: string): CouponDraft {
  if (!coupon) {
    return { code: '', kind: 'amount', value: '', minSpend: '0', from: today, to: addDay(today, NEW_COUPON_DAYS), usageLimit: '0', perUserLimit: '1', display: true, active: true };
  }
  return {
    code: coupon.code,
    kind: coupon.discount.kind,
    value: coupon.discount.kind === 'percent' ? String(coupon.discount.value) : satangToBaht(coupon.discount.value),
    minSpend: satangToBaht(coupon.minSpend),
    from: dayOf(coupon.startsAt),
    to: lastDayOf(coupon.endsAt),
    usageLimit: String(coupon.usageLimit),
    perUserLimit: String(coupon.perUserLimit),
    display: coupon.display,
    active: coupon.active !== false,
  };
}

function count(text: string): number | null {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

function discountOf(kind: 'percent' | 'amount', value: string): Discount | null {
  if (kind === 'percent') {
    const pct = count(value);
    return pct !== null && pct >= 1 && pct <= 100 ? { kind, value: pct } : null;
  }
  const satang = bahtToSatang(value);
  return satang !== null && satang > 0 && satang <= 1_000_000_000 ? { kind, value: satang } : null;
}

/** The problems of a coupon draft (message keys by field), and the coupon when there are none. */
export function checkCoupon(draft: CouponDraft): { errors: DraftErrors<CouponDraft>; coupon: Coupon | null } {
  const errors: DraftErrors<CouponDraft> = {};
  const code = draft.code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{3,32}$/.test(code)) errors.code = 'admin.coupons.errors.code';
  const discount = discountOf(draft.kind, draft.value);
  if (!discount) errors.value = draft.kind === 'percent' ? 'admin.promotions.errors.percent' : 'admin.promotions.errors.amount';
  const minSpend = bahtToSatang(draft.minSpend || '0');
  if (minSpend === null || minSpend > 1_000_000_000) errors.minSpend = 'admin.coupons.errors.minSpend';
  const startsAt = dayStart(draft.from);
  const endsAt = endOfDay(draft.to);
  if (startsAt === null) errors.from = 'admin.promotions.errors.date';
  if (endsAt === null) errors.to = 'admin.promotions.errors.date';
  else if (startsAt !== null && endsAt <= startsAt) errors.to = 'admin.promotions.errors.endBeforeStart';
  const usageLimit = count(draft.usageLimit || '0');
  const perUserLimit = count(draft.perUserLimit || '0');
  if (usageLimit === null) errors.usageLimit = 'admin.coupons.errors.count';
  if (perUserLimit === null) errors.perUserLimit = 'admin.coupons.errors.count';
  else if (usageLimit && perUserLimit > usageLimit) errors.perUserLimit = 'admin.coupons.errors.perUserOverTotal';
  if (Object.keys(errors).length) return { errors, coupon: null };
  return {
    errors,
    coupon: {
      code,
      display: draft.display,
      discount: discount!,
      minSpend: minSpend!,
      startsAt: startsAt!,
      endsAt: endsAt!,
      usageLimit: usageLimit!,
      perUserLimit: perUserLimit!,
      active: draft.active,
    },
  };
}

export type PromotionDraft = {
  id: string;
  name: string;
  kind: 'percent' | 'amount';
  value: string;
  lang: string;
  from: string;
  to: string;
  prodInc: string[];
  prodExc: string[];
  roomInc: string[];
  roomExc: string[];
  catInc: string[];
  catExc: string[];
  noProdDis: boolean;
  display: boolean;
};

export const LISTS = ['prodInc', 'prodExc', 'roomInc', 'roomExc', 'catInc', 'catExc'] as const;
export type ListField = (typeof LISTS)[number];

export function promotionDraft(promotion: Promotion | null): PromotionDraft {
  const p = promotion;
  return {
    id: p?.id ?? '',
    name: p?.name ?? '',
    kind: p?.discount.kind ?? 'percent',
    value: !p ? '' : p.discount.kind === 'percent' ? String(p.discount.value) : satangToBaht(p.discount.value),
    lang: p?.lang ?? '',
    from: p?.startsAt != null ? dayOf(p.startsAt) : '',
    to: p?.endsAt != null ? lastDayOf(p.endsAt) : '',
    prodInc: [...(p?.prodInc ?? [])],
    prodExc: [...(p?.prodExc ?? [])],
    roomInc: [...(p?.roomInc ?? [])],
    roomExc: [...(p?.roomExc ?? [])],
    catInc: [...(p?.catInc ?? [])],
    catExc: [...(p?.catExc ?? [])],
    noProdDis: p?.noProdDis ?? false,
    display: p?.display ?? true,
  };
}

export function checkPromotion(draft: PromotionDraft): { errors: DraftErrors<PromotionDraft>; promotion: Promotion | null } {
  const errors: DraftErrors<PromotionDraft> = {};
  if (!draft.name.trim() || draft.name.trim().length > 200) errors.name = 'admin.promotions.errors.name';
  const discount = discountOf(draft.kind, draft.value);
  if (!discount) errors.value = draft.kind === 'percent' ? 'admin.promotions.errors.percent' : 'admin.promotions.errors.amount';
  const startsAt = draft.from.trim() ? dayStart(draft.from) : null;
  const endsAt = draft.to.trim() ? endOfDay(draft.to) : null;
  if (draft.from.trim() && startsAt === null) errors.from = 'admin.promotions.errors.date';
  if (draft.to.trim() && endsAt === null) errors.to = 'admin.promotions.errors.date';
  else if (startsAt !== null && endsAt !== null && endsAt <= startsAt) errors.to = 'admin.promotions.errors.endBeforeStart';
  for (const [inc, exc] of [
    ['prodInc', 'prodExc'],
    ['roomInc', 'roomExc'],
    ['catInc', 'catExc'],
  ] as const) {
    if (draft[exc].some((key) => draft[inc].includes(key))) errors[exc] = 'admin.promotions.errors.both';
  }
  if (Object.keys(errors).length) return { errors, promotion: null };
  return {
    errors,
    promotion: {
      id: draft.id,
      name: draft.name.trim(),
      display: draft.display,
      lang: draft.lang,
      prodInc: draft.prodInc,
      prodExc: draft.prodExc,
      roomInc: draft.roomInc,
      roomExc: draft.roomExc,
      catInc: draft.catInc,
      catExc: draft.catExc,
      noProdDis: draft.noProdDis,
      discount: discount!,
      ...(startsAt !== null ? { startsAt } : {}),
      ...(endsAt !== null ? { endsAt } : {}),
    },
  };
}

/** Adds `key` to a list field, taking it out of the opposite list (a key is included or excluded). */
export function toggleIn(draft: PromotionDraft, field: ListField, key: string): PromotionDraft {
  const opposite: Record<ListField, ListField> = {
    prodInc: 'prodExc',
    prodExc: 'prodInc',
    roomInc: 'roomExc',
    roomExc: 'roomInc',
    catInc: 'catExc',
    catExc: 'catInc',
  };
  const list = draft[field];
  if (list.includes(key)) return { ...draft, [field]: list.filter((k) => k !== key) };
  return { ...draft, [field]: [...list, key], [opposite[field]]: draft[opposite[field]].filter((k) => k !== key) };
}

/** The server's `field: problem` lines, by field (`discount` is the value field of the form). */
export function serverProblems(message: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of message.split('\n')) {
    const at = line.indexOf(': ');
    if (at <= 0) continue;
    let field = line.slice(0, at).trim();
    if (field === 'discount') field = 'value';
    if (field === 'startsAt') field = 'from';
    if (field === 'endsAt') field = 'to';
    out[field] = out[field] ? `${out[field]}; ${line.slice(at + 2)}` : line.slice(at + 2);
  }
  return out;
}
