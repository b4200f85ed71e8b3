//! The words for a refused or failed request, by the server's error `code` (docs/API.md): every
//! code the API answers has a message in the five languages, under `errors.code` (a shopper can
//! meet it; these travel with every page) or `admin.errorCodes` (staff only; loaded with the staff
//! area). The client's own codes (`network_error`, `http_error`, `bad_response`) are there too.
import { ApiError } from '../api/client';
import { t } from './i18n-store';
import type { MessageKey } from './types';

const CODE = /^[a-z][a-z0-9_]{0,63}$/;

/** The message key of an error code when the language has one, else null. */
export function errorCodeKey(code: string): MessageKey | null {
  if (!CODE.test(code)) return null;
  for (const key of [`errors.code.${code}`, `admin.errorCodes.${code}`] as MessageKey[]) {
    if (t(key) !== key) return key;
  }
  return null;
}

/** The code a failure stands for: the server's, or the client's own for a network failure. */
function codeOf(error: unknown): string | null {
  if (error instanceof ApiError) return error.code;
  return null;
}

/** What to tell the shopper (or staff) about a failed request, in their language. */
export function errorText(error: unknown, fallback: MessageKey = 'errors.requestFailed'): string {
  const code = codeOf(error);
  const key = code ? errorCodeKey(code) : null;
  if (key) return t(key);
  // A code the shop does not know (a proxy's answer): say what its status means.
  if (error instanceof ApiError) {
    const byStatus = error.status >= 500 ? 'internal_error' : error.status === 403 ? 'forbidden' : error.status === 404 ? 'not_found' : null;
    const statusKey = byStatus ? errorCodeKey(byStatus) : null;
    if (statusKey) return t(statusKey);
  }
  return t(fallback);
}
