//! Times and days on the shop's clock for the staff pages: 'D MMM YYYY kk:mm' (docs/STOREFRONT.md
//! §9) with the month in the viewer's language, shop days (YYYY-MM-DD in Bangkok, as the server's
//! filters and reports count them) and day arithmetic. Kept in the admin chunk, out of the
//! storefront's first load; the app hands these to the staff pages.

import { formatDateParts, monthName, yearIn } from '../../lib/format';

/** The shop's time zone: shop days (order filters, reports, the activity log's day) are Bangkok days. */
export const SHOP_TIME_ZONE = 'Asia/Bangkok';

const zonedFormatters = new Map<string, { parts: Intl.DateTimeFormat }>();

function zoned(locale: string, timeZone: string) {
  const key = `${locale}|${timeZone}`;
  let found = zonedFormatters.get(key);
  if (!found) {
    found = {
      // Gregorian numbers in Latin digits whatever the language (Thai would count Buddhist years).
      parts: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      }),
    };
    zonedFormatters.set(key, found);
  }
  return found;
}

function partsIn(date: Date, timeZone: string) {
  const out: Record<string, number> = {};
  for (const part of zoned('en-GB', timeZone).parts.formatToParts(date)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return { year: out.year ?? 0, month: out.month ?? 1, day: out.day ?? 1, hour: out.hour ?? 0, minute: out.minute ?? 0 };
}

/**
 * 'D MMM YYYY kk:mm' (docs/STOREFRONT.md §9) as the clock shows it in a time zone (the shop's, by
 * default), by the shop's one date rule (`formatDateParts`): the month's short name in `locale`
 * ('th' → 'พ.ย.', 'km' → 'វិច្ឆិកា') and, in Thai, the Buddhist-era year.
 */
export function formatShopTime(ms: number, locale = 'en-GB', timeZone = SHOP_TIME_ZONE): string {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  return formatDateParts(partsIn(new Date(ms), timeZone), locale);
}

/** The shop day (YYYY-MM-DD, in the shop's time zone) of a moment. */
export function shopDay(ms: number, timeZone = SHOP_TIME_ZONE): string {
  const p = partsIn(new Date(ms), timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** A day 'YYYY-MM-DD' moved by `days` (negative: back), calendar arithmetic only. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

/** Is this text a real calendar day written 'YYYY-MM-DD'? */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return addDays(text, 0) === text;
}

/** A shop day 'YYYY-MM-DD' as 'D MMM YYYY' by the shop's date rule (month in `locale`, Thai years in the Buddhist era); '' if not a day. */
export function formatDay(day: string, locale = 'en-GB', withYear = true): string {
  if (!isDay(day)) return '';
  const [y, m, d] = day.split('-').map(Number);
  const month = monthName(m ?? 1, locale);
  return withYear ? `${d} ${month} ${yearIn(y ?? 1970, locale)}` : `${d} ${month}`;
}
