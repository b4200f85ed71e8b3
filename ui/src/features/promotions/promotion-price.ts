//! The price a product is shown at once a promotion applies: what one piece costs after the
//! promotion (as the cart's quote charges it: src/pricing takes the promotion off the price, in
//! whole satang, rounded down for percentages), compared with the compare-at price when the
//! product is on sale, else with the price itself. One saving figure comes out of it, which the
//! badge, the price and the product page's saving line all show, so they never disagree.
import type { Discount } from '../../api/types';
import type { PriceView } from '../../lib/product';
import { priceView } from '../../lib/product';
import { discountOff, type Shown } from './promotion-rule';

export function promotionPriceView(product: Pick<Shown, 'price' | 'compareAtPrice'>, discount: Discount | null): PriceView {
  const base = priceView(product);
  const off = discount ? discountOff(discount, product.price) : 0;
  if (!discount || off <= 0) return base;
  const price = product.price - off;
  const compareAt = base.compareAt ?? product.price;
  const saving = compareAt - price;
  // A percentage off the plain price is the shop's own figure; worked out again from satang it
  // could come out one lower ("−9 %" for 10 % of ฿123.45). Anything else is worked out, rounded down.
  const savingPercent =
    base.compareAt === null && discount.kind === 'percent' ? Math.min(100, Math.max(0, discount.value)) : Math.floor((saving * 100) / compareAt);
  return { price, compareAt, saving, savingPercent };
}

/**
 * What a badge writes of a saving: the percentage, or the amount when the saving is a fixed
 * amount off a product that is not otherwise on sale (the figure the promotion gives).
 */
export function savingFigure(view: PriceView, discount: Discount | null, product: Pick<Shown, 'price' | 'compareAtPrice'>): Discount {
  if (discount?.kind === 'amount' && priceView(product).compareAt === null) return { kind: 'amount', value: view.saving };
  return { kind: 'percent', value: view.savingPercent };
}
