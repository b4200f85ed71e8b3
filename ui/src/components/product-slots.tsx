//! Places a product view leaves for other domains: the promotion badge (cards and the product
//! page) and the buy box (quantity and "Add to cart", product page). The app fills them, since
//! features never import each other; without a provider they stay empty (unit tests, previews).
import type { ComponentType } from 'preact';
import { createContext, useContext } from 'react';
import type { Product } from '../api/types';
import type { Variant } from '../lib/variants';
import type { SlotPriceProps } from './price';

/** What the badge reads of a product: both a whole product and a list's summary have it. */
export type BadgeProduct = Pick<Product, 'code' | 'rooms' | 'categories' | 'price' | 'compareAtPrice' | 'active'>;

/** A product with options sells its chosen variant (null: none can be sold); without, itself. */
export type BuyBoxProps = { product: Product; variant?: Variant | null; choice?: string };

export type ProductSlots = {
  badge?: ComponentType<{ product: BadgeProduct; size?: 'sm' | 'lg' }>;
  /** The price after the promotion that applies, as the cart charges it (cards, product page, suggestions). */
  price?: ComponentType<SlotPriceProps>;
  /** The product page's buy box, once the whole product is there; `variant` is the one chosen. */
  buy?: ComponentType<BuyBoxProps>;
};

export const ProductSlotsContext = createContext<ProductSlots>({});

export function useProductSlots(): ProductSlots {
  return useContext(ProductSlotsContext);
}
