//! /cartres: the order just placed (SPEC §3 `cartRes`) — its number, how to pay it, its lines and
//! amounts (subtotal, discounts, coupon, coins, shipping, VAT, total), where it goes, and a link to
//! it in My orders. Opened without a placed order (a reload, a bookmark) it says there is none.
//! `?order={id}` (where the card payment page sends the shopper back) reads that order from the
//! server; a card payment waiting for the provider's confirmation is asked for again by itself.
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { Order } from '../../../api/types';
import { Loading } from '../../../components/loading';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useStore } from '../../../lib/create-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { getOrder } from '../api/pay-order';
import { cardStage, POLL_EVERY_MS, POLL_FOR_MS, shouldPoll } from '../card-payment-state';
import { cartRes, replaceCartResult } from '../cart-store';
import { CardPayment } from '../components/card-payment';
import { AddressLines, type Provinces } from '../components/address-section';
import { OrderTotals } from '../components/order-totals';
import { PaymentInstructions } from '../components/payment-instructions';
import '../components/cart.css';

/** The order named by `?order=` read from the server (again while a card payment is confirmed). */
function useResultOrder(): { order: Order | null; loading: boolean; reload: () => void } {
  const wanted = new URLSearchParams(useSearch()).get('order');
  const placed = useStore(cartRes);
  const [loading, setLoading] = useState(Boolean(wanted));
  const [round, setRound] = useState(0);
  const [since] = useState(() => Date.now());
  const order = placed && (!wanted || String(placed.id) === wanted) ? placed : null;
  const stage = order && order.payment.method === 'card_2c2p' ? cardStage(order) : null;
  const polling = stage !== null && shouldPoll(stage) && Date.now() - since < POLL_FOR_MS;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const delay = round === 0 ? 0 : POLL_EVERY_MS;
    const timer = window.setTimeout(() => {
      getOrder(wanted, controller.signal)
        .then((fresh) => replaceCartResult(fresh))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('order failed to load', error);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, round]);

  // Ask again while the provider's confirmation is awaited.
  useEffect(() => {
    if (!polling) return;
    const timer = window.setTimeout(() => setRound((n) => n + 1), POLL_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [polling, order]);

  return { order, loading: loading && !order, reload: () => setRound((n) => n + 1) };
}

export function CartResultPage({ provinces }: { provinces: Provinces }) {
  const { t, locale } = useI18n();
  const { order, loading, reload } = useResultOrder();
  useDocumentTitle(t('pages.cartResultTitle'));
  if (loading) return <Loading page />;
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
          {order.payment.method === 'card_2c2p' ? (
            <CardPayment order={order} onChange={replaceCartResult} onCheckAgain={reload} />
          ) : (
            <PaymentInstructions order={order} />
          )}
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
