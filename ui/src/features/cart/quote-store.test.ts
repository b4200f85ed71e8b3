import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { jsonResponse } from '../../testing/products';
import { makeCart, makeLine, makeQuote } from '../../testing/carts';
import { replaceCart } from './cart-store';
import { checkoutProblem } from './checkout-errors';
import { cartQuote, checkoutDraft, coinsInQuote, resetCheckout } from './checkout-state';
import { applyCoins, applyCoupon, refreshQuote } from './quote-store';

afterEach(() => {
  vi.unstubAllGlobals();
  resetCheckout();
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

function quoteServer(handler: (body: Record<string, unknown>) => Response) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => handler(bodyOf(init)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const rejected = (code: string, message: string) => jsonResponse({ status: 'error', error: { code, message } }, 400);

describe('the live quote', () => {
  it('asks the server with the cart id, choices and language, once per question', async () => {
    replaceCart(makeCart('7', [makeLine('SF-1001'), makeLine('CH-3101', { qty: 2 })]));
    const fetch = quoteServer(() => jsonResponse({ status: 'success', quote: makeQuote() }));
    await refreshQuote('th');
    await refreshQuote('th');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(bodyOf(fetch.mock.calls[0]![1])).toEqual({ id: '7', lang: 'th' });
    expect(cartQuote.get()).toMatchObject({ status: 'ready', quote: { total: 2_811_000 } });

    applyCoupon(' welcome500 ');
    applyCoins(120);
    await refreshQuote('th');
    expect(bodyOf(fetch.mock.calls[1]![1])).toEqual({ id: '7', coupon: 'WELCOME500', coins: 120, lang: 'th' });
  });

  it('drops a coupon the server refuses, keeps its message for the field and quotes again without it', async () => {
    replaceCart(makeCart('7', [makeLine('SF-1001')]));
    const fetch = quoteServer((body) =>
      body.coupon ? rejected('unknown_coupon', 'coupon: NOPE does not exist') : jsonResponse({ status: 'success', quote: makeQuote() }),
    );
    applyCoupon('NOPE');
    await refreshQuote('en');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(checkoutDraft.get().coupon).toBeNull();
    expect(cartQuote.get().couponError).toEqual({ field: 'coupon', key: 'checkout.errUnknownCoupon' });
    expect(cartQuote.get().status).toBe('ready');
  });

  it('drops coins the server refuses the same way, and counts the coins a quote spends', async () => {
    replaceCart(makeCart('7', [makeLine('SF-1001')]));
    quoteServer((body) =>
      Number(body.coins) > 50 ? rejected('not_enough_coins', 'you have 50 coins; 80 cannot be used') : jsonResponse({ status: 'success', quote: makeQuote({ coins: Number(body.coins ?? 0) * 100 }) }),
    );
    applyCoins(80);
    await refreshQuote('en');
    expect(checkoutDraft.get().coins).toBe(0);
    expect(cartQuote.get().coinError?.key).toBe('checkout.errNotEnoughCoins');
    applyCoins(50);
    expect(cartQuote.get().coinError).toBeNull();
    await refreshQuote('en');
    expect(coinsInQuote(cartQuote.get())).toBe(50);
  });

  it('ignores an answer that arrives after a newer question', async () => {
    replaceCart(makeCart('7', [makeLine('SF-1001')]));
    let release: () => void = () => undefined;
    const slowFetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = bodyOf(init);
      if (body.lang === 'th') await new Promise<void>((resolve) => (release = resolve));
      return jsonResponse({ status: 'success', quote: makeQuote({ total: body.lang === 'th' ? 1 : 2 }) });
    });
    vi.stubGlobal('fetch', slowFetch);
    const first = refreshQuote('th');
    await refreshQuote('en');
    release();
    await first;
    expect(cartQuote.get().quote?.total).toBe(2);
  });

  it('has nothing to quote for an empty cart', async () => {
    replaceCart(makeCart('7', []));
    const fetch = quoteServer(() => jsonResponse({ status: 'success', quote: makeQuote() }));
    await refreshQuote('en');
    expect(fetch).not.toHaveBeenCalled();
    expect(cartQuote.get().status).toBe('idle');
  });
});

describe('server errors by code', () => {
  const problem = (code: string, message = '') => checkoutProblem(new ApiError(400, code, message));

  it('puts coupon and coin errors next to their fields', () => {
    expect(problem('coupon_min_spend', 'the coupon WELCOME500 needs an order of at least 500000 satang')).toEqual({
      field: 'coupon',
      key: 'checkout.errCouponMinSpend',
      params: { amount: '฿5,000' },
    });
    expect(problem('coupon_used_by_you')).toMatchObject({ field: 'coupon', key: 'checkout.errCouponUsedByYou' });
    expect(problem('coins_need_sign_in')).toMatchObject({ field: 'coins' });
  });

  it('finds the address or invoice field a validation message names', () => {
    expect(problem('invalid_address', 'address.postcode: must be 5 digits')).toEqual({ field: 'address.postcode', key: 'checkout.errPostcode' });
    expect(problem('invalid_vat_info', 'vatInfo.taxId: must be 13 digits')).toEqual({ field: 'vatInfo.taxId', key: 'checkout.errTaxId' });
    expect(problem('invalid_vat_info', 'vatInfo.taxId: 0105556000008 is not a valid Thai tax ID (its check digit does not match)')).toEqual({
      field: 'vatInfo.taxId',
      key: 'checkout.errTaxIdCheck',
    });
    expect(problem('invalid_address', 'address: missing')).toEqual({ key: 'checkout.errInvalidAddress' });
  });

  it('names the product that ran out', () => {
    expect(problem('out_of_stock', 'SF-1001: only 2 in stock')).toEqual({ key: 'checkout.errOutOfStock', params: { code: 'SF-1001' } });
    expect(problem('product_unavailable', 'TB-3204: no longer sold')).toEqual({ key: 'checkout.errUnavailable', params: { code: 'TB-3204' } });
  });

  it('says when the shop could not be reached, and falls back to a general message', () => {
    expect(checkoutProblem(new ApiError(0, 'network_error', 'Failed to fetch'))).toEqual({ key: 'checkout.errNetwork' });
    expect(problem('something_new')).toEqual({ key: 'errors.requestFailed' });
    expect(checkoutProblem(new Error('boom'))).toEqual({ key: 'errors.requestFailed' });
  });
});
