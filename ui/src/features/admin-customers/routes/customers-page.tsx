//! /admin/customers: find a customer by name, username, email or phone (the search is in the URL
//! as `?q=`), newest first, with "Load more"; each opens the customer's page.
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Customer } from '../../../api/types';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { ListFoot } from '../../../components/list-foot';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatNumber } from '../../../lib/format';
import type { CustomerTools } from '../tools';
import { useCustomers } from '../use-customers';
import '../admin-customers.css';

export type CustomersPageProps = { tools: CustomerTools };

/** The search text of the page's URL (at most 100 characters, as the server takes). */
export function searchOf(search: string): string {
  return (new URLSearchParams(search).get('q') ?? '').trim().slice(0, 100);
}

export function customerHref(id: number): string {
  return `/admin/customers/${id}`;
}

function State({ customer }: { customer: Customer }) {
  const { t } = useI18n();
  return customer.disabled ? (
    <span class="status-chip status-chip--off">{t('admin.customers.disabled')}</span>
  ) : (
    <span class="status-chip">{t('admin.customers.active')}</span>
  );
}

export function CustomersPage({ tools }: CustomersPageProps) {
  const { t } = useI18n();
  useDocumentTitle(t('admin.customers.title'));
  const id = useId();
  const search = useSearch();
  const [, navigate] = useLocation();
  const q = useMemo(() => searchOf(search), [search]);
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const list = useCustomers(q);
  const joined = (customer: Customer) => tools.time(customer.createdAt * 1000);

  const submit = (event: Event) => {
    event.preventDefault();
    const text = draft.trim();
    navigate(text ? `/admin/customers?${new URLSearchParams({ q: text }).toString()}` : '/admin/customers');
  };

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.customers.title')}
        </h1>
      </header>
      <form class="admin-search" role="search" aria-label={t('admin.customers.title')} onSubmit={submit}>
        <div class="admin-field admin-field--grow">
          <label for={`${id}-q`}>{t('admin.customers.search')}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft}
            maxLength={100}
            placeholder={t('admin.customers.searchHint')}
            autoComplete="off"
            onInput={(event) => setDraft((event.currentTarget as HTMLInputElement).value)}
          />
        </div>
        <button type="submit" class="button">
          <Icon name="search" size={18} />
          <span>{t('admin.common.search')}</span>
        </button>
      </form>
      <p class="admin-count" role="status">
        {list.starting ? '' : t('admin.customers.shown', { count: list.customers.length })}
      </p>
      {list.starting && !list.error ? <Loading /> : null}
      {!list.starting && !list.customers.length ? (
        <EmptyState icon="user" title={q ? t('admin.customers.noMatch', { q }) : t('admin.customers.none')} />
      ) : null}
      {list.customers.length ? (
        tools.narrow ? (
          <ul class="customer-cards" aria-label={t('admin.customers.title')}>
            {list.customers.map((customer) => (
              <li key={customer.id} class="customer-card" data-testid="customer-row">
                <div class="customer-card__top">
                  <Link href={customerHref(customer.id)} class="customer-card__name">
                    {customer.name || customer.username}
                  </Link>
                  <State customer={customer} />
                </div>
                <p class="admin-muted">
                  {customer.username}
                  {customer.phone ? ` · ${customer.phone}` : ''}
                </p>
                {customer.email ? <p class="admin-muted customer-card__email">{customer.email}</p> : null}
                <p class="customer-card__meta">
                  <span>
                    <Icon name="coin" size={16} /> {formatNumber(customer.coin)}
                  </span>
                  <span class="admin-muted">{t('admin.customers.joinedOn', { date: joined(customer) })}</span>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <div class="table-scroll">
            <table class="data-table">
              <caption class="visually-hidden">{t('admin.customers.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.customers.name')}</th>
                  <th scope="col">{t('admin.customers.username')}</th>
                  <th scope="col">{t('admin.customers.contact')}</th>
                  <th scope="col" class="data-table__num">
                    {t('admin.customers.coins')}
                  </th>
                  <th scope="col">{t('admin.customers.signIn')}</th>
                  <th scope="col">{t('admin.customers.joined')}</th>
                  <th scope="col">{t('admin.customers.state')}</th>
                </tr>
              </thead>
              <tbody>
                {list.customers.map((customer) => (
                  <tr key={customer.id} data-testid="customer-row">
                    <th scope="row">
                      <Link href={customerHref(customer.id)}>{customer.name || customer.username}</Link>
                    </th>
                    <td>{customer.username}</td>
                    <td>
                      <span class="desk-line">{customer.phone}</span>
                      <span class="desk-line admin-muted">{customer.email}</span>
                    </td>
                    <td class="data-table__num">{formatNumber(customer.coin)}</td>
                    <td>{tools.label('provider', customer.provider)}</td>
                    <td class="data-table__nowrap">{joined(customer)}</td>
                    <td>
                      <State customer={customer} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
      <ListFoot list={list} errorText={tools.errorText} onRetry={list.retry} moreLabel={t('admin.common.loadMore')} />
    </section>
  );
}
