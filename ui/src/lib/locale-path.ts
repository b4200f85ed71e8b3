//! Language prefixes in URLs: English has none, the others live under /th /my /km /id
//! (docs/STOREFRONT.md §2).
import type { Locale } from '../api/types';

/** The server's locales (`Locale`), English first. */
export const LOCALE_CODES = ['en', 'th', 'my', 'km', 'id'] as const satisfies readonly Locale[];
export type LocaleCode = (typeof LOCALE_CODES)[number];
export const DEFAULT_LOCALE: LocaleCode = 'en';

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

/** Splits a pathname into its language and the path inside that language ('/th/about' → th, '/about'). */
export function splitLocalePath(pathname: string): { locale: LocaleCode; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLocaleCode(match[1])) {
    return { locale: match[1], path: match[2] || '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** The router base of a language: '' for English, '/th' for Thai… */
export function localeBase(code: LocaleCode): string {
  return code === DEFAULT_LOCALE ? '' : `/${code}`;
}

/** Puts a language-free path under a language prefix ('/about', th → '/th/about'; '/', th → '/th'). */
export function localizePath(code: LocaleCode, path: string): string {
  const inner = path.startsWith('/') ? path : `/${path}`;
  const base = localeBase(code);
  if (!base) return inner;
  return inner === '/' ? base : base + inner;
}

/** The same page in another language: replaces, adds or removes the prefix and keeps query and hash. */
export function switchLocalePath(
  location: { pathname: string; search?: string; hash?: string },
  code: LocaleCode,
): string {
  const { path } = splitLocalePath(location.pathname);
  return localizePath(code, path) + (location.search ?? '') + (location.hash ?? '');
}

/** Drops a trailing slash from a path ('/th/' → '/th', '/th/?a=1' → '/th?a=1'), keeping '/' itself. */
export function withoutTrailingSlash(href: string): string {
  return href.replace(/^(\/[^?#]*?)\/+(?=[?#]|$)/, '$1');
}
