import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartamt, cartOwner } from '../features/cart/cart-store';
import { cartQuote, IDLE_QUOTE } from '../features/cart/checkout-state';
import { shopCoupons } from '../features/promotions/promotions-store';
import { coinSpend, coupons, forgetSession, userinfo } from '../features/user/user-store';
import { makeCart, makeCartQuote, makeLine } from '../testing/carts';
import { jsonResponse } from '../testing/products';
import { startCartSession } from './cart-session';

const MID = '3f2c8a4e-9b1d-4c6e-8f7a-2d5b9e1c0a47';
const COUPONS = [{ code: 'WELCOME500', discount: { kind: 'amount', value: 50_000 }, minSpend: 500_000, endsAt: 1_830_297_600 }];

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

function serve() {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/app/coupons') return jsonResponse({ status: 'success', count: 1, coupons: COUPONS });
    if (url === `/api/app/cart/get/${MID}`) return jsonResponse({ status: 'success', cart: makeCart(MID, [makeLine('CH-3101', { qty: 2 })]) });
    if (url === '/api/app/cart/merge/') return jsonResponse({ status: 'success', cart: makeCart('7', [makeLine('SF-1001'), makeLine('CH-3101', { qty: 2 })]) });
    return jsonResponse({ status: 'error', error: { code: 'not_found', message: url } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

describe('the cart follows the user', () => {
  it('shows the visitor cart, merges it on sign-in, and shows the visitor cart again after sign-out', async () => {
    window.localStorage.setItem('kiosk.mid', MID);
    const fetch = serve();
    userinfo.set({ status: 'loading', user: null });
    stop = startCartSession();
    // While the user loads, no cart is asked for: it could be the wrong one.
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain(`/api/app/cart/get/${MID}`);

    userinfo.set({ status: 'signedOut', user: null });
    await until(() => cartamt.get() === 2);
    expect(cartOwner()).toBe(MID);

    userinfo.set({ status: 'signedIn', user: { id: 7, username: 'somchai', name: 'Somchai' } });
    await until(() => cartamt.get() === 3);
    const merge = fetch.mock.calls.find(([url]) => url === '/api/app/cart/merge/')!;
    expect(JSON.parse(String(merge[1]!.body))).toEqual({ uid: '7', mid: MID });
    expect(cartOwner()).toBe('7');

    forgetSession();
    await until(() => cartOwner() === MID && cartamt.get() === 2);
  });

  it('shows the shop coupons in the header and keeps them across a sign-out', async () => {
    serve();
    shopCoupons.store.set({ status: 'idle', data: null, error: null });
    coupons.set([]);
    userinfo.set({ status: 'signedIn', user: { id: 7, username: 'somchai', name: 'Somchai' } });
    stop = startCartSession();
    await until(() => coupons.get().length === 1);
    expect(coupons.get()[0]!.code).toBe('WELCOME500');
    forgetSession();
    expect(coupons.get().map((coupon) => coupon.code)).toEqual(['WELCOME500']);
  });

  it('spends in the header the coins the checkout quote uses (docs/STOREFRONT.md §9)', () => {
    serve();
    stop = startCartSession();
    cartQuote.set({ ...IDLE_QUOTE, status: 'ready', quote: makeCartQuote({ coins: 12_000 }) });
    expect(coinSpend.get()).toBe(120);
    // While a new quote is on its way the header keeps the last known amount.
    cartQuote.set((state) => ({ ...state, status: 'loading' }));
    expect(coinSpend.get()).toBe(120);
    cartQuote.set(IDLE_QUOTE);
    expect(coinSpend.get()).toBe(0);
  });
});
