//! Order times in the log format 'D MMM YYYY kk:mm' (docs/STOREFRONT.md §9), month names in the
//! current language.
import { htmlLangOf } from '../../i18n/i18n-store';
import { formatLogTime } from '../../lib/format';
import type { LocaleCode } from '../../lib/locale-path';

export function orderTime(ms: number, locale: LocaleCode): string {
  return ms > 0 ? formatLogTime(new Date(ms), htmlLangOf(locale)) : '';
}

/** The machine-readable form for `<time datetime>`. */
export function isoTime(ms: number): string | undefined {
  return ms > 0 ? new Date(ms).toISOString() : undefined;
}
