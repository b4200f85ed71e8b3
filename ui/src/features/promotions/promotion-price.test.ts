import { describe, expect, it } from 'vitest';
import { promotionPriceView, savingFigure } from './promotion-price';

const TEN_PERCENT = { kind: 'percent', value: 10 } as const;
const HUNDRED_BAHT = { kind: 'amount', value: 10_000 } as const;

describe('the price shown once a promotion applies', () => {
  it('is the price without a promotion, compared with a higher compare-at price', () => {
    expect(promotionPriceView({ price: 1_890_000, compareAtPrice: 2_190_000 }, null)).toEqual({
      price: 1_890_000,
      compareAt: 2_190_000,
      saving: 300_000,
      savingPercent: 13,
    });
  });

  it('takes a percentage off the price, as the quote does, against the plain price', () => {
    // SF-1003: ฿22,900 in the sofa month (10 % off) costs ฿20,610 in the cart.
    const view = promotionPriceView({ price: 2_290_000, compareAtPrice: null }, TEN_PERCENT);
    expect(view).toEqual({ price: 2_061_000, compareAt: 2_290_000, saving: 229_000, savingPercent: 10 });
  });

  it('adds the promotion to a sale: one saving against the compare-at price', () => {
    // SF-1001: ฿18,900 (was ฿21,900) with 10 % off costs ฿17,010, ฿4,890 or 22 % less.
    const view = promotionPriceView({ price: 1_890_000, compareAtPrice: 2_190_000 }, TEN_PERCENT);
    expect(view).toEqual({ price: 1_701_000, compareAt: 2_190_000, saving: 489_000, savingPercent: 22 });
  });

  it('rounds the percentage off down to the satang and keeps the shop’s own figure', () => {
    const view = promotionPriceView({ price: 12_345, compareAtPrice: null }, TEN_PERCENT);
    expect(view.price).toBe(12_345 - 1_234);
    expect(view.savingPercent).toBe(10);
  });

  it('never takes more than the price for a fixed amount', () => {
    const view = promotionPriceView({ price: 5_000, compareAtPrice: null }, HUNDRED_BAHT);
    expect(view.price).toBe(0);
    expect(view.saving).toBe(5_000);
  });

  it('writes the saving as the amount for a fixed amount off a product not on sale, else as a percentage', () => {
    const plain = { price: 59_000, compareAtPrice: null };
    expect(savingFigure(promotionPriceView(plain, HUNDRED_BAHT), HUNDRED_BAHT, plain)).toEqual({ kind: 'amount', value: 10_000 });
    const onSale = { price: 1_890_000, compareAtPrice: 2_190_000 };
    expect(savingFigure(promotionPriceView(onSale, HUNDRED_BAHT), HUNDRED_BAHT, onSale)).toEqual({ kind: 'percent', value: 14 });
    expect(savingFigure(promotionPriceView(onSale, TEN_PERCENT), TEN_PERCENT, onSale)).toEqual({ kind: 'percent', value: 22 });
  });
});
