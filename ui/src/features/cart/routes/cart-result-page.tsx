//! /cartres: the order just placed (SPEC §3 `cartRes`) — its number, how to pay it, its lines and
//! amounts (subtotal, discounts, coupon, coins, shipping, VAT, total), where it goes, and a link to
//! it in My orders. Opened without a placed order (a reload, a bookmark) it says there is none.
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useStore } from '../../../lib/create-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { cartRes } from '../cart-store';
import { AddressLines, type Provinces } from '../components/address-section';
import { OrderTotals } from '../components/order-totals';
import { PaymentInstructions } from '../components/payment-instructions';
import '../components/cart.css';

export function CartResultPage({ provinces }: { provinces: Provinces }) {
  const { t, locale } = useI18n();
  const order = useStore(cartRes);
  useDocumentTitle(t('pages.cartResultTitle'));
  if (!order) {
    return (
      <section class="page">
        <header class="page__header">
          <h1 class="page__title">{t('pages.cartResultTitle')}</h1>
        </header>
        <EmptyState icon="package" title={t('pages.cartResultEmpty')}>
          <Link href="/" class="button">
            {t('pages.continueShopping')}
          </Link>
        </EmptyState>
      </section>
    );
  }
  const ordersHref = `/user/order?id=${encodeURIComponent(String(order.id))}`;
  return (
    <section class="page result-page">
      <header class="page__header page__header--with-icon">
        <span class="page__icon result-page__icon">
          <Icon name="check" size={30} />
        </span>
        <div>
          <h1 class="page__title">{t('checkout.thanks')}</h1>
          <p class="page__lead" data-testid="order-number">
            {t('checkout.orderPlaced', { number: order.number })}
          </p>
        </div>
      </header>
      <div class="checkout-layout">
        <div class="checkout-form">
          <PaymentInstructions order={order} />
          <section class="card result-items" aria-labelledby="result-lines-title">
            <h2 id="result-lines-title" class="checkout-summary__title">
              {t('checkout.itemsTitle')}
            </h2>
            <ul class="summary-lines summary-lines--plain">
              {order.lines.map((line) => (
                <li key={line.code} class="summary-lines__item">
                  <span class="summary-lines__name">
                    {pickText(line.name, locale) || line.code} <span class="summary-lines__qty">× {formatNumber(line.qty)}</span>
                    <span class="summary-lines__code">
                      {line.code} · {formatMoney(line.unitPrice)}
                      {line.discount > 0 ? ` · ${t('checkout.promotion')} ${formatMoney(-line.discount)}` : ''}
                    </span>
                  </span>
                  <span class="summary-lines__amount">{formatMoney(line.unitPrice * line.qty - line.discount)}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside class="card checkout-summary" aria-labelledby="result-summary-title">
          <h2 id="result-summary-title" class="checkout-summary__title">
            {t('checkout.summary')}
          </h2>
          <OrderTotals quote={order.quote} coupon={order.coupon} />
          <div class="result-page__address">
            <h3>{t('checkout.deliverTo')}</h3>
            <p>
              <AddressLines address={order.address} provinces={provinces} />
            </p>
            {order.vatInfo ? (
              <>
                <h3>{t('checkout.vatTitle')}</h3>
                <p>
                  {order.vatInfo.name} · {order.vatInfo.taxId} ({order.vatInfo.branch})
                  <br />
                  {order.vatInfo.address}
                </p>
              </>
            ) : null}
          </div>
          <Link href={ordersHref} class="button checkout-summary__go" data-testid="my-orders-link">
            {t('checkout.seeMyOrders')}
          </Link>
          <Link href="/" class="checkout-summary__back">
            {t('pages.continueShopping')}
          </Link>
        </aside>
      </div>
    </section>
  );
}
