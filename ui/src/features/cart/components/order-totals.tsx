//! The money of a quote or an order: subtotal, promotion discounts, coupon, coins, shipping and
//! the total with the VAT it includes. Discounts show only when there are some.
import type { Quote } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { formatMoney, formatNumber } from '../../../lib/format';

type TotalsProps = { quote: Quote; coupon?: string | null; dimmed?: boolean };

export function OrderTotals({ quote, coupon, dimmed = false }: TotalsProps) {
  const { t } = useI18n();
  const row = (label: string, amount: string, modifier = '', testId?: string) => (
    <div class={`totals__row${modifier ? ` totals__row--${modifier}` : ''}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </div>
  );
  return (
    <dl class={`totals${dimmed ? ' totals--dimmed' : ''}`} aria-busy={dimmed || undefined}>
      {row(t('checkout.subtotal'), formatMoney(quote.subtotal), '', 'total-subtotal')}
      {quote.promotionDiscount > 0
        ? row(t('checkout.promotionDiscount'), formatMoney(-quote.promotionDiscount), 'saving', 'total-promotion')
        : null}
      {quote.couponDiscount > 0
        ? row(coupon ? t('checkout.couponNamed', { code: coupon }) : t('checkout.coupon'), formatMoney(-quote.couponDiscount), 'saving', 'total-coupon')
        : null}
      {quote.coins > 0
        ? row(t('checkout.coinsUsedCount', { count: formatNumber(quote.coins / 100) }), formatMoney(-quote.coins), 'saving', 'total-coins')
        : null}
      {row(t('checkout.shipping'), quote.shipping > 0 ? formatMoney(quote.shipping) : t('checkout.freeShipping'), '', 'total-shipping')}
      <div class="totals__row totals__row--total" data-testid="total">
        <dt>{t('checkout.total')}</dt>
        <dd>{formatMoney(quote.total)}</dd>
      </div>
      <div class="totals__row totals__row--vat" data-testid="total-vat">
        <dt>{t('checkout.vatIncluded')}</dt>
        <dd>{formatMoney(quote.vat)}</dd>
      </div>
    </dl>
  );
}
