//! Number, money and time formatting: the one place the UI turns values into text.

const formatters = new Map<number, Intl.NumberFormat>();

function formatterFor(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('th-TH', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(decimals, formatter);
  }
  return formatter;
}

/**
 * Formats a number in the Thai locale: integers without decimals, other values with two,
 * unless an explicit number of decimals is given.
 */
export function formatNumber(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return '';
  const places = decimals ?? (Number.isInteger(value) ? 0 : 2);
  return formatterFor(Math.max(0, Math.min(20, Math.trunc(places)))).format(value);
}

/** Formats integer satang (฿1 = 100 satang) as baht. */
export function formatMoney(satang: number, symbol = '฿'): string {
  if (!Number.isFinite(satang)) return '';
  const text = formatNumber(Math.abs(satang) / 100);
  return `${satang < 0 ? '-' : ''}${symbol}${text}`;
}

const monthFormatters = new Map<string, Intl.DateTimeFormat>();

/** Formats an activity-log time as 'D MMM YYYY kk:mm' (hours 01–24, as moment's `kk`). */
export function formatLogTime(date: Date, locale = 'en-GB'): string {
  let months = monthFormatters.get(locale);
  if (!months) {
    months = new Intl.DateTimeFormat(locale, { month: 'short' });
    monthFormatters.set(locale, months);
  }
  const hour = date.getHours() === 0 ? 24 : date.getHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getDate()} ${months.format(date)} ${date.getFullYear()} ${pad(hour)}:${pad(date.getMinutes())}`;
}
