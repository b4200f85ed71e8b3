//! /cart, /order and /cartres, each a lazy chunk (the QR encoder only comes with /cartres). The
//! app hands the checkout what other domains know — the signed-in user with their addresses and
//! coin balance, the provinces (system labels), the coupons on show — and, once an order is
//! placed, updates them: the coin balance from the answer, coins spent back to 0, the delivery
//! address among the user's saved ones (the server saved it too).
import { Suspense, useEffect, useState } from 'react';
import type { Address } from '../../api/types';
import { ErrorStatus } from '../../components/error-status';
import { Loading } from '../../components/loading';
import type { PlacedOrder } from '../../features/cart/api/place-order';
import type { CheckoutUser } from '../../features/cart/components/use-checkout-form';
import type { OrderPageProps } from '../../features/cart/routes/order-page';
import { ensureLabels, labels } from '../../features/labels/labels-store';
import { shopCoupons } from '../../features/promotions/promotions-store';
import { coin, coinSpend, userinfo } from '../../features/user/user-store';
import { useStore } from '../../lib/create-store';
import { useResource } from '../../lib/resource';
import { lazyWithReload } from '../lazy-with-reload';

const CartPage = lazyWithReload<object>(() => import('../../features/cart/routes/cart-page').then((m) => ({ default: m.CartPage })));
const OrderPage = lazyWithReload<OrderPageProps>(() =>
  import('../../features/cart/routes/order-page').then((m) => ({ default: m.OrderPage })),
);
const CartResultPage = lazyWithReload<{ provinces: OrderPageProps['provinces'] }>(() =>
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
  const user = state.status === 'signedIn' ? state.user : null;
  // The access guard only shows /order to a signed-in user.
  if (!user) return <ErrorStatus status={403} />;
  const checkoutUser: CheckoutUser = {
    id: user.id,
    name: user.name || '',
    phone: user.phone || '',
    addInfo: user.userInfo?.addInfo ?? [],
    vatInfo: user.userInfo?.vatInfo ?? null,
    email: user.userInfo?.email || user.email || '',
  };
  return (
    <Suspense fallback={<Loading page />}>
      <OrderPage
        key={String(user.id)}
        user={checkoutUser}
        coinBalance={balance}
        provinces={provinces}
        provinceKeys={keys}
        coupons={couponList.data ?? []}
        onPlaced={onPlaced}
      />
    </Suspense>
  );
}

export function CartResultRoute() {
  const { provinces } = useProvinces();
  return (
    <Suspense fallback={<Loading page />}>
      <CartResultPage provinces={provinces} />
    </Suspense>
  );
}
