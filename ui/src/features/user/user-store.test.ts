import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../components/toast-store';
import {
  afterSignInPath,
  coin,
  coinShown,
  coinSpend,
  consumeAuthFragment,
  effectiveRole,
  isAdminRole,
  isLocalUser,
  loadUser,
  logout,
  orderForReview,
  peekRedirect,
  rememberRedirect,
  socialError,
  startSession,
  takeRedirect,
  userinfo,
} from './user-store';

afterEach(() => vi.unstubAllGlobals());

describe('redirect after sign-in', () => {
  it('returns a remembered safe path once', () => {
    rememberRedirect('/th/search?keyword=sofa');
    expect(takeRedirect()).toBe('/th/search?keyword=sofa');
    expect(takeRedirect()).toBe('/');
  });

  it('never remembers an unsafe target, and ignores a tampered one', () => {
    rememberRedirect('//evil.example.com');
    expect(takeRedirect()).toBe('/');
    window.localStorage.setItem('kiosk.redirect', 'https://evil.example.com');
    expect(takeRedirect()).toBe('/');
  });
});

describe('where to go after signing in', () => {
  it('goes to the remembered page, in the language chosen meanwhile', () => {
    expect(afterSignInPath('/th/user/password', 'th')).toBe('/th/user/password');
    expect(afterSignInPath('/about?x=1#top', 'km')).toBe('/km/about?x=1#top');
    expect(afterSignInPath('/th/search?keyword=sofa', 'en')).toBe('/search?keyword=sofa');
  });

  it('goes home in the current language otherwise', () => {
    expect(afterSignInPath(null, 'th')).toBe('/th');
    expect(afterSignInPath('/', 'id')).toBe('/id');
    expect(afterSignInPath('//evil.example.com', 'en')).toBe('/');
  });

  it('peeks without taking', () => {
    rememberRedirect('/my/about');
    expect(peekRedirect()).toBe('/my/about');
    expect(takeRedirect()).toBe('/my/about');
    expect(peekRedirect()).toBeNull();
  });
});

describe('roles and coins', () => {
  it('treats roles beginning with "admin" as admin', () => {
    expect(isAdminRole('admin')).toBe(true);
    expect(isAdminRole('admin-sales')).toBe(true);
    expect(isAdminRole('user')).toBe(false);
    expect(isAdminRole('superadmin')).toBe(false);
    expect(isAdminRole(undefined)).toBe(false);
  });

  it("uses 'user' as the effective role unless a signed-in user has one", () => {
    expect(effectiveRole({ status: 'signedOut', user: null })).toBe('user');
    expect(effectiveRole({ status: 'signedIn', user: { id: 1, username: 'a', name: 'A', role: null } })).toBe('user');
    expect(effectiveRole({ status: 'signedIn', user: { id: 1, username: 'a', name: 'A', role: 'admin' } })).toBe('admin');
  });

  it('knows local accounts, which have a password to change', () => {
    expect(isLocalUser({ id: 1, username: 'a', name: 'A', provider: 'local' })).toBe(true);
    expect(isLocalUser({ id: 1, username: 'a', name: 'A' })).toBe(true);
    expect(isLocalUser({ id: 1, username: 'g', name: 'G', provider: 'google' })).toBe(false);
    expect(isLocalUser(null)).toBe(false);
  });

  it('shows coin minus coin spent', () => {
    expect(coinShown(120, 20)).toBe(100);
    expect(coinShown(50, 0)).toBe(50);
  });
});

describe('loadUser', () => {
  it('is signed out without a token and asks nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await loadUser();
    expect(userinfo.get().status).toBe('signedOut');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends kcard and the bearer token, and treats a failure as signed out', async () => {
    window.localStorage.setItem('kiosk.token', 'abc');
    window.localStorage.setItem('kiosk.kcard', 'kiosk-3');
    const fetchMock = vi.fn(async () => new Response('{"status":"error","error":{"code":"unauthorized","message":"no"}}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    await loadUser();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ kcard: 'kiosk-3', Authorization: 'Bearer abc' });
    expect(userinfo.get().status).toBe('signedOut');
    expect(window.localStorage.getItem('kiosk.token')).toBeNull();
  });

  it('stores the signed-in user', async () => {
    window.localStorage.setItem('kiosk.token', 'abc');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/user'
          ? Response.json({ status: 'success', data: { id: 7, username: 'som', name: 'Som', role: 'user', provider: 'local', userInfo: { id: 7, coin: 40 } } })
          : Response.json({ status: 'success', count: 2 }),
      ),
    );
    await loadUser();
    expect(userinfo.get()).toMatchObject({ status: 'signedIn', user: { name: 'Som' } });
  });
});

