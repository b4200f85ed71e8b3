//! /admin/customers/{id}: one customer for staff — contact details and account state (disable /
//! enable, a one-time password reset link), coins with the credit/debit form and the ledger, saved
//! addresses and tax-invoice details, and their orders.
import { useCallback, useEffect, useState } from 'react';
import type { ComponentChildren } from 'preact';
import { Link } from 'wouter';
import { ApiError } from '../../../api/client';
import type { CustomerAnswer } from '../../../api/types';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { coinReason, type Translate } from '../../../lib/staff-wording';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { getCustomer } from '../api/get-customer';
import { AccountSwitch } from '../../../components/account-switch';
import { setDisabled } from '../api/set-disabled';
import { CoinForm } from '../components/coin-form';
import { ResetLink } from '../components/reset-link';
import type { CustomerTools } from '../tools';
import '../admin-customers.css';

export type CustomerPageProps = { id: string; tools: CustomerTools };

const USER_ID = /^[1-9]\d{0,15}$/;

type Loaded = { status: 'loading' } | { status: 'ready'; data: CustomerAnswer } | { status: 'error'; error: unknown };

function BackLink() {
  const { t } = useI18n();
  return (
    <Link href="/admin/customers" class="admin-back">
      <Icon name="chevron-right" size={18} class="admin-back__icon" />
      {t('admin.customers.back')}
    </Link>
  );
}

