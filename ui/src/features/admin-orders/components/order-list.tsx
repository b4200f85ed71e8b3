//! The desk's orders: a table on wide screens, cards on a phone. Each order links to its page and,
//! for staff who may move orders, has a checkbox for the bulk bar; the table's header box selects
//! every order shown.
import { Link } from 'wouter';
import type { Order } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { formatMoney } from '../../../lib/format';
import type { OrderDeskTools } from '../tools';
import { StatusChip } from './status-chip';

type OrderListProps = {
  orders: Order[];
  tools: OrderDeskTools;
  /** Selection, when staff may move orders; null hides the checkboxes. */
  selection: { ids: Set<number>; toggle: (id: number) => void; toggleAll: (on: boolean) => void } | null;
};

export function orderHref(id: number): string {
  return `/admin/orders/${id}`;
}

function Customer({ order }: { order: Order }) {
  return (
    <>
      <span class="desk-customer__name">{order.address.name}</span>
      <span class="desk-customer__phone">{order.address.phone}</span>
    </>
  );
}

export function OrderList({ orders, tools, selection }: OrderListProps) {
  const { t } = useI18n();
  const when = (order: Order) => tools.time(order.createdAt);
  const box = (order: Order) =>
    selection ? (
      <input
        type="checkbox"
        class="desk-check"
        checked={selection.ids.has(order.id)}
        aria-label={t('admin.orders.select', { number: order.number })}
        onChange={() => selection.toggle(order.id)}
      />
    ) : null;

  if (tools.narrow) {
    return (
      <ul class="desk-cards" aria-label={t('admin.orders.listLabel')}>
        {orders.map((order) => (
          <li key={order.id} class="desk-card" data-testid="desk-order" data-order={order.number}>
            <div class="desk-card__top">
              {box(order)}
              <Link href={orderHref(order.id)} class="desk-card__number">
                {order.number}
              </Link>
              <StatusChip status={order.status} label={tools.label} />
            </div>
            <p class="desk-card__customer desk-customer">
              <Customer order={order} />
            </p>
            <p class="desk-card__meta">
              <span>{when(order)}</span>
              <span>{t('admin.orders.itemCount', { count: order.itemCount })}</span>
            </p>
            <p class="desk-card__meta">
              <strong class="desk-card__total">{formatMoney(order.total)}</strong>
              <span>
                {tools.label('paymentMethod', order.payment.method)}
                {order.kcard ? ` · ${order.kcard}` : ''}
              </span>
            </p>
          </li>
        ))}
      </ul>
    );
  }

  const allOn = selection !== null && orders.length > 0 && orders.every((order) => selection.ids.has(order.id));
  return (
    <div class="table-scroll">
      <table class="data-table desk-table">
        <caption class="visually-hidden">{t('admin.orders.listLabel')}</caption>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" class="data-table__check">
                <input
                  type="checkbox"
                  class="desk-check"
                  checked={allOn}
                  aria-label={t('admin.orders.selectAll')}
                  onChange={() => selection.toggleAll(!allOn)}
                />
              </th>
            ) : null}
            <th scope="col">{t('admin.orders.number')}</th>
            <th scope="col">{t('admin.orders.placed')}</th>
            <th scope="col">{t('admin.orders.customer')}</th>
            <th scope="col" class="data-table__num">
              {t('admin.orders.items')}
            </th>
            <th scope="col" class="data-table__num">
              {t('admin.orders.total')}
            </th>
            <th scope="col">{t('admin.orders.payment')}</th>
            <th scope="col">{t('admin.orders.channel')}</th>
            <th scope="col">{t('admin.orders.status')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="desk-order" data-order={order.number} class={selection?.ids.has(order.id) ? 'is-selected' : undefined}>
              {selection ? <td class="data-table__check">{box(order)}</td> : null}
              <th scope="row">
                <Link href={orderHref(order.id)} class="desk-table__number">
                  {order.number}
                </Link>
              </th>
              <td class="data-table__nowrap">{when(order)}</td>
              <td class="desk-customer">
                <Customer order={order} />
              </td>
              <td class="data-table__num">{order.itemCount}</td>
              <td class="data-table__num data-table__nowrap">{formatMoney(order.total)}</td>
              <td>{tools.label('paymentMethod', order.payment.method)}</td>
              <td>{order.kcard || '—'}</td>
              <td>
                <StatusChip status={order.status} label={tools.label} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
