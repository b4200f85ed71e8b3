//! Number, money and time formatting: the one place the UI turns values into text.

/** Groups an integer's digits by thousands with commas, as the Thai locale writes them. */
function group(digits: string): string {
  let out = '';
  for (let index = 0; index < digits.length; index++) {
    if (index > 0 && (digits.length - index) % 3 === 0) out += ',';
    out += digits[index];
  }
  return out;
}

/** `value × 10^places` on the decimal form (not the binary value), so 1.005 rounds up like Intl's. */
function shift(value: number, places: number): number {
  const text = String(value);
  return text.includes('e') ? value * 10 ** places : Number(`${text}e${places}`);
}

/** `Intl.NumberFormat` only past what `toFixed` writes without an exponent. */
const PLAIN_LIMIT = 1e15;
const fallbackFormatters = new Map<number, Intl.NumberFormat>();

/**
 * Formats a number in the Thai locale: integers without decimals, other values with two,
 * unless an explicit number of decimals is given. Written by hand rather than with
 * `Intl.NumberFormat`: building the Thai formatter loads ICU's locale data, which costs a
 * phone tens of milliseconds in the first render of every page (measured with Lighthouse).
 * Halves round away from zero on the number's shortest decimal form, as Intl does.
 */
export function formatNumber(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return '';
  const places = Math.max(0, Math.min(20, Math.trunc(decimals ?? (Number.isInteger(value) ? 0 : 2))));
  const size = Math.abs(value);
  if (size >= PLAIN_LIMIT) {
    let formatter = fallbackFormatters.get(places);
    if (!formatter) {
      formatter = new Intl.NumberFormat('th-TH', { minimumFractionDigits: places, maximumFractionDigits: places });
      fallbackFormatters.set(places, formatter);
    }
    return formatter.format(value);
  }
  const rounded = Math.round(shift(size, places));
  const fixed = shift(rounded, -places).toFixed(places);
  const [whole = fixed, fraction] = fixed.split('.');
  const sign = value < 0 && rounded > 0 ? '-' : '';
  return `${sign}${group(whole)}${fraction ? `.${fraction}` : ''}`;
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
