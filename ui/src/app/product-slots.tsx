//! Fills the product views' slots (components/product-slots.tsx): the promotion badge, and the
//! buy box, which is a small lazy chunk so the first load does not carry it (only product pages
//! show it; the product page is itself lazy).
import type { ComponentChildren } from 'preact';
import { Suspense } from 'react';
import { ProductSlotsContext, type BuyBoxProps, type ProductSlots } from '../components/product-slots';
import { PromotionBadge } from '../features/promotions/components/promotion-badge';
import { PromotionPrice } from '../features/promotions/components/promotion-price';
import { lazyWithReload } from './lazy-with-reload';

const AddToCart = lazyWithReload<BuyBoxProps>(() =>
  import('../features/cart/components/add-to-cart').then((m) => ({ default: m.AddToCart })),
);

function BuyBox(props: BuyBoxProps) {
  // The placeholder keeps the button's height, so nothing below moves when it arrives.
  return (
    <Suspense fallback={<div class="buy-box buy-box--loading" style={{ minHeight: '56px' }} />}>
      <AddToCart {...props} />
    </Suspense>
  );
}

const SLOTS: ProductSlots = { badge: PromotionBadge, price: PromotionPrice, buy: BuyBox };

export function ProductSlotsProvider({ children }: { children: ComponentChildren }) {
  return <ProductSlotsContext.Provider value={SLOTS}>{children}</ProductSlotsContext.Provider>;
}
