//! The promotion badge on a product ("−10 %", "−฿100") when a promotion applies to it in the
//! current language. Screen readers hear "Promotion: 10 % off".
import type { Discount } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useResource } from '../../../lib/resource';
import { badgeDiscount, type Shown } from '../promotion-rule';
import { promotions } from '../promotions-store';
import './promotion-badge.css';

/** "10 %" or "฿100": the size of a discount as the shop writes it. */
export function discountText(discount: Discount): string {
  return discount.kind === 'percent' ? `${formatNumber(discount.value)} %` : formatMoney(discount.value);
}

export function PromotionBadge({ product, size = 'sm' }: { product: Shown & { active: boolean }; size?: 'sm' | 'lg' }) {
  const { t, locale } = useI18n();
  const state = useResource(promotions);
  if (!product.active) return null;
  const discount = badgeDiscount(state.data ?? [], product, locale);
  if (!discount) return null;
  const amount = discountText(discount);
  return (
    <span class={`promo-badge promo-badge--${size}`} data-testid="promo-badge">
      <span aria-hidden="true">−{amount}</span>
      <span class="visually-hidden">{t('checkout.promoBadge', { amount })}</span>
    </span>
  );
}
