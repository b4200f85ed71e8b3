import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { errorCodeKey, errorText } from './error-message';
import { initI18n } from './i18n-store';
import type { Messages } from './types';

const root = path.resolve(__dirname, '../../..');
const readLocale = (code: string) => JSON.parse(readFileSync(path.join(root, 'locales', `${code}.json`), 'utf8')) as Messages;

/** The codes the server answers, read from its one list (src/http/error_codes.rs). */
function serverCodes(): string[] {
  const source = readFileSync(path.join(root, 'src/http/error_codes.rs'), 'utf8');
  const list = /pub const ERROR_CODES: &\[&str\] = &\[([\s\S]*?)\];/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/"([a-z0-9_]+)"/g)].map((m) => m[1]!);
}

describe('every error code has words in the shopper’s language', () => {
  beforeAll(() => initI18n('th', readLocale('th'), []));

  it('reads the server’s list', () => {
    expect(serverCodes().length).toBeGreaterThan(40);
    expect(serverCodes()).toContain('account_disabled');
  });

  it.each(['en', 'th', 'my', 'km', 'id'])('%s has a message for each code', (code) => {
    initI18n(code as 'th', readLocale(code), []);
    const missing = serverCodes().filter((c) => errorCodeKey(c) === null);
    expect(missing).toEqual([]);
  });

  it('shows the disabled account’s reason, not "try again"', () => {
    initI18n('th', readLocale('th'), []);
    const text = errorText(new ApiError(403, 'account_disabled', 'this account is disabled; please contact the shop'));
    expect(text).toBe(readLocale('th').errors.code.account_disabled);
  });

  it('falls back by status for a code the shop does not know, then to "try again"', () => {
    initI18n('en', readLocale('en'), []);
    expect(errorText(new ApiError(502, 'proxy_down', 'bad gateway'))).toBe(readLocale('en').errors.code.internal_error);
    expect(errorText(new ApiError(418, 'teapot', 'no'))).toBe(readLocale('en').errors.requestFailed);
    expect(errorText(new Error('boom'))).toBe(readLocale('en').errors.requestFailed);
    expect(errorCodeKey('Not a code')).toBeNull();
  });
});
