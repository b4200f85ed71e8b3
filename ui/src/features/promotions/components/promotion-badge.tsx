//! The promotion badge on a product ("−10 %", "−฿100") when a promotion applies to it in the
//! current language. Its figure is the whole saving against the crossed-out price beside it
//! (promotion-price.ts), so it agrees with the price the card shows and the cart charges.
//! Screen readers hear "Promotion: 10 % off".
import type { Discount } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useResource } from '../../../lib/resource';
import { promotionPriceView, savingFigure } from '../promotion-price';
import { badgeDiscount, type Shown } from '../promotion-rule';
import { promotions } from '../promotions-store';
import './promotion-badge.css';

type Promoted = Shown & { active: boolean };

/** The discount of the promotion that applies to the product now, or null (also while loading). */
export function useProductPromotion(product: Promoted): Discount | null {
  const { locale } = useI18n();
  const state = useResource(promotions);
  if (!product.active) return null;
  return badgeDiscount(state.data ?? [], product, locale);
}

/** "10 %" or "฿100": the size of a saving as the shop writes it. */
export function discountText(discount: Discount): string {
  return discount.kind === 'percent' ? `${formatNumber(discount.value)} %` : formatMoney(discount.value);
}

export function PromotionBadge({ product, size = 'sm' }: { product: Promoted; size?: 'sm' | 'lg' }) {
  const { t } = useI18n();
  const discount = useProductPromotion(product);
  if (!discount) return null;
  const view = promotionPriceView(product, discount);
  if (view.saving <= 0) return null;
  const amount = discountText(savingFigure(view, discount, product));
  return (
    <span class={`promo-badge promo-badge--${size}`} data-testid="promo-badge">
      <span aria-hidden="true">−{amount}</span>
      <span class="visually-hidden">{t('checkout.promoBadge', { amount })}</span>
    </span>
  );
}
