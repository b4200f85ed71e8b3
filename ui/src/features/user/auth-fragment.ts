//! The end of a social sign-in: the server sends the browser to `/#kiosk_token=<jwt>&next=<path>`
//! or `/#kiosk_login_error=<code>`. At start-up the token is stored, the fragment removed from the
//! address (so it is neither bookmarked nor shared) and the visitor sent to `next` when it is a
//! safe relative path (docs/STOREFRONT.md §5), else home; an error sends them to the login page.
import { isSafeRedirect } from '../../lib/url-rules';

export type AuthFragment = { kind: 'token'; token: string; next: string | null } | { kind: 'error'; code: string };

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const ERROR_CODE = /^[a-z_]{1,40}$/;

/** Reads a sign-in fragment; null when the hash is anything else (a page anchor…). */
export function parseAuthFragment(hash: string): AuthFragment | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!/(^|&)kiosk_(token|login_error)=/.test(text)) return null;
  const params = new URLSearchParams(text);
  const error = params.get('kiosk_login_error');
  if (error !== null) return { kind: 'error', code: ERROR_CODE.test(error) ? error : 'provider_error' };
  const token = params.get('kiosk_token') ?? '';
  if (!JWT.test(token)) return { kind: 'error', code: 'provider_error' };
  const next = params.get('next');
  return { kind: 'token', token, next: isSafeRedirect(next) ? next : null };
}
