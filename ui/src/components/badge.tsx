//! A small count bubble on an icon (cart items, orders needing review). With a `label` the count
//! is said in words instead of the bare number (a plain span cannot carry an aria-label).
import { formatNumber } from '../lib/format';

type BadgeProps = { count: number; blink?: boolean; label?: string };

export function Badge({ count, blink = false, label }: BadgeProps) {
  const text = count > 99 ? '99+' : formatNumber(count);
  return (
    <span class={`badge${count > 0 ? ' badge--active' : ''}${blink && count > 0 ? ' badge--blink' : ''}`}>
      {label ? (
        <>
          <span aria-hidden="true">{text}</span>
          <span class="visually-hidden">{label}</span>
        </>
      ) : (
        text
      )}
    </span>
  );
}
