//! /admin: the staff dashboard — today's, the last 7 and 30 days' orders and revenue, what needs
//! someone now (each a link to the desk, filtered), revenue per day as a small chart, best
//! sellers, low stock, and the sales report for a chosen range. A full disk or failing backups
//! show above everything. A role without `reports.read`
//! gets the welcome only.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { DashboardAnswer, Permission, SalesTotals } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney } from '../../../lib/format';
import { getDashboard } from '../api/get-dashboard';
import { DayChart } from '../components/day-chart';
import { SalesReport } from '../components/sales-report';
import { StorageNotice } from '../components/storage-notice';
import '../dashboard.css';

export type DashboardProps = {
  userName: string;
  can: (permission: Permission) => boolean;
  label: (group: string, key: string) => string;
  errorText: (error: unknown) => string;
};

function Totals({ title, totals, testId }: { title: string; totals: SalesTotals; testId: string }) {
  const { t } = useI18n();
  return (
    <section class="stat-card" data-testid={testId}>
      <h2 class="stat-card__title">{title}</h2>
      {/* Sales are what was paid, less refunds: an order waiting for its money is not a sale. */}
      <p class="stat-card__label">{t('admin.home.sales')}</p>
      <p class="stat-card__value" data-testid={`${testId}-sales`}>
        {formatMoney(totals.sales)}
      </p>
      <p class="stat-card__detail">
        {t('admin.home.paidOrders', { count: totals.paid.orders })}
        {totals.refunds.revenue > 0 ? ` · ${t('admin.home.refundsTaken', { amount: formatMoney(totals.refunds.revenue) })}` : ''}
      </p>
      <p class={`stat-card__awaiting${totals.awaiting.orders > 0 ? ' is-due' : ''}`} data-testid={`${testId}-awaiting`}>
        {t('admin.home.awaitingFigure', { amount: formatMoney(totals.awaiting.revenue), count: totals.awaiting.orders })}
      </p>
      <p class="stat-card__vat">
        {t('admin.home.placedFigure', { count: totals.orders, amount: formatMoney(totals.revenue) })} · {t('admin.home.averageShort', { amount: formatMoney(totals.averageOrder) })}
      </p>
    </section>
  );
}

const ATTENTION: { key: Exclude<keyof DashboardAnswer['attention'], 'paymentWaitHours'>; text: MessageKey; href: string; icon: string }[] = [
  { key: 'awaitingPayment', text: 'admin.home.awaitingPayment', href: '/admin/orders?status=pending_payment', icon: 'coin' },
  { key: 'proofsToCheck', text: 'admin.home.proofsToCheck', href: '/admin/orders?status=pending_payment', icon: 'check' },
  { key: 'refundsDue', text: 'admin.home.refundsDue', href: '/admin/orders', icon: 'coin' },
  { key: 'toShip', text: 'admin.home.toShip', href: '/admin/orders?status=unshipped', icon: 'package' },
  { key: 'inTransit', text: 'admin.home.inTransit', href: '/admin/orders?status=shipped', icon: 'truck' },
];

export function DashboardPage({ userName, can, label, errorText }: DashboardProps) {
  const { t, locale } = useI18n();
  useDocumentTitle(t('admin.home.title'));
  const reports = can('reports.read');
  const [data, setData] = useState<DashboardAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!reports) return undefined;
    const controller = new AbortController();
    setError(null);
    getDashboard({ signal: controller.signal }).then(
      (answer) => !controller.signal.aborted && setData(answer),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [reports, attempt]);

  // The staff area's front page keeps its name ("Administration"); the menu marks it Dashboard.
  const header = (
    <header class="page__header">
      <p class="page__eyebrow">{userName}</p>
      <h1 class="page__title">{t('admin.title')}</h1>
    </header>
  );
  if (!reports) {
    return (
      <section class="page admin-page">
        {header}
        <p class="page__lead">{t('admin.welcome')}</p>
      </section>
    );
  }
  return (
    <section class="page admin-page dashboard" data-testid="dashboard">
      {header}
      {error ? (
        <LoadError message={errorText(error)} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {!data && !error ? <Loading /> : null}
      {data ? (
        <>
          <StorageNotice storage={data.storage} />
          <div class="stat-grid">
            <Totals title={t('admin.home.today')} totals={data.today} testId="stat-today" />
            <Totals title={t('admin.home.last7')} totals={data.last7} testId="stat-7" />
            <Totals title={t('admin.home.last30')} totals={data.last30} testId="stat-30" />
          </div>
          <div class="dash-grid">
            <section class="admin-card" aria-labelledby="dash-attention">
              <h2 id="dash-attention" class="admin-card__title">
                {t('admin.home.attention')}
              </h2>
              <ul class="attention-list">
                {ATTENTION.map((item) => {
                  const count = data.attention[item.key];
                  const body = (
                    <>
                      <Icon name={item.icon} size={20} />
                      <span class="attention-list__text">{t(item.text, { hours: data.attention.paymentWaitHours })}</span>
                      <strong class={`attention-list__count${count > 0 ? ' is-due' : ''}`}>{count}</strong>
                    </>
                  );
                  return (
                    <li key={item.key} data-testid={`attention-${item.key}`}>
                      {can('orders.read') ? (
                        <Link href={item.href} class="attention-list__link">
                          {body}
                        </Link>
                      ) : (
                        <span class="attention-list__link">{body}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
            <section class="admin-card dash-grid__wide" aria-labelledby="dash-chart">
              <h2 id="dash-chart" class="admin-card__title">
                {t('admin.home.last30Chart')}
              </h2>
              <DayChart days={data.days} title={t('admin.home.last30Chart')} />
            </section>
            <section class="admin-card" aria-labelledby="dash-top">
              <h2 id="dash-top" class="admin-card__title">
                {t('admin.home.topProducts')}
              </h2>
              {data.topProducts.length ? (
                <ol class="top-list">
                  {data.topProducts.map((product) => {
                    const most = data.topProducts[0]!.units || 1;
                    return (
                      <li key={product.code}>
                        <span class="top-list__name">{product.name ? pickText(product.name, locale) : product.code}</span>
                        <span class="admin-muted">{t('admin.home.units', { count: product.units })}</span>
                        <svg class="top-list__bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
                          <rect width={(100 * product.units) / most} height="6" rx="3" />
                        </svg>
                      </li>
                    );
                  })}
                </ol>
              ) : (
                <p class="admin-muted">{t('admin.home.nothingYet')}</p>
              )}
            </section>
            <section class="admin-card" aria-labelledby="dash-stock" data-testid="low-stock">
              <h2 id="dash-stock" class="admin-card__title">
                {t('admin.home.lowStock')}
              </h2>
              {data.lowStock.length ? (
                <ul class="stock-list">
                  {data.lowStock.map((item) => (
                    <li key={item.code}>
                      <span>
                        {pickText(item.name, locale)} <span class="admin-muted">{item.code}</span>
                      </span>
                      <strong class={item.stock === 0 ? 'stock-list__out' : undefined}>
                        {item.stock === 0 ? t('admin.home.outOfStock') : t('admin.home.left', { count: item.stock })}
                      </strong>
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="admin-muted">{t('admin.home.stockFine')}</p>
              )}
            </section>
          </div>
          <SalesReport label={label} errorText={errorText} />
        </>
      ) : null}
    </section>
  );
}