function Row({ term, children }: { term: string; children: ComponentChildren }) {
  return (
    <div class="kv__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function CustomerPage({ id, tools }: CustomerPageProps) {
  const { t } = useI18n();
  const valid = USER_ID.test(id);
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!valid) return undefined;
    const controller = new AbortController();
    getCustomer(Number(id), { signal: controller.signal }).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }),
    );
    return () => controller.abort();
  }, [id, valid, version]);
  useEffect(() => setNotice(null), [id]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  const data = state.status === 'ready' ? state.data : null;
  useDocumentTitle(data ? data.customer.name || data.customer.username : t('admin.customers.title'));

  if (!valid || (state.status === 'error' && state.error instanceof ApiError && state.error.status === 404)) {
    return (
      <section class="page admin-page">
        <BackLink />
        <EmptyState icon="user" title={t('admin.customers.notFound')} />
      </section>
    );
  }
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') {
    return (
      <section class="page admin-page">
        <BackLink />
        <LoadError message={tools.errorText(state.error)} onRetry={reload} />
      </section>
    );
  }
  const { customer, orders } = state.data;
  const ledger = [...state.data.ledger].reverse();
  const write = tools.can('customers.write');
  const time = (ms: number | null) => (ms ? tools.time(ms) : '—');

  return (
    <article class="page admin-page customer-page" data-testid="admin-customer" data-disabled={customer.disabled ? 'true' : 'false'}>
      <BackLink />
      <header class="admin-page__header">
        <div class="customer-page__heading">
          <h1 class="page__title">{customer.name || customer.username}</h1>
          <p class="customer-page__meta">
            <span>{customer.username}</span>
            {customer.disabled ? (
              <span class="status-chip status-chip--off">{t('admin.customers.disabled')}</span>
            ) : (
              <span class="status-chip">{t('admin.customers.active')}</span>
            )}
          </p>
        </div>
        {write ? (
          <AccountSwitch
            customer={customer}
            setDisabled={setDisabled}
            errorText={tools.errorText}
            onChanged={(changed) => {
              setState({ status: 'ready', data: { ...state.data, customer: changed } });
              setNotice(changed.disabled ? t('admin.customers.nowDisabled') : t('admin.customers.nowEnabled'));
            }}
          />
        ) : null}
      </header>
      {notice ? (
        <p class="admin-alert admin-alert--ok" role="status">
          {notice}
        </p>
      ) : null}
      <div class="customer-page__grid">
        <section class="admin-card" aria-labelledby="customer-contact">
          <h2 id="customer-contact" class="admin-card__title">
            {t('admin.customers.account')}
          </h2>
          <dl class="kv">
            <Row term={t('admin.customers.email')}>{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}</Row>
            <Row term={t('admin.customers.phone')}>
              {customer.phone ? <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a> : '—'}
            </Row>
            <Row term={t('admin.customers.signIn')}>{tools.label('provider', customer.provider)}</Row>
            <Row term={t('admin.customers.joined')}>{time(customer.createdAt * 1000)}</Row>
            <Row term={t('admin.customers.lastLogin')}>{time(customer.lastLoginAt === null ? null : customer.lastLoginAt * 1000)}</Row>
          </dl>
          {write ? (
            <div class="customer-reset">
              <h3 class="coin-form__title">{t('admin.customers.resetTitle')}</h3>
              <ResetLink customer={customer} errorText={tools.errorText} time={tools.time} label={tools.label} />
            </div>
          ) : null}
        </section>
        <section class="admin-card" aria-labelledby="customer-coins" data-testid="customer-coins">
          <h2 id="customer-coins" class="admin-card__title">
            {t('admin.customers.coins')}
          </h2>
          <p class="coin-balance">
            <Icon name="coin" size={22} />
            <strong data-testid="coin-balance">{formatNumber(customer.coin)}</strong>
            <span class="admin-muted">{t('admin.customers.coinValue', { amount: formatMoney(customer.coin * 100) })}</span>
          </p>
          {write ? (
            <CoinForm
              customer={customer}
              errorText={tools.errorText}
              onChanged={(changed, amount) => {
                setState({ status: 'ready', data: { ...state.data, customer: changed } });
                setNotice(
                  amount > 0
                    ? t('admin.customers.credited', { count: formatNumber(amount) })
                    : t('admin.customers.debited', { count: formatNumber(-amount) }),
                );
                reload();
              }}
            />
          ) : null}
        </section>
        <section class="admin-card" aria-labelledby="customer-addresses">
          <h2 id="customer-addresses" class="admin-card__title">
            {t('admin.customers.addresses')}
          </h2>
          {customer.addInfo.length ? (
            <ul class="address-list">
              {customer.addInfo.map((address, i) => (
                <li key={i}>
                  <address class="admin-address">
                    <strong>{address.name}</strong>
                    <span>{address.phone}</span>
                    <span>{address.line1}</span>
                    <span>
                      {address.district}, {tools.label('province', address.province)} {address.postcode}
                    </span>
                  </address>
                </li>
              ))}
            </ul>
          ) : (
            <p class="admin-muted">{t('admin.customers.noAddresses')}</p>
          )}
          {customer.vatInfo ? (
            <div class="customer-vat">
              <h3 class="coin-form__title">{t('admin.orders.taxInvoice')}</h3>
              <dl class="kv">
                <Row term={t('admin.orders.taxName')}>{customer.vatInfo.name}</Row>
                <Row term={t('admin.orders.taxId')}>{customer.vatInfo.taxId}</Row>
                <Row term={t('admin.orders.branch')}>
                  {customer.vatInfo.branch === '00000' ? t('admin.orders.headOffice') : customer.vatInfo.branch}
                </Row>
                <Row term={t('admin.orders.taxAddress')}>{customer.vatInfo.address}</Row>
              </dl>
            </div>
          ) : null}
        </section>
        <section class="admin-card customer-page__wide" aria-labelledby="customer-orders">
          <h2 id="customer-orders" class="admin-card__title">
            {t('admin.customers.orders', { count: orders.length })}
          </h2>
          {orders.length && tools.narrow ? (
            <ul class="mini-list">
              {orders.map((order) => (
                <li key={order.id}>
                  <p class="mini-list__top">
                    {tools.can('orders.read') ? <Link href={`/admin/orders/${order.id}`}>{order.number}</Link> : <strong>{order.number}</strong>}
                    <span class={`status-chip status-chip--${order.status}`}>{tools.label('orderStatus', order.status)}</span>
                  </p>
                  <p class="mini-list__meta">
                    <span>{time(order.createdAt)}</span>
                    <strong>{formatMoney(order.total)}</strong>
                  </p>
                </li>
              ))}
            </ul>
          ) : orders.length ? (
            <div class="table-scroll table-scroll--flat">
              <table class="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.orders.number')}</th>
                    <th scope="col">{t('admin.orders.placed')}</th>
                    <th scope="col">{t('admin.orders.status')}</th>
                    <th scope="col" class="data-table__num">
                      {t('admin.orders.total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((order) => (
                    <tr key={order.id}>
                      <th scope="row">{tools.can('orders.read') ? <Link href={`/admin/orders/${order.id}`}>{order.number}</Link> : order.number}</th>
                      <td class="data-table__nowrap">{time(order.createdAt)}</td>
                      <td>
                        <span class={`status-chip status-chip--${order.status}`}>{tools.label('orderStatus', order.status)}</span>
                      </td>
                      <td class="data-table__num data-table__nowrap">{formatMoney(order.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p class="admin-muted">{t('admin.customers.noOrders')}</p>
          )}
        </section>
        <section class="admin-card customer-page__wide" aria-labelledby="customer-ledger" data-testid="coin-ledger">
          <h2 id="customer-ledger" class="admin-card__title">
            {t('admin.customers.ledger')}
          </h2>
          {ledger.length && tools.narrow ? (
            <ul class="mini-list">
              {ledger.map((entry, i) => (
                <li key={`${entry.at}-${i}`}>
                  <p class="mini-list__top">
                    <strong class={entry.amount < 0 ? 'ledger-minus' : 'ledger-plus'}>
                      {entry.amount > 0 ? '+' : ''}
                      {formatNumber(entry.amount)}
                    </strong>
                    <span class="admin-muted">{t('admin.customers.balanceIs', { count: formatNumber(entry.balance) })}</span>
                  </p>
                  <p class="mini-list__text">
                    {coinReason(entry, t as Translate)}
                    {entry.staffId !== null ? <span class="admin-muted"> · {t('admin.customers.byStaff')}</span> : null}
                    {entry.orderId !== null && tools.can('orders.read') ? (
                      <>
                        {' · '}
                        <Link href={`/admin/orders/${entry.orderId}`}>{t('admin.customers.orderRef', { id: entry.orderId })}</Link>
                      </>
                    ) : null}
                  </p>
                  <p class="mini-list__meta">{time(entry.at)}</p>
                </li>
              ))}
            </ul>
          ) : ledger.length ? (
            <div class="table-scroll table-scroll--flat">
              <table class="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.customers.when')}</th>
                    <th scope="col" class="data-table__num">
                      {t('admin.customers.change')}
                    </th>
                    <th scope="col">{t('admin.customers.reason')}</th>
                    <th scope="col" class="data-table__num">
                      {t('admin.customers.balance')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.map((entry, i) => (
                    <tr key={`${entry.at}-${i}`}>
                      <td class="data-table__nowrap">{time(entry.at)}</td>
                      <td class={`data-table__num ${entry.amount < 0 ? 'ledger-minus' : 'ledger-plus'}`}>
                        {entry.amount > 0 ? '+' : ''}
                        {formatNumber(entry.amount)}
                      </td>
                      <td>
                        {coinReason(entry, t as Translate)}
                        {entry.staffId !== null ? <span class="admin-muted"> · {t('admin.customers.byStaff')}</span> : null}
                        {entry.orderId !== null && tools.can('orders.read') ? (
                          <>
                            {' · '}
                            <Link href={`/admin/orders/${entry.orderId}`}>{t('admin.customers.orderRef', { id: entry.orderId })}</Link>
                          </>
                        ) : null}
                      </td>
                      <td class="data-table__num">{formatNumber(entry.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p class="admin-muted">{t('admin.customers.noLedger')}</p>
          )}
        </section>
      </div>
    </article>
  );
}
