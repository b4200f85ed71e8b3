//! A quantity from `min` to `max`: − and + buttons around a number field. Typing commits on
//! Enter or when the field is left; a value out of range is brought back into it.
import { useEffect, useState } from 'react';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';

type StepperProps = {
  id: string;
  value: number;
  min?: number;
  max: number;
  /** The field's accessible name ("Quantity of Nara 3-Seat Sofa"). */
  label: string;
  onChange: (value: number) => void;
  disabled?: boolean;
  busy?: boolean;
};

export function clampQty(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(Math.trunc(value), min), Math.max(min, max));
}

export function QuantityStepper({ id, value, min = 1, max, label, onChange, disabled = false, busy = false }: StepperProps) {
  const { t } = useI18n();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  const commit = () => {
    const digits = text.replace(/\D/g, '');
    const next = clampQty(digits ? Number(digits) : value, min, max);
    setText(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div class="stepper" aria-busy={busy || undefined}>
      <button
        type="button"
        class="stepper__button"
        aria-label={t('checkout.decrease')}
        aria-controls={id}
        disabled={disabled || value <= min}
        onClick={() => onChange(clampQty(value - 1, min, max))}
      >
        <Icon name="minus" size={18} />
      </button>
      <input
        id={id}
        class="stepper__input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        aria-label={label}
        value={text}
        disabled={disabled}
        onInput={(event) => setText((event.currentTarget as HTMLInputElement).value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <button
        type="button"
        class="stepper__button"
        aria-label={t('checkout.increase')}
        aria-controls={id}
        disabled={disabled || value >= max}
        onClick={() => onChange(clampQty(value + 1, min, max))}
      >
        <Icon name="plus" size={18} />
      </button>
    </div>
  );
}
