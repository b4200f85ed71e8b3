//! Star ratings: the input is a real radio group (one radio per star inside a fieldset, so Tab
//! reaches it once and the arrow keys choose, as with any radios), the display is stars with the
//! rating in words for screen readers.
import { useState } from 'react';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import { MAX_RATING } from '../review-rules';

const STARS = Array.from({ length: MAX_RATING }, (_, i) => i + 1);

type StarInputProps = {
  name: string;
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
};

export function StarInput({ name, legend, value, onChange, describedBy, invalid, disabled }: StarInputProps) {
  const { t } = useI18n();
  const [hover, setHover] = useState<number | null>(null);
  const lit = hover ?? value ?? 0;
  return (
    <fieldset class={`stars-input${invalid ? ' stars-input--invalid' : ''}`} aria-describedby={describedBy} disabled={disabled}>
      <legend class="stars-input__legend">{legend}</legend>
      <div class="stars-input__row" onMouseLeave={() => setHover(null)}>
        {STARS.map((n) => (
          <label key={n} class={`stars-input__star${n <= lit ? ' is-on' : ''}`} onMouseEnter={() => setHover(n)}>
            <input
              type="radio"
              class="stars-input__radio"
              name={name}
              value={String(n)}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-invalid={invalid ? true : undefined}
            />
            <Icon name="star" size={34} />
            <span class="visually-hidden">{n === 1 ? t('orders.starOne') : t('orders.stars', { count: n })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function Stars({ rating }: { rating: number }) {
  const { t } = useI18n();
  return (
    <p class="stars" data-rating={rating}>
      {STARS.map((n) => (
        <span key={n} class={n <= rating ? 'stars__star is-on' : 'stars__star'}>
          <Icon name="star" size={22} />
        </span>
      ))}
      <span class="visually-hidden">{t('orders.ratingShown', { rating })}</span>
    </p>
  );
}
