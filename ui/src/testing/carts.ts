//! Carts, quotes and orders for the cart feature's unit tests, in the shapes the server sends.
import type { CartLineView, CartQuote, CartView, Order, Quote } from '../api/types';
import { localized } from './localized';

export function makeLine(code: string, overrides: Partial<CartLineView> = {}): CartLineView {
  return {
    code,
    qty: 1,
    name: localized(`Product ${code}`, { th: `สินค้า ${code}` }),
    unitPrice: 1_000_000,
    image: `/api/file/images/demo/${code}-1.png`,
    stock: 10,
    available: true,
    ...overrides,
  };
}

export function makeCart(id: string, lines: CartLineView[]): CartView {
  return { id, lines, amt: lines.reduce((sum, line) => sum + line.qty, 0) };
}

export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    subtotal: 3_000_000,
    promotionDiscount: 189_000,
    couponDiscount: 0,
    coins: 0,
    shipping: 0,
    vat: 183_897,
    total: 2_811_000,
    lineDiscounts: [189_000, 0],
    ...overrides,
  };
}

/** A quote as the cart's quote answers it: with the lines it priced. */
export function makeCartQuote(overrides: Partial<CartQuote> = {}): CartQuote {
  return { ...makeQuote(), lines: [], ...overrides };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 12,
    number: 'K000012',
    userId: 3,
    status: 'pending_payment',
    createdAt: 1_767_225_600_000,
    lang: 'en',
    lines: [{ code: 'SF-1001', name: localized('Nara 3-Seat Sofa'), qty: 1, unitPrice: 1_890_000, discount: 189_000, image: null }],
    itemCount: 1,
    quote: makeQuote({ subtotal: 1_890_000, total: 1_701_000, vat: 111_280, lineDiscounts: [189_000] }),
    total: 1_701_000,
    coupon: null,
    coinsUsed: 0,
    address: { name: 'Somchai Jaidee', phone: '0812345678', line1: '99/9 Sukhumvit Road', district: 'Khlong Toei', province: 'bangkok', postcode: '10110' },
    vatInfo: null,
    payment: { method: 'promptpay', promptpayId: '0812345678', promptpayPayload: '00020101021229370016A000000677010111011300668123456785802TH530376454071701.006304ABCD', status: 'pending', attempts: [], proofs: [], extraPayments: [], refundDue: false },
    history: [{ status: 'pending_payment', at: 1_767_225_600_000 }],
    review: null,
    coinsEarned: 0,
    email: '',
    documents: {},
    ...overrides,
  };
}
