import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/products';
import {
  addToCart,
  cart,
  cartamt,
  cartOwner,
  cartRes,
  emptyCart,
  loadCart,
  qtyInCart,
  replaceCart,
  replaceCartResult,
  setCartLine,
  startUserCart,
  visitorId,
} from './cart-store';
import { makeCart, makeLine, makeOrder } from '../../testing/carts';

afterEach(() => vi.unstubAllGlobals());

const MID = '3f2c8a4e-9b1d-4c6e-8f7a-2d5b9e1c0a47';

function serve(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => answer(String(input), init));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe('cart state (docs/STOREFRONT.md §3, §4)', () => {
  it('replaces the cart wholesale and counts its items from amt', () => {
    replaceCart(makeCart('u', [makeLine('SF-1001', { qty: 1 }), makeLine('CH-3101', { qty: 2 })]));
    expect(cartamt.get()).toBe(3);
    replaceCart(makeCart('u', [makeLine('TB-3001')]));
    expect(cart.get().lines.map((line) => line.code)).toEqual(['TB-3001']);
    expect(cartamt.get()).toBe(1);
    expect(qtyInCart(cart.get(), 'TB-3001')).toBe(1);
    expect(qtyInCart(cart.get(), 'SF-1001')).toBe(0);
  });

  it('replaces the cart result wholesale', () => {
    replaceCartResult(makeOrder({ number: 'K000001' }));
    replaceCartResult(makeOrder({ number: 'K000002' }));
    expect(cartRes.get()?.number).toBe('K000002');
    replaceCartResult(null);
    expect(cartRes.get()).toBeNull();
  });
});

describe('visitor id', () => {
  it('is a UUID made once and kept in localStorage', () => {
    const id = visitorId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(window.localStorage.getItem('kiosk.mid')).toBe(id);
    expect(visitorId()).toBe(id);
  });

  it('replaces a stored value that is not a UUID', () => {
    window.localStorage.setItem('kiosk.mid', '../etc');
    expect(visitorId()).not.toBe('../etc');
    window.localStorage.setItem('kiosk.mid', MID);
    expect(visitorId()).toBe(MID);
  });
});

describe('cart requests', () => {
  it('loads the visitor cart by its id, then adds to and sets lines of it', async () => {
    window.localStorage.setItem('kiosk.mid', MID);
    const fetch = serve((url, init) => {
      if (url.startsWith('/api/app/cart/get/')) return jsonResponse({ status: 'success', cart: makeCart(MID, []) });
      const body = bodyOf(init);
      return jsonResponse({ status: 'success', cart: makeCart(MID, [makeLine(String(body.code), { qty: Number(body.qty) })]) });
    });
    await loadCart(visitorId());
    expect(fetch.mock.calls[0]![0]).toBe(`/api/app/cart/get/${MID}`);
    expect(cartOwner()).toBe(MID);

    await addToCart('CH-3101', 2);
    expect(fetch.mock.calls[1]![0]).toBe('/api/app/cart/add');
    expect(bodyOf(fetch.mock.calls[1]![1]!)).toEqual({ id: MID, code: 'CH-3101', qty: 2 });
    expect(cartamt.get()).toBe(2);

    await setCartLine('CH-3101', 5);
    expect(fetch.mock.calls[2]![0]).toBe('/api/app/cart/set');
    expect(bodyOf(fetch.mock.calls[2]![1]!)).toEqual({ id: MID, code: 'CH-3101', qty: 5 });
    expect(cartamt.get()).toBe(5);
  });

  it('shows only the answer to the latest request when answers arrive out of order', async () => {
    window.localStorage.setItem('kiosk.mid', MID);
    await (serve(() => jsonResponse({ status: 'success', cart: makeCart(MID, []) })), loadCart(MID));
    let releaseFirst: () => void = () => undefined;
    serve(async (_url, init) => {
      const qty = Number(bodyOf(init).qty);
      if (qty === 2) await new Promise<void>((resolve) => (releaseFirst = resolve));
      return jsonResponse({ status: 'success', cart: makeCart(MID, [makeLine('SF-1001', { qty })]) });
    });
    const first = setCartLine('SF-1001', 2);
    await setCartLine('SF-1001', 3);
    releaseFirst();
    await first;
    expect(cartamt.get()).toBe(3);
  });

  it('merges the visitor cart into the user cart on sign-in and shows the user cart', async () => {
    window.localStorage.setItem('kiosk.mid', MID);
    const fetch = serve(() => jsonResponse({ status: 'success', cart: makeCart('7', [makeLine('SF-1001'), makeLine('CH-3101', { qty: 2 })]) }));
    await startUserCart('7');
    expect(fetch.mock.calls[0]![0]).toBe('/api/app/cart/merge/');
    expect(bodyOf(fetch.mock.calls[0]![1]!)).toEqual({ uid: '7', mid: MID });
    expect(cartOwner()).toBe('7');
    expect(cartamt.get()).toBe(3);
  });

  it('shows the user cart when the merge fails (only logged, docs/STOREFRONT.md §8)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = serve((url) =>
      url === '/api/app/cart/merge/'
        ? jsonResponse({ status: 'error', error: { code: 'invalid_cart_id', message: 'mid' } }, 400)
        : jsonResponse({ status: 'success', cart: makeCart('7', [makeLine('SF-1001')]) }),
    );
    await startUserCart('7');
    expect(fetch.mock.calls[1]![0]).toBe('/api/app/cart/get/7');
    expect(cartamt.get()).toBe(1);
  });

  it('empties the cart on screen after an order', () => {
    replaceCart(makeCart('7', [makeLine('SF-1001', { qty: 4 })]));
    emptyCart();
    expect(cart.get().lines).toEqual([]);
    expect(cartamt.get()).toBe(0);
  });
});
