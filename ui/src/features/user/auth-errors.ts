//! Turns a failed account request into the message to show, by the server's error code
//! (the error shape of docs/API.md) — next to a field when the error concerns one, else above the
//! form.
import { ApiError } from '../../api/client';
import { errorCodeKey } from '../../i18n/error-message';
import type { MessageKey } from '../../i18n/types';

export type AuthForm = 'login' | 'register' | 'password' | 'reset';
export type AuthProblem = { field?: string; key: MessageKey; params?: Record<string, number> };

/** Seconds to wait when a 429 carries no Retry-After header. */
export const DEFAULT_RETRY_SECONDS = 60;

/** Which field an `invalid_input` message names ("username \"x\" must be…", "\"x\" is not a Thai phone number"). */
export function fieldOfInvalidInput(message: string): 'username' | 'email' | 'phone' | 'name' | 'password' | null {
  // The rejected value is quoted in the message; it must not decide the field.
  const text = message.replace(/"(?:[^"\\]|\\.)*"/g, '""').toLowerCase();
  if (/\busername\b/.test(text)) return 'username';
  if (/\bemail\b/.test(text)) return 'email';
  if (/\bphone\b/.test(text)) return 'phone';
  if (/\bpassword\b/.test(text)) return 'password';
  if (/\bname\b/.test(text)) return 'name';
  return null;
}

const INVALID_FIELD_MESSAGE: Record<string, MessageKey> = {
  username: 'user.errUsername',
  email: 'user.errEmail',
  phone: 'user.errPhone',
  name: 'user.errName',
  password: 'user.errWeakPassword',
};

export function authProblem(error: unknown, form: AuthForm): AuthProblem {
  if (!(error instanceof ApiError)) return { key: 'errors.requestFailed' };
  const passwordField = form === 'password' || form === 'reset' ? 'newPassword' : 'password';
  switch (error.code) {
    case 'invalid_credentials':
      return form === 'password' ? { field: 'oldPassword', key: 'user.errOldPassword' } : { key: 'user.errInvalidCredentials' };
    case 'too_many_attempts':
      return { key: 'user.errTooMany', params: { seconds: error.retryAfter ?? DEFAULT_RETRY_SECONDS } };
    case 'username_taken':
    case 'username_reserved': // the shop's own names (admin, support…) are taken by the shop
      return { field: 'username', key: 'user.errUsernameTaken' };
    case 'weak_password':
      return { field: passwordField, key: 'user.errWeakPassword' };
    case 'no_password':
      return { key: 'user.errNoPassword' };
    case 'invalid_reset_link':
      return { key: 'user.errResetLink' };
    case 'unauthorized':
      return { key: 'user.errSessionEnded' };
    case 'invalid_input': {
      const field = fieldOfInvalidInput(error.message);
      if (!field || (form !== 'register' && field !== 'password')) return { key: 'user.errInvalidInput' };
      // The email is taken from the "username or email" field.
      const target = field === 'email' ? 'username' : field === 'password' ? passwordField : field;
      return { field: target, key: INVALID_FIELD_MESSAGE[field]! };
    }
    default:
      if (error.status === 404) return { key: 'user.accountsUnavailable' };
      // Every other code has its own words (a disabled account: "contact the shop").
      return { key: errorCodeKey(error.code) ?? 'errors.requestFailed' };
  }
}

/** The message for a `kiosk_login_error` code the server puts in the address after a social sign-in. */
export function socialErrorKey(code: string): MessageKey {
  if (code === 'cancelled') return 'user.errSocialCancelled';
  if (code === 'state_mismatch') return 'user.errSocialState';
  if (code === 'nonce_mismatch') return 'user.errSocialNonce';
  if (code === 'id_token_invalid') return 'user.errSocialToken';
  return 'user.errSocialProvider';
}
