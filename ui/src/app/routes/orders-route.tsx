//! /user/order: My orders, and one order with `?id=`. The pages are the orders feature's lazy
//! chunks; the app hands them the signed-in shopper (id, coins, and what a review or a cancellation
//! changes in the header: coin balance, review badge) and the system labels for order statuses,
//! provinces and payment methods (features do not import each other; the app composes them).
import { Suspense, useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { ErrorStatus } from '../../components/error-status';
import { Loading } from '../../components/loading';
import { ensureLabels, labels } from '../../features/labels/labels-store';
import type { OrdersAccount } from '../../features/orders/account';
import type { OrderPageProps } from '../../features/orders/routes/order-detail-page';
import type { OrdersPageProps } from '../../features/orders/routes/orders-page';
import { getNeedReviewCount } from '../../features/user/api/get-need-review';
import { LineUpdatesToggle } from '../../features/user/components/line-updates';
import { coin, orderForReview, userinfo } from '../../features/user/user-store';
import { t } from '../../i18n/i18n-store';
import type { LabelTitles } from '../../i18n/types';
import { useStore } from '../../lib/create-store';
import { formatMoney } from '../../lib/format';
import { lazyWithReload } from '../lazy-with-reload';

const OrdersPage = lazyWithReload<OrdersPageProps>(() =>
  import('../../features/orders/routes/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const OrderPage = lazyWithReload<OrderPageProps>(() =>
  import('../../features/orders/routes/order-detail-page').then((m) => ({ default: m.OrderPage })),
);
// The cart result page's QR drawing, loaded only when an order waiting for PromptPay is shown.
const CartPromptPayQr = lazyWithReload<{ payload: string; label: string; size?: number }>(() =>
  import('../../features/cart/components/promptpay-qr').then((m) => ({ default: m.PromptPayQr })),
);

function OrderQr({ payload, amount }: { payload: string; amount: number }) {
  return (
    <Suspense fallback={null}>
      <div class="order-qr">
        <CartPromptPayQr payload={payload} label={t('orders.qrLabel', { amount: formatMoney(amount) })} size={200} />
      </div>
    </Suspense>
  );
}

/** The new coin balance the server answered, in the header and in the user's info. */
function setCoin(balance: number): void {
  coin.set(balance);
  userinfo.set((state) =>
    state.user ? { ...state, user: { ...state.user, userInfo: { ...(state.user.userInfo ?? { id: state.user.id }), coin: balance } } } : state,
  );
}

/** Asks again how many delivered orders wait for a review (the header badge); failures are only logged. */
function refreshReviewCount(userId: string | number): void {
  getNeedReviewCount(userId).then(
    (count) => orderForReview.set(count),
    (error: unknown) => console.warn('orders for review not loaded', error),
  );
}

/** The system labels, loaded on first use; until then (or if they fail) keys stand for themselves. */
function useSystemLabels(): LabelTitles {
  const groups = useStore(labels, (state) => state.groups);
  useEffect(() => {
    ensureLabels().catch((error: unknown) => console.warn('labels failed to load', error));
  }, []);
  return groups;
}

export function OrdersRoute() {
  const user = useStore(userinfo, (state) => (state.status === 'signedIn' ? state.user : null));
  const balance = useStore(coin);
  const titles = useSystemLabels();
  const id = new URLSearchParams(useSearch()).get('id');
  const userId = user?.id;
  const account = useMemo<OrdersAccount | null>(
    () =>
      userId === undefined
        ? null
        : { userId, coin: balance, onCoin: setCoin, onReviewsChanged: () => refreshReviewCount(userId) },
    [userId, balance],
  );
  // The access guard only shows this page to a signed-in user; without one it is a 403.
  if (!account) return <ErrorStatus status={403} />;
  return (
    <Suspense fallback={<Loading page />}>
      {id === null ? (
        <>
          <OrdersPage account={account} labels={titles} />
          <div class="page page--narrow line-updates-wrap">
            <LineUpdatesToggle />
          </div>
        </>
      ) : (
        <OrderPage id={id} account={account} labels={titles} qr={OrderQr} />
      )}
    </Suspense>
  );
}
