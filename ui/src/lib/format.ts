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

/**
 * The short month names of each language, January first: the same table as the server's
 * (`src/i18n.rs`), so pages, mails and papers name months alike. Keyed by the BCP 47 tag
 * (`ms` is Malay); Khmer months have no short form.
 */
const MONTHS: Record<string, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
  ms: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ogo', 'Sep', 'Okt', 'Nov', 'Dis'],
  km: ['មករា', 'កុម្ភៈ', 'មីនា', 'មេសា', 'ឧសភា', 'មិថុនា', 'កក្កដា', 'សីហា', 'កញ្ញា', 'តុលា', 'វិច្ឆិកា', 'ធ្នូ'],
  id: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
};

function language(locale: string): string {
  const base = locale.toLowerCase().split('-')[0] ?? 'en';
  return base === 'my' ? 'ms' : base;
}

/** The short name of a month (1–12) in `locale` (a BCP 47 tag or a shop code). */
export function monthName(month: number, locale = 'en'): string {
  const months = MONTHS[language(locale)] ?? MONTHS.en ?? [];
  return months[Math.min(Math.max(month, 1), 12) - 1] ?? '';
}

/** The year as `locale` counts it: Thai in the Buddhist era (พ.ศ., year + 543). */
export function yearIn(year: number, locale = 'en'): number {
  return language(locale) === 'th' ? year + 543 : year;
}

/**
 * The shop's one date rule (the server's `Locale::date_time`): 'D MMM YYYY kk:mm' from the
 * parts of a clock, hours 01–24 (moment's `kk`), the month's short name in `locale`, Thai years
 * in the Buddhist era.
 */
export function formatDateParts(p: { year: number; month: number; day: number; hour: number; minute: number }, locale = 'en'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const hour = p.hour === 0 ? 24 : p.hour;
  return `${p.day} ${monthName(p.month, locale)} ${yearIn(p.year, locale)} ${pad(hour)}:${pad(p.minute)}`;
}

/** Formats a time on this device's clock by the shop's date rule ('D MMM YYYY kk:mm'). */
export function formatLogTime(date: Date, locale = 'en-GB'): string {
  return formatDateParts(
    { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours(), minute: date.getMinutes() },
    locale,
  );
}
