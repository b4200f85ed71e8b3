import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../testing/products';
import type { Promotion } from './api/get-promotions';
import { badgeDiscount, discountOff, promotionApplies } from './promotion-rule';

function promotion(overrides: Partial<Promotion>): Promotion {
  return { id: 'p', lang: '', prodInc: [], prodExc: [], roomInc: [], roomExc: [], catInc: [], catExc: [], noProdDis: false, discount: { kind: 'percent', value: 10 }, ...overrides };
}

// The demo shop's promotions (assets/demo/promotions.json).
const SOFA_MONTH = promotion({ id: 'sofa-month', catInc: ['sofas'], discount: { kind: 'percent', value: 10 } });
const GARDEN = promotion({ id: 'garden-season', roomInc: ['outdoor'], noProdDis: true, discount: { kind: 'percent', value: 15 } });
const THAI_DECOR = promotion({ id: 'thai-decor-day', lang: 'th', catInc: ['decor'], catExc: ['rugs'], discount: { kind: 'amount', value: 10_000 } });
const DEMO = [SOFA_MONTH, GARDEN, THAI_DECOR];

const sofa = makeProduct('SF-1003', { categories: ['sofas-3-seat', 'sofas'], rooms: ['living'], price: 2_290_000 });
const rattanSofa = makeProduct('SF-2005', { categories: ['armchairs', 'sofas'], rooms: ['living', 'outdoor'], price: 850_000 });
const rattanOnSale = makeProduct('SF-2001', { categories: ['sofas'], rooms: ['living', 'outdoor'], price: 2_590_000, compareAtPrice: 2_990_000 });
const vase = makeProduct('DC-8001', { categories: ['vases', 'decor'], rooms: ['living'], price: 59_000 });
const rug = makeProduct('DC-8101', { categories: ['rugs', 'decor'], rooms: ['living'], price: 390_000 });
const bed = makeProduct('BD-2003', { categories: ['beds'], rooms: ['bedroom'] });

describe('promotion badges (docs/STOREFRONT.md §5)', () => {
  it.each([
    ['a sofa: 10 % on the sofas category', sofa, 'en', { kind: 'percent', value: 10 }],
    ['an outdoor sofa: the garden 15 % beats the sofa 10 %', rattanSofa, 'en', { kind: 'percent', value: 15 }],
    ['an outdoor sofa already on sale: noProdDis leaves the sofa 10 %', rattanOnSale, 'en', { kind: 'percent', value: 10 }],
    ['decor in Thai: ฿100 off', vase, 'th', { kind: 'amount', value: 10_000 }],
    ['decor in English: the Thai-only promotion does not apply', vase, 'en', null],
    ['a rug in Thai: excluded by category', rug, 'th', null],
    ['a bed: nothing applies', bed, 'th', null],
  ] as const)('%s', (_name, product, lang, expected) => {
    expect(badgeDiscount(DEMO, product, lang)).toEqual(expected);
  });

  it('checks product codes and rooms against include and exclude lists', () => {
    expect(promotionApplies(promotion({ prodInc: ['SF-1003'] }), sofa, 'en')).toBe(true);
    expect(promotionApplies(promotion({ prodInc: ['SF-9999'] }), sofa, 'en')).toBe(false);
    expect(promotionApplies(promotion({ prodExc: ['SF-1003'] }), sofa, 'en')).toBe(false);
    expect(promotionApplies(promotion({ roomExc: ['living'] }), sofa, 'en')).toBe(false);
    expect(promotionApplies(promotion({ roomInc: ['bedroom', 'living'] }), sofa, 'en')).toBe(true);
    expect(promotionApplies(promotion({ lang: 'km' }), sofa, 'km')).toBe(true);
  });

  it('works out what a discount takes off one piece, never more than the price', () => {
    expect(discountOff({ kind: 'percent', value: 10 }, 2_290_000)).toBe(229_000);
    expect(discountOff({ kind: 'percent', value: 15 }, 99_999)).toBe(14_999);
    expect(discountOff({ kind: 'amount', value: 10_000 }, 5_000)).toBe(5_000);
  });
});
