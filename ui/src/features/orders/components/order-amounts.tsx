//! What the order came to, as the server priced it when it was placed: subtotal, promotion
//! discount, coupon, coins, shipping, the VAT included, the total, and coins earned at delivery.
import { useI18n } from '../../../i18n/i18n-store';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { OrderView } from '../order';

function Row({ label, value, class: className }: { label: string; value: string; class?: string }) {
  return (
    <div class={`amounts__row${className ? ` ${className}` : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function OrderAmounts({ order }: { order: OrderView }) {
  const { t } = useI18n();
  const { amounts } = order;
  return (
    <section class="order-section" aria-labelledby="order-amounts-title">
      <h2 class="order-section__title" id="order-amounts-title">
        {t('orders.summaryTitle')}
      </h2>
      <dl class="amounts" data-testid="order-amounts">
        <Row label={t('orders.subtotal')} value={formatMoney(amounts.subtotal)} />
        {amounts.promotionDiscount > 0 ? (
          <Row label={t('orders.promotionDiscount')} value={formatMoney(-amounts.promotionDiscount)} class="amounts__row--saving" />
        ) : null}
        {amounts.couponDiscount > 0 ? (
          <Row
            label={t('orders.couponDiscount', { code: order.coupon ?? '' }).trim()}
            value={formatMoney(-amounts.couponDiscount)}
            class="amounts__row--saving"
          />
        ) : null}
        {amounts.coins > 0 ? (
          <Row
            label={t('orders.coinsUsed', { count: formatNumber(order.coinsUsed) })}
            value={formatMoney(-amounts.coins)}
            class="amounts__row--saving"
          />
        ) : null}
        <Row label={t('orders.shipping')} value={amounts.shipping > 0 ? formatMoney(amounts.shipping) : t('orders.shippingFree')} />
        <Row label={t('orders.grandTotal')} value={formatMoney(amounts.total)} class="amounts__row--total" />
        <Row label={t('orders.vatIncluded')} value={formatMoney(amounts.vat)} class="amounts__row--note" />
      </dl>
      {order.coinsEarned > 0 ? <p class="order-section__note">{t('orders.coinsEarned', { count: formatNumber(order.coinsEarned) })}</p> : null}
    </section>
  );
}
