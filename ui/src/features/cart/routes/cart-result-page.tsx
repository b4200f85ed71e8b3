//! /cartres: the order just placed (docs/STOREFRONT.md §3 `cartRes`) — its number, how to pay it,
//! its lines and amounts (subtotal, discounts, coupon, coins, shipping, VAT, total), where it goes,
//! and a link to it in My orders. Opened without a placed order (a reload, a bookmark) it says
//! there is none.
//! `?order={id}` (where the card payment page sends the shopper back) reads that order from the
//! server; a card payment waiting for the provider's confirmation is asked for again by itself.
//! A guest order is the same page opened by its secret link (`&key=`, or the key this browser
//! kept when it placed the order); it offers an account that takes the order over (`&claim=1`
//! after sign-up claims it by itself).
import type { ComponentType } from 'preact';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { Order } from '../../../api/types';
import { Loading } from '../../../components/loading';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { LineChoice } from '../../../components/line-choice';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useStore } from '../../../lib/create-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { linePath } from '../../../lib/product';
import { getOrder } from '../api/pay-order';
import { postClaimOrder } from '../api/claim-order';
import { guestOrderPath, orderKeyOf, rememberOrderKey } from '../guest-checkout';
import { cardStage, POLL_EVERY_MS, POLL_FOR_MS, shouldPoll } from '../card-payment-state';
import { cartRes, replaceCartResult } from '../cart-store';
import { CardPayment } from '../components/card-payment';
import { AddressLines, type Provinces } from '../components/address-section';
import { OrderTotals } from '../components/order-totals';
import { PaymentInstructions } from '../components/payment-instructions';
import '../components/cart.css';

export type CartResultPageProps = {
  provinces: Provinces;
  /** The `orderStatus` labels (titles by status). */
  statuses: Provinces;
  signedIn: boolean;
  /** Before going to sign-up: the app remembers to come back to `returnTo`. */
  onStartAccount: (returnTo: string) => void;
  /** The coin balance after the order was taken into the account. */
  onCoin: (balance: number) => void;
  /** The payment slip upload next to the QR (the orders feature's, handed over by the app): a guest order by its key, a signed-in shopper's by the token. */
  slip?: ComponentType<{ order: Order; accessKey: string | null; onChanged: () => void }>;
};

/** `?order=` and the guest key: from `&key=` (kept for later), else the one this browser kept. */
function useWanted(): { wanted: string | null; key: string | null; claim: boolean } {
  const query = new URLSearchParams(useSearch());
  const wanted = query.get('order');
  const given = query.get('key');
  const key = wanted ? given || orderKeyOf(wanted) : null;
  useEffect(() => {
    if (wanted && given) rememberOrderKey(wanted, given);
  }, [wanted, given]);
  return { wanted, key, claim: query.get('claim') === '1' };
}

