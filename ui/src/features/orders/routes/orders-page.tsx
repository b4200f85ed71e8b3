//! /user/order: My orders, newest first (the server's order), each with number, date, status, item
//! count, total and a marker on delivered orders waiting for a review. Opening the page also
//! refreshes the header's review badge, so the two never disagree.
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import type { LabelTitles } from '../../../i18n/types';
import { useDocumentTitle } from '../../../lib/document-title';
import type { OrdersAccount } from '../account';
import { listOrders } from '../api/list-orders';
import { OrderCard } from '../components/order-card';
import { useLoaded } from '../use-loaded';
import '../components/orders.css';

export type OrdersPageProps = { account: OrdersAccount; labels: LabelTitles };

export function OrdersPage({ account, labels }: OrdersPageProps) {
  const { t } = useI18n();
  useDocumentTitle(t('user.ordersTitle'));
  const { userId } = account;
  const { state, retry } = useLoaded(`orders:${userId}`, (signal) => listOrders(userId, { signal }));
  const reviewsChanged = useRef(account.onReviewsChanged);
  reviewsChanged.current = account.onReviewsChanged;
  useEffect(() => reviewsChanged.current(), [userId]);

  return (
    <section class="page page--narrow orders-page">
      <header class="page__header">
        <h1 class="page__title">{t('user.ordersTitle')}</h1>
      </header>
      {state.status === 'loading' ? <Loading page /> : null}
      {state.status === 'error' ? <LoadError onRetry={retry} /> : null}
      {state.status === 'ready' && state.data.length === 0 ? (
        <EmptyState icon="package" title={t('user.ordersEmpty')}>
          <Link href="/" class="button">
            {t('pages.continueShopping')}
          </Link>
        </EmptyState>
      ) : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul class="order-list" aria-label={t('orders.listLabel')} data-testid="order-list">
          {state.data.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} labels={labels} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