describe('session', () => {
  it('keeps the token when the user cannot be fetched for another reason than 401', async () => {
    window.localStorage.setItem('kiosk.token', 'abc');
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ status: 'error', error: { code: 'internal', message: 'x' } }, { status: 500 })));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await loadUser();
    expect(userinfo.get().status).toBe('failed');
    expect(window.localStorage.getItem('kiosk.token')).toBe('abc');
  });

  it('takes the coins from the user info and counts a failed review count as 0', async () => {
    window.localStorage.setItem('kiosk.token', 'abc');
    orderForReview.set(3);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/user'
          ? Response.json({ status: 'success', data: { id: 7, username: 'som', name: 'Som', role: 'user', provider: 'local', userInfo: { id: 7, coin: 40 } } })
          : Response.json({ status: 'error', error: { code: 'not_found', message: 'no orders yet' } }, { status: 404 }),
      ),
    );
    await loadUser();
    expect(coin.get()).toBe(40);
    await vi.waitFor(() => expect(orderForReview.get()).toBe(0));
  });

  it('does not keep a token whose user cannot be fetched', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ status: 'error', error: { code: 'unauthorized', message: 'x' } }, { status: 401 })));
    await expect(startSession('tok')).rejects.toThrow();
    expect(window.localStorage.getItem('kiosk.token')).toBeNull();
  });

  it('logs out on the server with the token, then forgets it everywhere', async () => {
    window.localStorage.setItem('kiosk.token', 'abc');
    userinfo.set({ status: 'signedIn', user: { id: 1, username: 'a', name: 'A' } });
    coin.set(50);
    coinSpend.set(10);
    const fetchMock = vi.fn(async () => Response.json({ status: 'success' }));
    vi.stubGlobal('fetch', fetchMock);
    logout();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc' });
    expect(window.localStorage.getItem('kiosk.token')).toBeNull();
    expect(userinfo.get().status).toBe('signedOut');
    expect(coinShown(coin.get(), coinSpend.get())).toBe(0);
  });
});

describe('the end of a social sign-in', () => {
  const JWT = 'aaa.bbb.ccc';

  it('stores the token, removes the fragment and goes to next', () => {
    window.history.replaceState(null, '', `/th#kiosk_token=${JWT}&next=%2Fth%2Fabout`);
    rememberRedirect('/th/cart');
    consumeAuthFragment();
    expect(window.localStorage.getItem('kiosk.token')).toBe(JWT);
    expect(window.location.pathname).toBe('/th/about');
    expect(window.location.hash).toBe('');
    expect(peekRedirect()).toBeNull();
  });

  it('goes home in the language of the address when next is unsafe', () => {
    window.history.replaceState(null, '', `/km#kiosk_token=${JWT}&next=%2F%2Fevil.example.com`);
    consumeAuthFragment();
    expect(window.location.pathname + window.location.hash).toBe('/km');
  });

  it('shows an error and goes to the login page', () => {
    window.history.replaceState(null, '', '/th#kiosk_login_error=cancelled');
    consumeAuthFragment();
    expect(window.localStorage.getItem('kiosk.token')).toBeNull();
    expect(window.location.pathname + window.location.hash).toBe('/th/user/login');
    expect(socialError.get()).toBe('cancelled');
    expect(toasts.get().at(-1)).toMatchObject({ kind: 'error', message: 'Sign-in was cancelled.' });
    socialError.set(null);
  });

  it('leaves any other address alone', () => {
    window.history.replaceState(null, '', '/about#team');
    consumeAuthFragment();
    expect(window.location.pathname + window.location.hash).toBe('/about#team');
  });
});
