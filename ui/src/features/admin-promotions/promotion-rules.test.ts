import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '../../api/types';
import {
  bahtToSatang,
  checkCoupon,
  checkPromotion,
  couponDraft,
  couponState,
  dayOf,
  dayStart,
  endOfDay,
  lastDayOf,
  promotionDraft,
  serverProblems,
  toggleIn,
} from './promotion-rules';

describe('shop days and money', () => {
  it('reads days on the Bangkok clock, the last day inclusive', () => {
    expect(dayStart('2026-04-10')).toBe(Date.UTC(2026, 3, 10) / 1000 - 7 * 3600);
    expect(endOfDay('2026-04-20')! - dayStart('2026-04-20')!).toBe(86_400);
    expect(dayOf(dayStart('2026-04-10')!)).toBe('2026-04-10');
    expect(lastDayOf(endOfDay('2026-04-20')!)).toBe('2026-04-20');
    expect(dayStart('2026-02-30')).toBeNull();
    expect(dayStart('soon')).toBeNull();
  });
  it('turns typed baht into satang', () => {
    expect(bahtToSatang('5,000')).toBe(500_000);
    expect(bahtToSatang('฿99.5')).toBe(9_950);
    expect(bahtToSatang('1.234')).toBeNull();
    expect(bahtToSatang('-3')).toBeNull();
  });
});

describe('coupons', () => {
  const songkran = { ...couponDraft(null, '2026-04-10'), code: 'songkran25', value: '250', minSpend: '5,000', to: '2026-04-20', usageLimit: '500', perUserLimit: '1' };

  it('builds SONGKRAN25: ฿250 off over ฿5,000, 500 uses, one per customer, 10–20 April', () => {
    const { errors, coupon } = checkCoupon(songkran);
    expect(errors).toEqual({});
    expect(coupon).toMatchObject({
      code: 'SONGKRAN25',
      discount: { kind: 'amount', value: 25_000 },
      minSpend: 500_000,
      usageLimit: 500,
      perUserLimit: 1,
      startsAt: dayStart('2026-04-10'),
      endsAt: endOfDay('2026-04-20'),
      active: true,
    });
    expect(couponDraft(coupon, 'x')).toMatchObject({ code: 'SONGKRAN25', value: '250', minSpend: '5000', from: '2026-04-10', to: '2026-04-20' });
  });
  it('names each wrong field', () => {
    const { errors, coupon } = checkCoupon({ ...songkran, code: 'x', kind: 'percent', value: '120', from: '2026-04-21', usageLimit: '1', perUserLimit: '2' });
    expect(coupon).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['code', 'perUserLimit', 'to', 'value']);
  });
  it('tells the state from the dates, the uses and the switch', () => {
    const base = { ...checkCoupon(songkran).coupon!, uses: 0 } as AdminCoupon;
    const inside = dayStart('2026-04-15')!;
    expect(couponState(base, inside)).toBe('active');
    expect(couponState(base, dayStart('2026-04-09')!)).toBe('scheduled');
    expect(couponState(base, endOfDay('2026-04-20')!)).toBe('expired');
    expect(couponState({ ...base, uses: 500 }, inside)).toBe('usedUp');
    expect(couponState({ ...base, active: false }, inside)).toBe('inactive');
  });
});

describe('promotions', () => {
  it('builds a Thai-only outdoor promotion and keeps include and exclude apart', () => {
    let draft = { ...promotionDraft(null), name: '15 % off outdoor furniture, Thai shoppers only', value: '15', lang: 'th' };
    draft = toggleIn(draft, 'roomExc', 'outdoor');
    draft = toggleIn(draft, 'roomInc', 'outdoor');
    expect(draft.roomExc).toEqual([]);
    const { errors, promotion } = checkPromotion(draft);
    expect(errors).toEqual({});
    expect(promotion).toMatchObject({ lang: 'th', roomInc: ['outdoor'], discount: { kind: 'percent', value: 15 }, display: true });
    expect(promotion).not.toHaveProperty('startsAt');
    expect(checkPromotion({ ...draft, roomExc: ['outdoor'] }).errors.roomExc).toBe('admin.promotions.errors.both');
    expect(checkPromotion({ ...draft, name: ' ' }).errors.name).toBeDefined();
  });
  it('reads the server problems by form field', () => {
    expect(serverProblems('name: at most 200 characters\ndiscount: 0 % must be 1 to 100\nroomInc: unknown room "x"')).toEqual({
      name: 'at most 200 characters',
      value: '0 % must be 1 to 100',
      roomInc: 'unknown room "x"',
    });
  });
});

describe('new coupon dates and end warnings', () => {
  it('a new coupon runs 30 days from today, not until tonight', async () => {
    const { couponDraft, addDay, NEW_COUPON_DAYS } = await import('./promotion-rules');
    const draft = couponDraft(null, '2026-11-27');
    expect(draft.from).toBe('2026-11-27');
    expect(draft.to).toBe('2026-12-27');
    expect(addDay('2026-11-27', NEW_COUPON_DAYS)).toBe('2026-12-27');
  });

  it('warns when the end is today or past', async () => {
    const { endWarning } = await import('./promotion-rules');
    expect(endWarning('2026-11-27', '2026-11-27')).toBe('endsToday');
    expect(endWarning('2026-11-26', '2026-11-27')).toBe('ended');
    expect(endWarning('2026-11-28', '2026-11-27')).toBeNull();
  });
});
