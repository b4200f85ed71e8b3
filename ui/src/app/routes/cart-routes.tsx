//! /cart, /order and /cartres, each a lazy chunk (the QR encoder only comes with /cartres). The
//! app hands the checkout what other domains know — the signed-in user with their addresses and
//! coin balance (or none: a guest checkout), the provinces (system labels), the coupons on show —
//! and, once an order is placed, updates them: the coin balance from the answer, coins spent back
//! to 0, the delivery address among the user's saved ones (the server saved it too). The order
//! page of a guest offers an account: sign-up comes back to it and takes the order over.
import { Suspense, useEffect, useState } from 'react';
import type { Address } from '../../api/types';
import { ErrorStatus } from '../../components/error-status';
import { Loading } from '../../components/loading';
import type { PlacedOrder } from '../../features/cart/api/place-order';
import type { CheckoutUser } from '../../features/cart/components/use-checkout-form';
import type { CartResultPageProps } from '../../features/cart/routes/cart-result-page';
import type { OrderPageProps } from '../../features/cart/routes/order-page';
import type { GuestPaymentProofProps } from '../../features/orders/components/guest-payment-proof';
import { ensureLabels, labels } from '../../features/labels/labels-store';
import { shopCoupons } from '../../features/promotions/promotions-store';
import { coin, coinSpend, rememberRedirect, userinfo } from '../../features/user/user-store';
import { useStore } from '../../lib/create-store';
import { useResource } from '../../lib/resource';
import { lazyWithReload } from '../lazy-with-reload';

const CartPage = lazyWithReload<object>(() => import('../../features/cart/routes/cart-page').then((m) => ({ default: m.CartPage })));
const OrderPage = lazyWithReload<OrderPageProps>(() =>
  import('../../features/cart/routes/order-page').then((m) => ({ default: m.OrderPage })),
);
const CartResultPage = lazyWithReload<CartResultPageProps>(() =>
  import('../../features/cart/routes/cart-result-page').then((m) => ({ default: m.CartResultPage })),
);

/** The province labels (loaded once); null keys until they arrive or when they failed. */
function useProvinces() {
  const state = useStore(labels);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    ensureLabels().catch((error: unknown) => {
      console.warn('labels failed to load', error);
      setFailed(true);
    });
  }, []);
  const provinces = state.groups.province ?? {};
  const keys = state.loaded && !failed && Object.keys(provinces).length > 0 ? new Set(Object.keys(provinces)) : null;
  return { provinces, keys };
}

// The payment slip next to the QR: the orders feature's upload, loaded only on the result page.
const GuestSlip = lazyWithReload<GuestPaymentProofProps>(() =>
  import('../../features/orders/components/guest-payment-proof').then((m) => ({ default: m.GuestPaymentProof })),
);

export function CartRoute() {
  return (
    <Suspense fallback={<Loading page />}>
      <CartPage />
    </Suspense>
  );
}

function onPlaced(placed: PlacedOrder, addInfo: Address[]): void {
  coin.set(placed.coin);
  coinSpend.set(0);
  userinfo.set((state) => {
    const user = state.user;
    if (state.status !== 'signedIn' || !user) return state;
    return { ...state, user: { ...user, userInfo: { ...(user.userInfo ?? { id: user.id }), addInfo, coin: placed.coin } } };
  });
}

export function OrderRoute() {
  const state = useStore(userinfo);
  const balance = useStore(coin);
  const couponList = useResource(shopCoupons);
  const { provinces, keys } = useProvinces();
  if (state.status === 'unknown' || state.status === 'loading') return <Loading page />;
  // The user could not be loaded (server or network down, token kept): not a guest checkout.
  if (state.status === 'failed') return <ErrorStatus status={403} />;
  const user = state.status === 'signedIn' ? state.user : null;
  const checkoutUser: CheckoutUser | null = user
    ? {
        id: user.id,
        name: user.name || '',
        phone: user.phone || '',
        addInfo: user.userInfo?.addInfo ?? [],
        vatInfo: user.userInfo?.vatInfo ?? null,
        email: user.userInfo?.email || user.email || '',
      }
    : null;
  return (
    <Suspense fallback={<Loading page />}>
      <OrderPage
        key={user ? String(user.id) : 'guest'}
        user={checkoutUser}
        onSignIn={() => rememberRedirect('/order')}
        coinBalance={balance}
        provinces={provinces}
        provinceKeys={keys}
        coupons={couponList.data ?? []}
        onPlaced={onPlaced}
      />
    </Suspense>
  );
}

const NO_LABELS = {};

/** Sign-up (then back to `returnTo`, which takes the guest order over). */
function startAccount(returnTo: string): void {
  rememberRedirect(returnTo);
}

export function CartResultRoute() {
  const { provinces } = useProvinces();
  const statuses = useStore(labels, (state) => state.groups.orderStatus ?? NO_LABELS);
  const signedIn = useStore(userinfo, (state) => state.status === 'signedIn');
  return (
    <Suspense fallback={<Loading page />}>
      <CartResultPage provinces={provinces} statuses={statuses} signedIn={signedIn} onStartAccount={startAccount} onCoin={(balance) => coin.set(balance)} slip={GuestSlip} />
    </Suspense>
  );
}
