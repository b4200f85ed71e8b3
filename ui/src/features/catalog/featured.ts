//! Which products the home page slider features: the most popular ones that are reduced (they
//! have a compare-at price above their price), topped up with the most popular others.
import type { ProductSummary } from '../../api/types';
import { priceView } from '../../lib/product';

export const FEATURED_COUNT = 5;

/** `popular` must be sorted by popularity, most popular first. */
export function pickFeatured(popular: ProductSummary[], count = FEATURED_COUNT): ProductSummary[] {
  const available = popular.filter((product) => product.active && product.image !== null);
  const reduced = available.filter((product) => priceView(product).compareAt !== null);
  const picked = reduced.slice(0, count);
  for (const product of available) {
    if (picked.length >= count) break;
    if (!picked.includes(product)) picked.push(product);
  }
  return picked;
}
