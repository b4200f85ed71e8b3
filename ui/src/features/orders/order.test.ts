import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/products';
import { rawOrder } from '../../testing/orders';
import { getOrder } from './api/get-order';
import { listOrders } from './api/list-orders';
import { reviewOrder } from './api/review-order';
import { needsReview, orderHref, parseOrder } from './order';

afterEach(() => vi.unstubAllGlobals());

describe('parseOrder', () => {
  it('keeps a line’s product and chosen values (docs/VARIANTS.md §3), absent on lines older than variants', () => {
    const line = { code: 'SF-1001-GRY-3', productCode: 'SF-1001', choice: { en: 'Grey / 3-seat', th: 'เทา / 3 ที่นั่ง' }, name: { en: 'Nara' }, qty: 1, unitPrice: 1_890_000, discount: 0, image: null };
    const old = { code: 'CH-3101', name: { en: 'Chair' }, qty: 2, unitPrice: 249_000, discount: 0, image: null };
    const [chosen, plain] = parseOrder({ ...rawOrder(), lines: [line, old] }).lines;
    expect(chosen).toMatchObject({ productCode: 'SF-1001', choice: { en: 'Grey / 3-seat', th: 'เทา / 3 ที่นั่ง' } });
    expect(plain).not.toHaveProperty('choice');
    expect(plain).not.toHaveProperty('productCode');
  });

  it('reads the amounts from the quote and the total from the order', () => {
    const order = parseOrder(rawOrder({ total: 2_000_000 }));
    expect(order.amounts).toEqual({
      subtotal: 2_559_000,
      promotionDiscount: 250_000,
      couponDiscount: 50_000,
      coins: 10_000,
      shipping: 0,
      vat: 147_000,
      total: 2_000_000,
    });
    expect(order.number).toBe('K000012');
    expect(order.coupon).toBe('WELCOME500');
    expect(order.coinsUsed).toBe(100);
    expect(order.lines[1]).toEqual({ code: 'DC-2001', name: { en: 'Vase' }, qty: 1, unitPrice: 59_000, discount: 0, image: null });
  });

  it('reads both payment methods and keeps an unknown one by name', () => {
    expect(parseOrder(rawOrder()).payment).toMatchObject({ method: 'promptpay', promptpayId: '0812345678' });
    const bank = { bankName: 'Kasikornbank', accountName: 'Kiosk Furniture Co., Ltd.', accountNumber: '123-4-56789-0' };
    expect(parseOrder(rawOrder({ payment: { method: 'bank_transfer', bank } })).payment).toEqual({ method: 'bank_transfer', bank });
    expect(parseOrder(rawOrder({ payment: { method: 'card_2c2p' } })).payment).toEqual({ method: 'card_2c2p' });
  });

  it('gives safe defaults for missing or malformed fields', () => {
    const order = parseOrder({ id: 5, status: 'paid', lines: [{ code: 'A', qty: '2', unitPrice: 'x' }], quote: { total: 900 } });
    expect(order.number).toBe('K000005');
    expect(order.itemCount).toBe(2);
    expect(order.lines[0]).toEqual({ code: 'A', name: {}, qty: 2, unitPrice: 0, discount: 0, image: null });
    expect(order.amounts.total).toBe(900);
    expect(order.history).toEqual([]);
    expect(order.review).toBeNull();
    expect(order.vatInfo).toBeNull();
    expect(order.address.province).toBe('');
    expect(order.payment).toEqual({ method: '' });
  });

  it('keeps the tax-invoice details and the review', () => {
    const vatInfo = { name: 'Acme Co., Ltd.', taxId: '0105551234567', branch: '00000', address: '1 Silom Road, Bangkok 10500' };
    const review = { rating: 4, comment: 'Nice', at: 1_700_000_000_000 };
    const order = parseOrder(rawOrder({ vatInfo, review }));
    expect(order.vatInfo).toEqual(vatInfo);
    expect(order.review).toEqual(review);
  });
});

describe('needsReview', () => {
  it('is true only for a delivered order without a review', () => {
    expect(needsReview(parseOrder(rawOrder()))).toBe(true);
    expect(needsReview(parseOrder(rawOrder({ review: { rating: 5, comment: '', at: 1 } })))).toBe(false);
    expect(needsReview(parseOrder(rawOrder({ status: 'shipped' })))).toBe(false);
    expect(needsReview(parseOrder(rawOrder({ status: 'cancelled' })))).toBe(false);
  });
});

describe('the orders API', () => {
  it('lists a user’s orders in the server’s order and reads one order', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/app/order/list/')
        ? jsonResponse({ status: 'success', orders: [rawOrder({ id: 13, number: 'K000013' }), rawOrder()] })
        : jsonResponse({ status: 'success', order: rawOrder() }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const orders = await listOrders(7);
    expect(orders.map((order) => order.number)).toEqual(['K000013', 'K000012']);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/app/order/list/7');
    expect((await getOrder('12')).id).toBe(12);
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/app/order/get/12');
  });

  it('sends a review and reads the new coin balance', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ status: 'success', order: rawOrder({ review: { rating: 5, comment: 'Great', at: 2 } }), coin: 140 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const change = await reviewOrder(12, 5, 'Great');
    expect(change.coin).toBe(140);
    expect(change.order.review?.rating).toBe(5);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/app/order/review/12');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ rating: 5, comment: 'Great' });
  });

  it('turns the server’s refusal into an ApiError with its status and code', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 'error', error: { code: 'forbidden', message: 'not yours' } }, 403)));
    await expect(getOrder(99)).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('links to an order by id', () => {
    expect(orderHref(12)).toBe('/user/order?id=12');
  });
});

describe('the shipment of an order', () => {
  it('is read with its carrier, tracking and an https tracking link only', () => {
    const shipped = parseOrder({ ...rawOrder(), shipment: { carrier: 'kerry', tracking: 'KEX1', url: 'https://th.kerryexpress.com/en/track/?track=KEX1' } });
    expect(shipped.shipment).toEqual({ carrier: 'kerry', tracking: 'KEX1', url: 'https://th.kerryexpress.com/en/track/?track=KEX1' });
    const unsafe = parseOrder({ ...rawOrder(), shipment: { carrier: 'own', tracking: 'X1', url: 'javascript:alert(1)' } });
    expect(unsafe.shipment).toEqual({ carrier: 'own', tracking: 'X1', url: null });
    expect(parseOrder(rawOrder()).shipment).toBeNull();
  });
});
