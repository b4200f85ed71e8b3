//! POST /api/app/cart/quote {id, coupon?, coins?, lang?} — what the cart costs, worked out by the
//! server from current prices (the browser never sends a price). Money in satang; `coins` asked
//! in whole coins, answered as the satang paid with them. Coupon and coin problems are 400s
//! whose codes checkout-errors.ts turns into messages.
import { apiSend } from '../../../api/client';
import type { CartQuote, QuoteAnswer, QuoteBody } from '../../../api/types';

export async function postQuote(request: QuoteBody, signal?: AbortSignal): Promise<CartQuote> {
  const body = await apiSend<QuoteAnswer>('POST', '/api/app/cart/quote', request, { signal, track: false });
  return body.quote;
}
