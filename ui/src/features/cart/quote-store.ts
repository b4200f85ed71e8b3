//! The live price of the cart from the server (POST /api/app/cart/quote) for the shopper's
//! choices (checkout-state.ts). A coupon or coin amount the server rejects is dropped, its
//! message kept for the field, and the cart quoted again without it, so the totals on screen are
//! always ones the server gave. Only the answer to the latest question is shown.
import { ApiError } from '../../api/client';
import { postQuote } from './api/get-quote';
import { cart } from './cart-store';
import { checkoutProblem, type Problem } from './checkout-errors';
import { cartQuote, checkoutDraft, IDLE_QUOTE } from './checkout-state';

function quoteKey(lang: string): string {
  const { id, lines } = cart.get();
  const { coupon, coins } = checkoutDraft.get();
  return JSON.stringify([id, lines.map((line) => [line.code, line.qty]), coupon, coins, lang]);
}

/** Applies a coupon code (trimmed, upper case; empty removes it); the quote that follows checks it. */
export function applyCoupon(code: string): void {
  const coupon = code.trim().toUpperCase() || null;
  cartQuote.set((s) => ({ ...s, couponError: null }));
  checkoutDraft.set((d) => ({ ...d, coupon }));
}

/** Uses whole coins (0 = none); the quote that follows checks them against the balance. */
export function applyCoins(coins: number): void {
  cartQuote.set((s) => ({ ...s, coinError: null }));
  checkoutDraft.set((d) => ({ ...d, coins: Math.max(0, Math.trunc(coins)) }));
}

/** A coupon or coins the server refused: the choice is dropped and its message kept for the field. */
export function rejectChoice(problem: Problem): boolean {
  if (problem.field === 'coupon') {
    checkoutDraft.set((d) => ({ ...d, coupon: null }));
    cartQuote.set((s) => ({ ...s, couponError: problem }));
    return true;
  }
  if (problem.field === 'coins') {
    checkoutDraft.set((d) => ({ ...d, coins: 0 }));
    cartQuote.set((s) => ({ ...s, coinError: problem }));
    return true;
  }
  return false;
}

/**
 * Quotes the cart for the current choices unless the shown quote already answers them. Called by
 * the pages whenever the cart, a choice or the language changes.
 */
export async function refreshQuote(lang: string): Promise<void> {
  const current = cart.get();
  if (current.lines.length === 0 || !current.id) {
    cartQuote.set((s) => (s.status === 'idle' && !s.quote ? s : { ...IDLE_QUOTE, couponError: s.couponError, coinError: s.coinError }));
    return;
  }
  const key = quoteKey(lang);
  const shown = cartQuote.get();
  if (shown.key === key && shown.status !== 'error') return;
  const { coupon, coins } = checkoutDraft.get();
  cartQuote.set((s) => ({ ...s, status: 'loading', key }));
  // A newer question (or a reset) changes the key: this answer is then out of date.
  const stillWanted = () => cartQuote.get().key === key;
  try {
    const quote = await postQuote({ id: current.id, coupon: coupon ?? undefined, coins: coins || undefined, lang });
    if (stillWanted()) cartQuote.set((s) => ({ ...s, status: 'ready', quote }));
  } catch (error) {
    if (!stillWanted()) return;
    const problem = checkoutProblem(error);
    if ((problem.field === 'coupon' && coupon) || (problem.field === 'coins' && coins)) {
      rejectChoice(problem);
      return refreshQuote(lang);
    }
    if (!(error instanceof ApiError)) console.warn('quote failed', error);
    cartQuote.set((s) => ({ ...s, status: 'error' }));
  }
}
