//! The router's location hook: the browser location, except that links and navigation never end
//! in a slash, so home under a language is '/th' (the router base plus '/') and not '/th/'.
import { navigate, usePathname, type BrowserLocationHook } from 'wouter/use-browser-location';
import { withoutTrailingSlash } from '../lib/locale-path';

const navigateClean: typeof navigate = (to, options) => navigate(withoutTrailingSlash(String(to)), options);

export const useKioskLocation: BrowserLocationHook = (options) => [usePathname(options), navigateClean];

export function cleanHref(href: string): string {
  return withoutTrailingSlash(href);
}
