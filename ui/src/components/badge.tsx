//! A small count bubble on an icon (cart items, orders needing review).
import { formatNumber } from '../lib/format';

type BadgeProps = { count: number; blink?: boolean; label?: string };

export function Badge({ count, blink = false, label }: BadgeProps) {
  return (
    <span class={`badge${count > 0 ? ' badge--active' : ''}${blink && count > 0 ? ' badge--blink' : ''}`} aria-label={label}>
      {count > 99 ? '99+' : formatNumber(count)}
    </span>
  );
}