/** The order named by `?order=` read from the server (again while a card payment is confirmed). */
function useResultOrder(
  wanted: string | null,
  key: string | null,
): { order: Order | null; loading: boolean; reload: () => void; fresh: boolean } {
  const placed = useStore(cartRes);
  const [loading, setLoading] = useState(Boolean(wanted));
  // The server's answer is in (not only the order kept from placing it).
  const [fresh, setFresh] = useState(!wanted);
  const [round, setRound] = useState(0);
  const [since] = useState(() => Date.now());
  const order = placed && (!wanted || String(placed.id) === wanted) ? placed : null;
  const stage = order && order.payment.method === 'card_2c2p' ? cardStage(order) : null;
  const polling = stage !== null && shouldPoll(stage) && Date.now() - since < POLL_FOR_MS;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const delay = round === 0 ? 0 : POLL_EVERY_MS;
    const timer = window.setTimeout(() => {
      getOrder(wanted, controller.signal, key)
        .then((answer) => {
          replaceCartResult(answer);
          if (!controller.signal.aborted) setFresh(true);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('order failed to load', error);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, key, round]);

  // Ask again while the provider's confirmation is awaited.
  useEffect(() => {
    if (!polling) return;
    const timer = window.setTimeout(() => setRound((n) => n + 1), POLL_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [polling, order]);

  return { order, loading: loading && !order, reload: () => setRound((n) => n + 1), fresh };
}

/** What a guest order offers: keeping its link, and an account that takes it over. */
function GuestOrderNote({ order, accessKey, signedIn, claim, fresh, onStartAccount, onCoin }: {
  order: Order;
  accessKey: string;
  signedIn: boolean;
  claim: boolean;
  /** The order on screen is the server's latest (an answer still on its way would undo the claim). */
  fresh: boolean;
  onStartAccount: (returnTo: string) => void;
  onCoin: (balance: number) => void;
}) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'claiming' | 'claimed' | 'failed'>('idle');
  const tried = useRef(false);
  const guest = order.userId === 0;
  const takeOver = () => {
    setState('claiming');
    postClaimOrder(order.id, accessKey).then(
      (answer) => {
        replaceCartResult(answer.order);
        onCoin(answer.coin);
        setState('claimed');
      },
      (error: unknown) => {
        console.warn('the order was not taken into the account', error);
        setState('failed');
      },
    );
  };
  // Back from sign-up with `claim=1`: the account takes the order at once.
  useEffect(() => {
    if (claim && signedIn && guest && fresh && !tried.current) {
      tried.current = true;
      takeOver();
    }
  });
  if (state === 'claimed' || (!guest && signedIn)) {
    return (
      <p class="guest-note guest-note--done" role="status" data-testid="guest-claimed">
        <Icon name="check" size={18} />
        <span>{t('guest.claimed')}</span>
      </p>
    );
  }
  if (!guest) return null;
  return (
    <section class="card guest-note" aria-labelledby="guest-note-title" data-testid="guest-note">
      <h2 id="guest-note-title" class="checkout-summary__title">
        <Icon name="key" size={20} />
        {t('guest.keepTitle')}
      </h2>
      <p>{t('guest.keepLink', { email: order.contact?.email ?? order.email })}</p>
      {signedIn ? (
        <button type="button" class="button" disabled={state === 'claiming'} onClick={takeOver} data-testid="guest-claim">
          {state === 'claiming' ? t('guest.claiming') : t('guest.claim')}
        </button>
      ) : (
        <Link
          href="/user/register"
          class="button"
          onClick={() => onStartAccount(`${guestOrderPath(order.id, accessKey)}&claim=1`)}
          data-testid="guest-create-account"
        >
          <Icon name="coin" size={18} />
          {t('guest.createAccount')}
        </Link>
      )}
      {state === 'failed' ? (
        <p class="card-pay__error" role="alert">
          {t('guest.claimFailed')}
        </p>
      ) : null}
    </section>
  );
}

export function CartResultPage({ provinces, statuses, signedIn, onStartAccount, onCoin, slip: Slip }: CartResultPageProps) {
  const { t, locale } = useI18n();
  const { wanted, key, claim } = useWanted();
  const { order, loading, reload, fresh } = useResultOrder(wanted, key);
  useDocumentTitle(t('pages.cartResultTitle'));
  if (loading) return <Loading page />;
  if (!order) {
    return (
      <section class="page">
        <header class="page__header">
          <h1 class="page__title">{t('pages.cartResultTitle')}</h1>
        </header>
        <EmptyState icon="package" title={t('pages.cartResultEmpty')}>
          <Link href="/" class="button">
            {t('pages.continueShopping')}
          </Link>
        </EmptyState>
      </section>
    );
  }
  const ordersHref = `/user/order?id=${encodeURIComponent(String(order.id))}`;
  const guest = order.userId === 0;
  const card = order.payment.method === 'card_2c2p';
  // A card payment that failed leads the page with what happened and what to do next: no thanks.
  const failed = card && cardStage(order) === 'failed';
  const status = (
    <p class="result-page__status" data-testid="order-status" data-status={order.status}>
      {t('guest.status')}: <strong>{pickText(statuses[order.status], locale) || order.status}</strong>
    </p>
  );
  // The slip goes next to the QR or account for every shopper (a guest's order by its key).
  const slip =
    Slip && !card && (key || (signedIn && !guest)) ? (
      <Suspense fallback={null}>
        <Slip order={order} accessKey={key} onChanged={reload} />
      </Suspense>
    ) : null;
  return (
    <section class={`page result-page${failed ? ' result-page--failed' : ''}`}>
      {failed ? null : (
        <header class="page__header page__header--with-icon">
          <span class="page__icon result-page__icon">
            <Icon name="check" size={30} />
          </span>
          <div>
            <h1 class="page__title">{t('checkout.thanks')}</h1>
            <p class="page__lead" data-testid="order-number">
              {t('checkout.orderPlaced', { number: order.number })}
            </p>
            {status}
          </div>
        </header>
      )}
      <div class="checkout-layout">
        <div class="checkout-form">
          {card ? (
            <CardPayment order={order} onChange={replaceCartResult} onCheckAgain={reload} accessKey={key} leads={failed} />
          ) : (
            <PaymentInstructions order={order}>{slip}</PaymentInstructions>
          )}
          {failed ? status : null}
          {key && (guest || claim) ? (
            <GuestOrderNote order={order} accessKey={key} signedIn={signedIn} claim={claim} fresh={fresh} onStartAccount={onStartAccount} onCoin={onCoin} />
          ) : null}
          <section class="card result-items" aria-labelledby="result-lines-title">
            <h2 id="result-lines-title" class="checkout-summary__title">
              {t('checkout.itemsTitle')}
            </h2>
            <ul class="summary-lines summary-lines--plain">
              {order.lines.map((line) => (
                <li key={line.code} class="summary-lines__item">
                  <span class="summary-lines__name">
                    <Link href={linePath(line)} class="summary-lines__link">
                      {pickText(line.name, locale) || line.code}
                    </Link>{' '}
                    <span class="summary-lines__qty">× {formatNumber(line.qty)}</span>
                    <LineChoice line={line} />
                    <span class="summary-lines__code">
                      {line.code} · {formatMoney(line.unitPrice)}
                      {line.discount > 0 ? ` · ${t('checkout.promotion')} ${formatMoney(-line.discount)}` : ''}
                    </span>
                  </span>
                  <span class="summary-lines__amount">{formatMoney(line.unitPrice * line.qty - line.discount)}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside class="card checkout-summary" aria-labelledby="result-summary-title">
          <h2 id="result-summary-title" class="checkout-summary__title">
            {t('checkout.summary')}
          </h2>
          <OrderTotals quote={order.quote} coupon={order.coupon} />
          <div class="result-page__address">
            <h3>{t('checkout.deliverTo')}</h3>
            <p>
              <AddressLines address={order.address} provinces={provinces} />
            </p>
            {order.vatInfo ? (
              <>
                <h3>{t('checkout.vatTitle')}</h3>
                <p>
                  {order.vatInfo.name} · {order.vatInfo.taxId} ({order.vatInfo.branch})
                  <br />
                  {order.vatInfo.address}
                </p>
              </>
            ) : null}
          </div>
          {guest || !signedIn ? null : (
            <Link href={ordersHref} class="button checkout-summary__go" data-testid="my-orders-link">
              {t('checkout.seeMyOrders')}
            </Link>
          )}
          <Link href="/" class="checkout-summary__back">
            {t('pages.continueShopping')}
          </Link>
        </aside>
      </div>
    </section>
  );
}
