//! Keeps the shop's per-visitor state in step with who is signed in: the cart (the visitor's cart
//! `mid` while anonymous; on sign-in it is merged into the user's, POST /api/app/cart/merge/, and
//! the user's cart shown; on sign-out the visitor's again), the coupons on show (docs/STOREFRONT.md
//! §3
//! `coupons`, loaded once and kept across sign-outs) and the coins spent in the checkout quote
//! (docs/STOREFRONT.md §9: the header shows coin − coinSpend). Started once by main.tsx; the
//! features it joins never import each other.
import { loadCart, startUserCart, visitorId } from '../features/cart/cart-store';
import { cartQuote, coinsInQuote, resetCheckout } from '../features/cart/checkout-state';
import { shopCoupons } from '../features/promotions/promotions-store';
import { coinSpend, coupons, userinfo } from '../features/user/user-store';

/** docs/STOREFRONT.md §3: a coupon answer with a count above 0 is stored as the coupons. */
function showCoupons(): void {
  const list = shopCoupons.store.get().data ?? [];
  if (list.length > 0 && coupons.get().length === 0) coupons.set(list.map((coupon) => ({ code: coupon.code })));
}

export function startCartSession(): () => void {
  let shownFor: string | null | undefined;

  const followUser = () => {
    const { status, user } = userinfo.get();
    // While the user loads (or could not be loaded) the cart waits rather than showing the wrong one.
    if (status === 'unknown' || status === 'loading' || status === 'failed') return;
    const owner = status === 'signedIn' && user ? String(user.id) : null;
    if (owner === shownFor) return;
    shownFor = owner;
    if (owner) {
      // Every signed-in session starts with a merge: the visitor's cart may have been filled
      // just before a social sign-in that reloaded the page. An empty visitor cart merges to nothing.
      void startUserCart(owner).catch((error: unknown) => console.warn('cart not loaded', error));
      return;
    }
    resetCheckout();
    void loadCart(visitorId()).catch((error: unknown) => console.warn('cart not loaded', error));
  };

  const followQuote = () => {
    const state = cartQuote.get();
    if (state.status === 'ready' || state.status === 'idle') coinSpend.set(coinsInQuote(state));
  };

  const unsubscribes = [
    userinfo.subscribe(followUser),
    cartQuote.subscribe(followQuote),
    shopCoupons.store.subscribe(showCoupons),
    // Signing out clears the coupons with the rest of the session; they are the shop's, not the user's.
    coupons.subscribe(showCoupons),
  ];
  followUser();
  void shopCoupons.ensure();
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}
