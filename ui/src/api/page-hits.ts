//! Counting visits without cookies (docs/INSIGHTS.md): a storefront URL's `?kcard=NAME` names
//! the channel the visitor came by (a LINE post, an ad, a flyer's QR code); it is kept as the
//! `kcard` every request sends. The app tells the server once per page it shows — the page the
//! server sent (`first`: the server counted it, the beacon only says a browser runs the app)
//! and each page reached inside the app. Nothing is sent anywhere else.
import { writeStorage, STORAGE_KEYS } from '../lib/storage';
import { requestHeaders } from './client';

/** The rule the server applies too: ASCII letters, digits and `-`, at most 32. */
export const KCARD_PATTERN = /^[A-Za-z0-9-]{1,32}$/;

/** Keeps the channel a URL names (`?kcard=`); anything not matching the rule is ignored. */
export function rememberChannel(search: string): string | null {
  const named = new URLSearchParams(search).get('kcard');
  if (named === null || !KCARD_PATTERN.test(named)) return null;
  writeStorage(STORAGE_KEYS.kcard, named);
  return named;
}

/** Whether a path is a storefront page (the staff area is not counted). */
function counted(path: string): boolean {
  return !/^\/(?:[a-z]{2}\/)?admin(?:\/|$)/.test(path);
}

/** Tells the server the app shows `path` (with its query); never throws, never waits. */
export function sendPageHit(path: string, first: boolean): void {
  if (!counted(path) || typeof fetch !== 'function') return;
  // Who is signed in plays no part in counting: the token is not sent.
  const headers = requestHeaders();
  delete headers.Authorization;
  void fetch('/api/insights/hit', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ path, first }),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}
