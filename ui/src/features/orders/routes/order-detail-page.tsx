//! /user/order?id=…: one order — status timeline, what to pay while it waits for payment (with
//! "Cancel order"), the review form once delivered, the lines, the amounts and the delivery and
//! tax-invoice details. Another shopper's order (403) or an unknown one (404) gets a plain message
//! with the way back to My orders, not the error screen: the shopper only followed a link.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { httpStatusOf } from '../../../api/client';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import type { LabelTitles } from '../../../i18n/types';
import { useDocumentTitle } from '../../../lib/document-title';
import type { OrdersAccount } from '../account';
import { getOrder } from '../api/get-order';
import { CancelOrder } from '../components/cancel-order';
import { OrderAmounts } from '../components/order-amounts';
import { OrderDelivery } from '../components/order-delivery';
import { OrderDocuments } from '../../../components/order-documents';
import { OrderLines } from '../components/order-lines';
import { OrderReview } from '../components/order-review';
import { OrderStatus } from '../components/order-status';
import { OrderTimeline } from '../components/order-timeline';
import { PaymentDetails, type PromptPayQr } from '../components/payment-details';
import { PaymentProof } from '../components/payment-proof';
import { ReviewForm } from '../components/review-form';
import { needsReview, type OrderChange } from '../order';
import { isoTime, orderTime } from '../order-time';
import { useLoaded } from '../use-loaded';
import '../components/orders.css';

export type OrderPageProps = { id: string; account: OrdersAccount; labels: LabelTitles; qr?: PromptPayQr };

/** Order ids are whole numbers; anything else is not an order without asking the server. */
const ORDER_ID = /^[1-9]\d{0,15}$/;

class UnknownOrder extends Error {}

function BackLink() {
  const { t } = useI18n();
  return (
    <Link href="/user/order" class="back-link">
      <Icon name="chevron-right" size={18} class="back-link__icon" />
      {t('orders.back')}
    </Link>
  );
}

function NotYours() {
  const { t } = useI18n();
  return (
    <section class="page page--narrow order-page" data-testid="order-not-found">
      {/* The empty-state panel, with the message as the page's heading. */}
      <div class="empty-state">
        <span class="empty-state__icon">
          <Icon name="alert" size={36} />
        </span>
        <h1 class="empty-state__title">{t('orders.notFoundTitle')}</h1>
        <p class="empty-state__text">{t('orders.notFoundText')}</p>
        <div class="empty-state__actions">
          <Link href="/user/order" class="button">
            {t('orders.back')}
          </Link>
        </div>
      </div>
    </section>
  );
}

export function OrderPage({ id, account, labels, qr }: OrderPageProps) {
  const { t, locale } = useI18n();
  const { state, retry, replace } = useLoaded(`order:${id}`, (signal) =>
    ORDER_ID.test(id) ? getOrder(id, { signal }) : Promise.reject(new UnknownOrder(id)),
  );
  const [earned, setEarned] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const order = state.status === 'ready' ? state.data : null;
  useDocumentTitle(order ? t('orders.number', { number: order.number }) : t('user.ordersTitle'));
  useEffect(() => {
    setEarned(null);
    setNotice(null);
  }, [id]);

  if (state.status === 'loading') return <Loading page />;
  if (state.status === 'error') {
    const status = state.error instanceof UnknownOrder ? 404 : httpStatusOf(state.error);
    if (status === 403 || status === 404) return <NotYours />;
    return (
      <section class="page page--narrow order-page">
        <BackLink />
        <LoadError onRetry={retry} />
      </section>
    );
  }
  const current = state.data;

  const onReviewed = (change: OrderChange) => {
    replace(change.order);
    // The reward is what the balance grew by; the header learns the new balance at once.
    setEarned(change.coin === null ? 0 : Math.max(0, change.coin - account.coin));
    if (change.coin !== null) account.onCoin(change.coin);
    account.onReviewsChanged();
  };
  const onCancelled = (change: OrderChange) => {
    replace(change.order);
    if (change.coin !== null) account.onCoin(change.coin);
    setNotice(t('orders.cancelled', { number: change.order.number || current.number }));
    // The button that was used has gone: focus the page's heading, and the notice is read out.
    requestAnimationFrame(() => heading.current?.focus());
  };

  const pending = current.status === 'pending_payment';
  return (
    <article class="page order-page" data-testid="order-page" data-status={current.status}>
      <BackLink />
      <header class="page__header order-page__header">
        <h1 class="page__title" ref={heading} tabIndex={-1}>
          {t('orders.number', { number: current.number })}
        </h1>
        <p class="order-page__meta">
          <time dateTime={isoTime(current.createdAt)}>{t('orders.placedAt', { date: orderTime(current.createdAt, locale) })}</time>
          <OrderStatus status={current.status} labels={labels} />
        </p>
      </header>
      {notice ? (
        <p class="order-alert order-alert--success" role="status">
          <Icon name="check" size={18} />
          <span>{notice}</span>
        </p>
      ) : null}
      <div class="order-page__grid">
        <div class="order-page__main">
          <OrderTimeline order={current} labels={labels} />
          {pending ? (
            <>
              <PaymentDetails order={current} labels={labels} qr={qr} />
              <PaymentProof order={current} onChanged={replace} />
              <CancelOrder order={current} onCancelled={onCancelled} />
            </>
          ) : null}
          {needsReview(current) ? <ReviewForm order={current} onReviewed={onReviewed} /> : null}
          {current.review ? <OrderReview review={current.review} earned={earned} /> : null}
          <OrderLines lines={current.lines} />
        </div>
        <div class="order-page__side">
          <OrderAmounts order={current} />
          <OrderDelivery address={current.address} vatInfo={current.vatInfo} shipment={current.shipment} labels={labels} />
          {pending ? null : <PaymentDetails order={current} labels={labels} />}
          <OrderDocuments order={current} />
        </div>
      </div>
    </article>
  );
}

