//! The order desk's filters and the URL: status (or the "paid, not shipped" shortcut), shop days
//! from/to, payment method, channel and the search text live in the query string, so a filtered
//! desk survives a reload and can be shared. Values the server would refuse are dropped on the way
//! in, defaults are left out, and the keys always come in one order.
import type { OrderStatus } from '../../api/types';

/** Is this text a real calendar day written YYYY-MM-DD? */
function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

export const ORDER_STATUSES: readonly OrderStatus[] = ['pending_payment', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled'];
export const PAYMENT_METHODS = ['promptpay', 'bank_transfer'] as const;

/** "Paid, not shipped": paid or being prepared — what the packing table works through. */
export const UNSHIPPED = 'unshipped';
export type StatusFilter = OrderStatus | typeof UNSHIPPED | '';

/** The status chips, in the order the desk shows them ('' is every order). */
export const STATUS_CHIPS: readonly StatusFilter[] = ['', UNSHIPPED, 'pending_payment', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled'];

export type DeskFilters = {
  status: StatusFilter;
  /** First shop day, YYYY-MM-DD, or ''. */
  from: string;
  /** Last shop day, YYYY-MM-DD, or ''. */
  to: string;
  payment: string;
  kcard: string;
  q: string;
};

export const NO_FILTERS: DeskFilters = { status: '', from: '', to: '', payment: '', kcard: '', q: '' };

const KEYS = ['status', 'from', 'to', 'payment', 'kcard', 'q'] as const;

function isStatusFilter(value: string): value is StatusFilter {
  return (STATUS_CHIPS as readonly string[]).includes(value);
}

/** Reads the desk's filters from a query string ('?status=paid&q=0812'); bad values are dropped. */
export function parseDeskFilters(search: string): DeskFilters {
  const params = new URLSearchParams(search);
  const text = (key: string, max: number) => (params.get(key) ?? '').trim().slice(0, max);
  const status = text('status', 40);
  let from = text('from', 10);
  let to = text('to', 10);
  if (!isDay(from)) from = '';
  if (!isDay(to)) to = '';
  // A range backwards is a typo: keep the first day only.
  if (from && to && from > to) to = '';
  const payment = text('payment', 40);
  return {
    status: isStatusFilter(status) ? status : '',
    from,
    to,
    payment: (PAYMENT_METHODS as readonly string[]).includes(payment) ? payment : '',
    kcard: text('kcard', 64),
    q: text('q', 100),
  };
}

/** The query string of the desk's own URL ('' for no filters), keys in one fixed order. */
export function deskSearch(filters: DeskFilters): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function hasFilters(filters: DeskFilters): boolean {
  return KEYS.some((key) => filters[key].trim() !== '');
}

/**
 * The server's query strings for these filters, one per status the desk asks for: the
 * "paid, not shipped" shortcut is two (paid, preparing), merged by the desk.
 */
export function serverQueries(filters: DeskFilters): string[] {
  const statuses: string[] = filters.status === UNSHIPPED ? ['paid', 'preparing'] : [filters.status];
  return statuses.map((status) => {
    const params = new URLSearchParams();
    if (status) params.set('status', status);
    for (const key of ['from', 'to', 'payment', 'kcard', 'q'] as const) {
      const value = filters[key].trim();
      if (value) params.set(key, value);
    }
    return params.toString();
  });
}
