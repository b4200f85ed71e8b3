//! Places a product view leaves for other domains: the promotion badge (cards and the product
//! page) and the buy box (quantity and "Add to cart", product page). The app fills them, since
//! features never import each other; without a provider they stay empty (unit tests, previews).
import type { ComponentType } from 'preact';
import { createContext, useContext } from 'react';
import type { Product } from '../api/types';

export type ProductSlots = {
  badge?: ComponentType<{ product: Product; size?: 'sm' | 'lg' }>;
  buy?: ComponentType<{ product: Product }>;
};

export const ProductSlotsContext = createContext<ProductSlots>({});

export function useProductSlots(): ProductSlots {
  return useContext(ProductSlotsContext);
}
