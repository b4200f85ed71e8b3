import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { authProblem, fieldOfInvalidInput, socialErrorKey } from './auth-errors';

const api = (status: number, code: string, message = '', retryAfter: number | null = null) => new ApiError(status, code, message, retryAfter);

describe("the server's error codes become messages", () => {
  it.each([
    [api(401, 'invalid_credentials'), 'login', { key: 'user.errInvalidCredentials' }],
    [api(401, 'invalid_credentials'), 'password', { field: 'oldPassword', key: 'user.errOldPassword' }],
    [api(409, 'username_taken'), 'register', { field: 'username', key: 'user.errUsernameTaken' }],
    [api(400, 'weak_password'), 'register', { field: 'password', key: 'user.errWeakPassword' }],
    [api(400, 'weak_password'), 'password', { field: 'newPassword', key: 'user.errWeakPassword' }],
    [api(400, 'no_password'), 'password', { key: 'user.errNoPassword' }],
    [api(401, 'unauthorized'), 'password', { key: 'user.errSessionEnded' }],
    [api(404, 'not_found'), 'login', { key: 'user.accountsUnavailable' }],
    [api(500, 'internal'), 'login', { key: 'errors.requestFailed' }],
    [api(0, 'network_error'), 'register', { key: 'errors.code.network_error' }],
    // A disabled account is told so (and to contact the shop), not "try again".
    [api(403, 'account_disabled'), 'login', { key: 'errors.code.account_disabled' }],
    [new Error('boom'), 'login', { key: 'errors.requestFailed' }],
  ] as const)('%s on the %s form', (error, form, expected) => {
    expect(authProblem(error, form)).toEqual(expected);
  });

  it('says how many seconds to wait after too many attempts', () => {
    expect(authProblem(api(429, 'too_many_attempts', 'slow down', 42), 'login')).toEqual({ key: 'user.errTooMany', params: { seconds: 42 } });
    expect(authProblem(api(429, 'too_many_attempts'), 'login')).toEqual({ key: 'user.errTooMany', params: { seconds: 60 } });
  });

  it('puts invalid_input next to the field its message names', () => {
    expect(authProblem(api(400, 'invalid_input', 'username "a b" must be 3 to 64 letters, digits or . _ - @'), 'register')).toEqual({
      field: 'username',
      key: 'user.errUsername',
    });
    expect(authProblem(api(400, 'invalid_input', '"som@x" is not an email address'), 'register')).toEqual({ field: 'username', key: 'user.errEmail' });
    expect(authProblem(api(400, 'invalid_input', '"12" is not a Thai phone number'), 'register')).toEqual({ field: 'phone', key: 'user.errPhone' });
    expect(authProblem(api(400, 'invalid_input', 'the name must have at most 100 characters'), 'register')).toEqual({ field: 'name', key: 'user.errName' });
    expect(authProblem(api(400, 'invalid_input', 'something else'), 'register')).toEqual({ key: 'user.errInvalidInput' });
  });

  it('never lets the quoted value decide the field', () => {
    expect(fieldOfInvalidInput('"phone name" is not an email address')).toBe('email');
    expect(fieldOfInvalidInput('username "my-email" must be 3 to 64 letters')).toBe('username');
  });

  it('maps the social sign-in error codes', () => {
    expect(socialErrorKey('cancelled')).toBe('user.errSocialCancelled');
    expect(socialErrorKey('state_mismatch')).toBe('user.errSocialState');
    expect(socialErrorKey('nonce_mismatch')).toBe('user.errSocialNonce');
    expect(socialErrorKey('id_token_invalid')).toBe('user.errSocialToken');
    expect(socialErrorKey('provider_error')).toBe('user.errSocialProvider');
    expect(socialErrorKey('anything_else')).toBe('user.errSocialProvider');
  });
});

describe('the reset form', () => {
  it('says a used or expired link plainly and puts a weak password next to the new one', () => {
    expect(authProblem(api(400, 'invalid_reset_link'), 'reset')).toEqual({ key: 'user.errResetLink' });
    expect(authProblem(api(400, 'weak_password'), 'reset')).toEqual({ field: 'newPassword', key: 'user.errWeakPassword' });
  });
});
