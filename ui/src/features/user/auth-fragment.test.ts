import { describe, expect, it } from 'vitest';
import { parseAuthFragment } from './auth-fragment';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('the fragment a social sign-in ends with', () => {
  it('reads the token and a safe next path', () => {
    expect(parseAuthFragment(`#kiosk_token=${JWT}&next=%2Fth%2Fabout%3Fa%3D1`)).toEqual({ kind: 'token', token: JWT, next: '/th/about?a=1' });
    expect(parseAuthFragment(`#kiosk_token=${JWT}`)).toEqual({ kind: 'token', token: JWT, next: null });
  });

  it('drops an unsafe next path (docs/STOREFRONT.md §5) but keeps the token', () => {
    for (const next of ['//evil.example.com', 'https://evil.example.com', '/\\evil.example.com', 'javascript:alert(1)']) {
      expect(parseAuthFragment(`#kiosk_token=${JWT}&next=${encodeURIComponent(next)}`)).toEqual({ kind: 'token', token: JWT, next: null });
    }
  });

  it('reads an error code', () => {
    expect(parseAuthFragment('#kiosk_login_error=cancelled')).toEqual({ kind: 'error', code: 'cancelled' });
    expect(parseAuthFragment('#kiosk_login_error=%3Cscript%3E')).toEqual({ kind: 'error', code: 'provider_error' });
  });

  it('treats a malformed token as a failed sign-in', () => {
    expect(parseAuthFragment('#kiosk_token=not-a-jwt')).toEqual({ kind: 'error', code: 'provider_error' });
    expect(parseAuthFragment('#kiosk_token=')).toEqual({ kind: 'error', code: 'provider_error' });
  });

  it('ignores any other fragment', () => {
    expect(parseAuthFragment('')).toBeNull();
    expect(parseAuthFragment('#')).toBeNull();
    expect(parseAuthFragment('#results')).toBeNull();
    expect(parseAuthFragment('#token=abc')).toBeNull();
  });
});
