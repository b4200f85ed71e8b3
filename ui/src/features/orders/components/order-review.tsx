//! A review as given: the stars, the comment and when; just after sending, the coins it earned.
import { useEffect, useRef } from 'react';
import type { Review } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import { formatNumber } from '../../../lib/format';
import { isoTime, orderTime } from '../order-time';
import { Stars } from './stars';

type Props = { review: Review; /** Coins the review just earned; null when it was given earlier. */ earned: number | null };

export function OrderReview({ review, earned }: Props) {
  const { t, locale } = useI18n();
  const title = useRef<HTMLHeadingElement>(null);
  const justSent = earned !== null;
  // After sending, the form is replaced by this: focus moves here so the answer is read out.
  useEffect(() => {
    if (justSent) title.current?.focus();
  }, [justSent]);
  return (
    <section class="order-section order-section--review" aria-labelledby="order-review-title" data-testid="order-review">
      <h2 class="order-section__title" id="order-review-title" ref={title} tabIndex={-1}>
        {t('orders.yourReview')}
      </h2>
      {justSent ? (
        <p class="order-alert order-alert--success" role="status" data-testid="review-earned">
          <Icon name="coin" size={18} />
          <span>{earned > 0 ? t('orders.earned', { count: formatNumber(earned) }) : t('orders.thanks')}</span>
        </p>
      ) : null}
      <Stars rating={review.rating} />
      {review.comment ? <p class="order-review__comment">{review.comment}</p> : null}
      {review.at > 0 ? (
        <p class="order-section__note">
          <time dateTime={isoTime(review.at)}>{t('orders.reviewedAt', { date: orderTime(review.at, locale) })}</time>
        </p>
      ) : null}
    </section>
  );
}
