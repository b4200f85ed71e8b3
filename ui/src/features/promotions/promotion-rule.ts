//! Which promotion a product's badge shows. docs/STOREFRONT.md §5: a promotion applies when it is
//! displayed (the API sends only those), its language is empty or the current one, the product's
//! code, rooms and categories are in the include lists (an empty list includes all) and none is in
//! the exclude lists, and it is not a noProdDis rule for a product already on sale. Of several, the
//! badge shows the one giving most off the product's price, as the server applies the best one.
import type { Discount, Product } from '../../api/types';
import type { Promotion } from './api/get-promotions';

/** What the rules read of a product: a whole product and a list's summary both have it. */
export type Shown = Pick<Product, 'code' | 'rooms' | 'categories' | 'price' | 'compareAtPrice'>;

const included = (include: string[], keys: string[]) => include.length === 0 || keys.some((key) => include.includes(key));
const excluded = (exclude: string[], keys: string[]) => keys.some((key) => exclude.includes(key));

export function isOnSale(product: Pick<Product, 'price' | 'compareAtPrice'>): boolean {
  return product.compareAtPrice !== null && product.compareAtPrice > product.price;
}

export function promotionApplies(promotion: Promotion, product: Shown, lang: string): boolean {
  const code = [product.code];
  return (
    (promotion.lang === '' || promotion.lang === lang) &&
    included(promotion.prodInc, code) &&
    !excluded(promotion.prodExc, code) &&
    included(promotion.roomInc, product.rooms) &&
    !excluded(promotion.roomExc, product.rooms) &&
    included(promotion.catInc, product.categories) &&
    !excluded(promotion.catExc, product.categories) &&
    !(promotion.noProdDis && isOnSale(product))
  );
}

/** Satang off one piece (percent rounded down, never more than the price). */
export function discountOff(discount: Discount, price: number): number {
  if (discount.kind === 'percent') return Math.floor((price * Math.min(100, Math.max(0, discount.value))) / 100);
  return Math.min(price, Math.max(0, discount.value));
}

/** The discount the product's badge shows, or null when no promotion applies. */
export function badgeDiscount(list: Promotion[], product: Shown, lang: string): Discount | null {
  let best: Discount | null = null;
  let bestOff = 0;
  for (const promotion of list) {
    if (!promotionApplies(promotion, product, lang)) continue;
    const off = discountOff(promotion.discount, product.price);
    if (off > bestOff) {
      best = promotion.discount;
      bestOff = off;
    }
  }
  return best;
}
