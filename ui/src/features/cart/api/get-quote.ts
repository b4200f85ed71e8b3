//! POST /api/app/cart/quote {id, coupon?, coins?, lang?} — what the cart costs, worked out by the
//! server from current prices (the browser never sends a price). Money in satang; `coins` asked
//! in whole coins, answered as the satang paid with them. Coupon and coin problems are 400s
//! whose codes checkout-errors.ts turns into messages.
import { apiSend } from '../../../api/client';

export type QuoteLine = { code: string; qty: number; unitPrice: number; discount: number };

export type Quote = {
  subtotal: number;
  promotionDiscount: number;
  couponDiscount: number;
  /** Satang paid with coins. */
  coins: number;
  shipping: number;
  /** VAT contained in the total. */
  vat: number;
  total: number;
  lineDiscounts: number[];
  lines?: QuoteLine[];
};

export type QuoteRequest = { id: string; coupon?: string; coins?: number; lang?: string };

export async function postQuote(request: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  const body = await apiSend<{ quote: Quote }>('POST', '/api/app/cart/quote', request, { signal, track: false });
  return body.quote;
}
