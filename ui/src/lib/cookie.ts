//! The language cookie the server reads to redirect `/` to the stored language (docs/STOREFRONT.md
//! §9).

export const LANGUAGE_COOKIE = 'i18n_redirected';
const ONE_YEAR_SECONDS = 31536000;

export function languageCookie(code: string): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(code)}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax`;
}

export function writeLanguageCookie(code: string): void {
  document.cookie = languageCookie(code);
}
