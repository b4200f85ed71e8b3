//! One order in My orders: number (the link to its page, stretched over the card), date, status,
//! item count and total, and a marker when it is delivered and waits for the shopper's review.
import { Link } from 'wouter';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import type { LabelTitles } from '../../../i18n/types';
import { formatMoney, formatNumber } from '../../../lib/format';
import { needsReview, orderHref, type OrderView } from '../order';
import { isoTime, orderTime } from '../order-time';
import { OrderStatus } from './order-status';

export function OrderCard({ order, labels }: { order: OrderView; labels: LabelTitles }) {
  const { t, locale } = useI18n();
  const waiting = needsReview(order);
  return (
    <article class={`order-card${waiting ? ' order-card--review' : ''}`} data-testid="order-card" data-order={order.number}>
      <div class="order-card__head">
        <h2 class="order-card__number">
          <Link href={orderHref(order.id)} class="order-card__link">
            {t('orders.number', { number: order.number })}
          </Link>
        </h2>
        <OrderStatus status={order.status} labels={labels} />
      </div>
      <p class="order-card__date">
        <time dateTime={isoTime(order.createdAt)}>{t('orders.placedAt', { date: orderTime(order.createdAt, locale) })}</time>
      </p>
      <div class="order-card__foot">
        <span class="order-card__items">
          {order.itemCount === 1 ? t('orders.itemsOne') : t('orders.items', { count: formatNumber(order.itemCount) })}
        </span>
        <span class="order-card__total">
          <span class="visually-hidden">{t('orders.total')} </span>
          {formatMoney(order.amounts.total)}
        </span>
      </div>
      {waiting ? (
        <p class="order-card__review" data-testid="needs-review">
          <Icon name="star" size={16} />
          <span>{t('orders.needsReview')}</span>
        </p>
      ) : null}
    </article>
  );
}
