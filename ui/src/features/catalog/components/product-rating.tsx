//! What shoppers thought of a product: five stars filled to the average of the reviews of delivered
//! orders holding it, the average and how many reviews, read as one sentence by screen readers
//! ("Rated 4.3 out of 5 from 12 reviews"). Nothing when nobody has reviewed it yet.
import type { Rating } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { formatNumber } from '../../../lib/format';
import './product-rating.css';

const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z';

function Stars({ class: className }: { class: string }) {
  return (
    <span class={className}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}

/** How much of the five stars is filled, in percent, for an average from 0 to 5. */
export function starFill(average: number): number {
  return Math.round((Math.max(0, Math.min(5, average)) / 5) * 1000) / 10;
}

/** `product` is null while only a list's summary is known; a product without `rating` has no reviews. */
export function ProductRating({ product }: { product: { code: string; rating?: Rating | null } | null }) {
  const { t } = useI18n();
  const rating = product?.rating;
  if (!rating || rating.count <= 0) return null;
  const average = formatNumber(rating.average, 1);
  const count = formatNumber(rating.count);
  const label = rating.count === 1 ? t('details.rating.labelOne', { average }) : t('details.rating.label', { average, count });
  return (
    <p class="product-rating" role="img" aria-label={label}>
      <span class="product-rating__stars" aria-hidden="true">
        <Stars class="product-rating__empty" />
        <span class="product-rating__fill" style={{ width: `${starFill(rating.average)}%` }}>
          <Stars class="product-rating__full" />
        </span>
      </span>
      <span class="product-rating__average" aria-hidden="true">
        {average}
      </span>
      <span class="product-rating__count" aria-hidden="true">
        {rating.count === 1 ? t('details.rating.countOne') : t('details.rating.count', { count })}
      </span>
    </p>
  );
}
