//! /admin/orders/{id}: one order for staff — what it is now and how it got there (timeline), what
//! to do next (order-actions), the lines and amounts, where it goes, the tax-invoice details, the
//! payment, the shipment, the internal notes, and a printable packing slip.
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../../api/client';
import type { Order } from '../../../api/types';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney } from '../../../lib/format';
import { carrierTitle } from '../carriers';
import { OrderActions } from '../components/order-actions';
import { OrderDocuments } from '../../../components/order-documents';
import { OrderMessages } from '../components/order-messages';
import { OrderNotes } from '../components/order-notes';
import { PackingSlip } from '../components/packing-slip';
import { PaymentReview } from '../components/payment-review';
import { StatusChip } from '../components/status-chip';
import type { Move } from '../order-moves';
import type { OrderDeskTools } from '../tools';
import { useOrder } from '../use-order';
import { LineChoice } from '../../../components/line-choice';
import '../admin-orders.css';

export type OrderDetailProps = { id: string; tools: OrderDeskTools };

const ORDER_ID = /^[1-9]\d{0,15}$/;

const MOVED: Record<Move, MessageKey> = {
  paid: 'admin.orders.movedPaid',
  preparing: 'admin.orders.movedPreparing',
  shipped: 'admin.orders.movedShipped',
  delivered: 'admin.orders.movedDelivered',
  cancelled: 'admin.orders.movedCancelled',
};

function BackLink() {
  const { t } = useI18n();
  return (
    <Link href="/admin/orders" class="admin-back">
      <Icon name="chevron-right" size={18} class="admin-back__icon" />
      {t('admin.orders.backToDesk')}
    </Link>
  );
}

