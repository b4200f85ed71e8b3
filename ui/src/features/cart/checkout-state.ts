//! The checkout's client state, small enough for the first load: the shopper's choices (a coupon,
//! whole coins) and the server's quote for them. The quoting itself (quote-store.ts) comes with
//! the cart pages; the app only needs to forget the choices on sign-out and to read the coins
//! the quote spends (docs/STOREFRONT.md §9: the header shows coin − coinSpend).
import type { CartQuote } from '../../api/types';
import { createStore } from '../../lib/create-store';
import type { Problem } from './checkout-errors';

export type CheckoutDraft = { coupon: string | null; coins: number };

export type QuoteState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  quote: CartQuote | null;
  /** What the shown (or awaited) quote was asked for: cart lines, choices and language. */
  key: string;
  couponError: Problem | null;
  coinError: Problem | null;
};

export const EMPTY_DRAFT: CheckoutDraft = { coupon: null, coins: 0 };
export const IDLE_QUOTE: QuoteState = { status: 'idle', quote: null, key: '', couponError: null, coinError: null };

export const checkoutDraft = createStore<CheckoutDraft>(EMPTY_DRAFT);
export const cartQuote = createStore<QuoteState>(IDLE_QUOTE);

/** Forgets the choices and the quote (sign-out, after an order); an answer still on its way is then ignored. */
export function resetCheckout(): void {
  checkoutDraft.set(EMPTY_DRAFT);
  cartQuote.set(IDLE_QUOTE);
}

/** Coins actually used by the shown quote (whole coins). */
export function coinsInQuote(state: QuoteState): number {
  return state.quote ? Math.floor(state.quote.coins / 100) : 0;
}
