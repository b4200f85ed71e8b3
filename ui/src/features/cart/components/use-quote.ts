//! Keeps the shown quote in step with the cart, the checkout choices and the language.
import { useEffect } from 'react';
import { useI18n } from '../../../i18n/i18n-store';
import { useStore } from '../../../lib/create-store';
import { cart } from '../cart-store';
import { cartQuote, checkoutDraft, type QuoteState } from '../checkout-state';
import { refreshQuote } from '../quote-store';

export function useQuote(): QuoteState & { retry: () => void } {
  const { locale } = useI18n();
  const current = useStore(cart);
  const draft = useStore(checkoutDraft);
  const state = useStore(cartQuote);
  useEffect(() => {
    void refreshQuote(locale);
  }, [current, draft, locale]);
  return { ...state, retry: () => void refreshQuote(locale) };
}