function Row({ term, children, testId }: { term: string; children: ComponentChildren; testId?: string }) {
  return (
    <div class="kv__row" data-testid={testId}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function OrderDetailPage({ id, tools }: OrderDetailProps) {
  const { t, locale } = useI18n();
  const valid = ORDER_ID.test(id);
  const { state, replace, retry } = useOrder(valid ? Number(id) : null);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const order = state.status === 'ready' ? state.order : null;
  useDocumentTitle(order ? t('admin.orders.orderTitle', { number: order.number }) : t('admin.orders.title'));

  const missing = !valid || (state.status === 'error' && state.error instanceof ApiError && state.error.status === 404);
  if (missing) {
    return (
      <section class="page admin-page">
        <BackLink />
        <EmptyState icon="package" title={t('admin.orders.notFound')} text={t('admin.orders.notFoundText')} />
      </section>
    );
  }
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') {
    return (
      <section class="page admin-page">
        <BackLink />
        <LoadError message={tools.errorText(state.error)} onRetry={retry} />
      </section>
    );
  }
  const current = state.order;
  const onMoved = (moved: Order, move: Move) => {
    replace(moved);
    setNotice(t(MOVED[move], { number: moved.number }));
    // The button used may be gone: the heading takes focus and the notice is read out.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const q = current.quote;
  const { address, vatInfo, payment, shipment } = current;
  const history = [...current.history].sort((a, b) => a.at - b.at);

  return (
    <article class="page admin-page order-detail" data-testid="admin-order" data-status={current.status}>
      <div class="order-detail__screen">
        <BackLink />
        <header class="admin-page__header">
          <div class="order-detail__heading">
            <h1 class="page__title" ref={heading} tabIndex={-1}>
              {t('admin.orders.orderTitle', { number: current.number })}
            </h1>
            <p class="order-detail__meta">
              <StatusChip status={current.status} label={tools.label} />
              <time dateTime={new Date(current.createdAt).toISOString()}>{tools.time(current.createdAt)}</time>
              {current.kcard ? <span>{t('admin.orders.viaChannel', { channel: current.kcard })}</span> : null}
            </p>
          </div>
          <button type="button" class="button button--ghost" onClick={() => window.print()}>
            <Icon name="book" size={18} />
            <span>{t('admin.orders.printSlip')}</span>
          </button>
        </header>
        {notice ? (
          <p class="admin-alert admin-alert--ok" role="status">
            {notice}
          </p>
        ) : null}
        <div class="order-detail__grid">
          <div class="order-detail__main">
            {tools.can('orders.write') ? <OrderActions order={current} tools={tools} onMoved={onMoved} /> : null}
            <PaymentReview order={current} tools={tools} onChanged={replace} />
            <section class="admin-card" aria-labelledby="order-lines-title">
              <h2 id="order-lines-title" class="admin-card__title">
                {t('admin.orders.lines')}
              </h2>
              <div class="table-scroll table-scroll--flat">
                <table class="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.orders.product')}</th>
                      <th scope="col" class="data-table__num">
                        {t('admin.orders.qty')}
                      </th>
                      {tools.narrow ? null : (
                        <th scope="col" class="data-table__num">
                          {t('admin.orders.unitPrice')}
                        </th>
                      )}
                      <th scope="col" class="data-table__num">
                        {t('admin.orders.lineTotal')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {current.lines.map((line) => (
                      <tr key={line.code}>
                        <td>
                          <span class="order-line__name">{pickText(line.name, locale)}</span>
                          <LineChoice line={line} />
                          <span class="order-line__code">{line.code}</span>
                        </td>
                        <td class="data-table__num">{line.qty}</td>
                        {tools.narrow ? null : <td class="data-table__num data-table__nowrap">{formatMoney(line.unitPrice)}</td>}
                        <td class="data-table__num data-table__nowrap">
                          {formatMoney(line.unitPrice * line.qty - line.discount)}
                          {line.discount > 0 ? <span class="order-line__discount">−{formatMoney(line.discount)}</span> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <dl class="kv kv--amounts">
                <Row term={t('admin.orders.subtotal')}>{formatMoney(q.subtotal)}</Row>
                {q.promotionDiscount > 0 ? <Row term={t('admin.orders.promotionDiscount')}>−{formatMoney(q.promotionDiscount)}</Row> : null}
                {q.couponDiscount > 0 ? (
                  <Row term={current.coupon ? t('admin.orders.couponNamed', { code: current.coupon }) : t('admin.orders.coupon')}>
                    −{formatMoney(q.couponDiscount)}
                  </Row>
                ) : null}
                {q.coins > 0 ? <Row term={t('admin.orders.coinsUsed', { count: current.coinsUsed })}>−{formatMoney(q.coins)}</Row> : null}
                <Row term={t('admin.orders.shipping')}>{q.shipping > 0 ? formatMoney(q.shipping) : t('admin.orders.free')}</Row>
                <Row term={t('admin.orders.total')}>
                  <strong>{formatMoney(current.total)}</strong>
                </Row>
                <Row term={t('admin.orders.vatIncluded')}>{formatMoney(q.vat)}</Row>
              </dl>
            </section>
            <OrderNotes order={current} tools={tools} onChanged={replace} />
            <OrderMessages orderId={current.id} tools={tools} version={`${current.status}:${current.history.length}:${current.payment.proofs.length}`} />
          </div>
          <div class="order-detail__side">
            <OrderDocuments order={current} class="admin-card" titleClass="admin-card__title" />
            <section class="admin-card" aria-labelledby="order-timeline-title">
              <h2 id="order-timeline-title" class="admin-card__title">
                {t('admin.orders.timeline')}
              </h2>
              <ol class="admin-timeline" data-testid="admin-timeline">
                {history.map((step, i) => (
                  <li key={`${step.status}-${step.at}-${i}`} data-status={step.status}>
                    <span class="admin-timeline__status">{tools.label('orderStatus', step.status)}</span>
                    <time dateTime={new Date(step.at).toISOString()}>{tools.time(step.at)}</time>
                  </li>
                ))}
              </ol>
              {current.status === 'cancelled' && current.cancelReason ? (
                <p class="admin-alert admin-alert--warn" data-testid="cancel-reason">
                  {t('admin.orders.cancelledBecause', { reason: current.cancelReason })}
                </p>
              ) : null}
            </section>
            <section class="admin-card" aria-labelledby="order-customer-title">
              <h2 id="order-customer-title" class="admin-card__title">
                {t('admin.orders.shipTo')}
              </h2>
              <address class="admin-address" data-testid="order-address">
                <strong>{address.name}</strong>
                <a href={`tel:${address.phone.replace(/[^\d+]/g, '')}`}>{address.phone}</a>
                <span>{address.line1}</span>
                <span>
                  {address.district}, {tools.label('province', address.province)} {address.postcode}
                </span>
              </address>
              {current.userId === 0 ? (
                // A guest has no customer page: who to reach is the contact given at checkout.
                <div data-testid="guest-contact">
                  <p>
                    <strong>{t('admin.orders.guestOrder')}</strong>
                  </p>
                  {current.contact ? (
                    <address class="admin-address">
                      <span>{current.contact.name}</span>
                      <a href={`tel:${current.contact.phone.replace(/[^\d+]/g, '')}`}>{current.contact.phone}</a>
                      <a href={`mailto:${current.contact.email}`}>{current.contact.email}</a>
                    </address>
                  ) : null}
                </div>
              ) : tools.can('customers.read') ? (
                <p>
                  <Link href={`/admin/customers/${current.userId}`}>{t('admin.orders.openCustomer')}</Link>
                </p>
              ) : null}
            </section>
            <section class="admin-card" aria-labelledby="order-payment-title">
              <h2 id="order-payment-title" class="admin-card__title">
                {t('admin.orders.paymentTitle')}
              </h2>
              <dl class="kv">
                <Row term={t('admin.orders.payment')}>{tools.label('paymentMethod', payment.method)}</Row>
                {current.paymentReference ? (
                  <Row term={t('admin.orders.reference')} testId="payment-reference">
                    {current.paymentReference}
                  </Row>
                ) : null}
                {payment.promptpayId ? <Row term={t('admin.orders.promptpayId')}>{payment.promptpayId}</Row> : null}
                {payment.bank ? (
                  <Row term={t('admin.orders.bank')}>
                    {payment.bank.bankName} · {payment.bank.accountNumber}
                  </Row>
                ) : null}
              </dl>
            </section>
            <section class="admin-card" aria-labelledby="order-shipment-title" data-testid="order-shipment">
              <h2 id="order-shipment-title" class="admin-card__title">
                {t('admin.orders.shipment')}
              </h2>
              {shipment ? (
                <dl class="kv">
                  <Row term={t('admin.orders.carrier')}>{carrierTitle(shipment.carrier, tools)}</Row>
                  <Row term={t('admin.orders.tracking')}>
                    {shipment.url ? (
                      <a href={shipment.url} target="_blank" rel="noopener noreferrer">
                        {shipment.tracking}
                      </a>
                    ) : (
                      shipment.tracking
                    )}
                  </Row>
                </dl>
              ) : (
                <p class="admin-muted">{t('admin.orders.notShipped')}</p>
              )}
            </section>
            <section class="admin-card" aria-labelledby="order-vat-title">
              <h2 id="order-vat-title" class="admin-card__title">
                {t('admin.orders.taxInvoice')}
              </h2>
              {vatInfo ? (
                <dl class="kv">
                  <Row term={t('admin.orders.taxName')}>{vatInfo.name}</Row>
                  <Row term={t('admin.orders.taxId')}>{vatInfo.taxId}</Row>
                  <Row term={t('admin.orders.branch')}>
                    {vatInfo.branch === '00000' ? t('admin.orders.headOffice') : vatInfo.branch}
                  </Row>
                  <Row term={t('admin.orders.taxAddress')}>{vatInfo.address}</Row>
                </dl>
              ) : (
                <p class="admin-muted">{t('admin.orders.noTaxInvoice')}</p>
              )}
            </section>
          </div>
        </div>
      </div>
      <PackingSlip order={current} tools={tools} />
    </article>
  );
}
