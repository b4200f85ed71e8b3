//! /user/order: "My orders" from GET /api/app/order/list/{userId}. Orders arrive with a later
//! issue; until then the server answers 404 and the page says plainly that order history is not
//! available yet.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../components/empty-state';
import { ErrorStatus } from '../../../components/error-status';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useStore } from '../../../lib/create-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../i18n/i18n-store';
import { getOrders, type OrderSummary } from '../api/get-orders';
import { userinfo } from '../user-store';

type OrdersState = { status: 'loading' } | { status: 'ready'; orders: OrderSummary[] } | { status: 'unavailable' } | { status: 'error' };

export function OrdersPage() {
  const { t } = useI18n();
  const user = useStore(userinfo, (state) => (state.status === 'signedIn' ? state.user : null));
  const [state, setState] = useState<OrdersState>({ status: 'loading' });
  useDocumentTitle(t('user.ordersTitle'));
  const userId = user?.id;

  const load = useCallback(() => {
    if (userId === undefined) return () => undefined;
    let current = true;
    setState({ status: 'loading' });
    getOrders(userId).then(
      (orders) => current && setState({ status: 'ready', orders }),
      (error: unknown) => {
        console.warn('orders not loaded', error);
        if (current) setState({ status: error instanceof ApiError && error.status === 404 ? 'unavailable' : 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [userId]);
  useEffect(() => load(), [load]);

  // The access guard only shows this page to a signed-in user; without one it is a 403.
  if (!user) return <ErrorStatus status={403} />;

  return (
    <section class="page page--narrow">
      <header class="page__header">
        <h1 class="page__title">{t('user.ordersTitle')}</h1>
      </header>
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'error' ? <LoadError onRetry={load} /> : null}
      {state.status === 'unavailable' || (state.status === 'ready' && state.orders.length === 0) ? (
        <EmptyState icon="package" title={state.status === 'unavailable' ? t('user.ordersUnavailable') : t('user.ordersEmpty')}>
          <Link href="/" class="button">
            {t('pages.continueShopping')}
          </Link>
        </EmptyState>
      ) : null}
      {state.status === 'ready' && state.orders.length > 0 ? (
        <ul class="card-list">
          {state.orders.map((order) => (
            <li key={order.id} class="card-list__item">
              <span>{t('pages.orderNumber', { id: String(order.id) })}</span>
              {order.itemCount !== undefined ? <span>× {formatNumber(order.itemCount)}</span> : null}
              {order.status ? <span class="chip">{order.status}</span> : null}
              {typeof order.total === 'number' ? <span>{formatMoney(order.total)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
