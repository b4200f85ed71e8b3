import { describe, expect, it } from 'vitest';
import { accessDecision, accessOf } from './access-rules';

describe('which pages need a signed-in user (docs/STOREFRONT.md §4)', () => {
  it('knows the pages for users and for guests', () => {
    for (const path of ['/mobile/account', '/user/password', '/user/order', '/user/Order/']) expect(accessOf(path)).toBe('user');
    // Checkout is open to guests (guest checkout).
    expect(accessOf('/order')).toBeNull();
    for (const path of ['/user', '/user/login', '/user/register']) expect(accessOf(path)).toBe('guest');
    for (const path of ['/', '/cart', '/about', '/admin', '/user/other', '/mobile/info']) expect(accessOf(path)).toBeNull();
  });
});

describe('the access guard', () => {
  it.each([
    // access, status, decision
    [null, 'signedOut', 'show'],
    [null, 'loading', 'show'],
    ['user', 'unknown', 'wait'],
    ['user', 'loading', 'wait'],
    ['user', 'signedIn', 'show'],
    ['user', 'signedOut', 'login'],
    ['user', 'failed', 'notConnected'],
    ['guest', 'loading', 'wait'],
    ['guest', 'signedIn', 'home'],
    ['guest', 'signedOut', 'show'],
    ['guest', 'failed', 'show'],
  ] as const)('%s page, %s visitor → %s', (access, status, decision) => {
    expect(accessDecision(access, status)).toBe(decision);
  });
});
