//! /order (checkout): delivery address, optional tax invoice, coupon and coins, payment method,
//! the server's live quote, and "Place order". A shopper without an account checks out as a
//! guest: name, phone and e-mail instead of the account (no coins), with a link to sign in for
//! coins; the order page then opens by its secret link. One idempotency key is made per
//! checkout attempt and sent again on a retry, and the button is disabled while placing, so a
//! double click or a lost answer makes one order. The app hands the page the signed-in user (or
//! none), the coin balance, the provinces and the coupons on show (features never import each
//! other), and hears about the placed order.
import { useRef } from 'react';
import { ApiError } from '../../../api/client';
import { Link, useLocation } from 'wouter';
import type { Address } from '../../../api/types';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { LineChoice } from '../../../components/line-choice';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useStore } from '../../../lib/create-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { linePath } from '../../../lib/product';
import { goToCardPayment } from '../api/pay-order';
import { postPlaceOrder, type PlacedOrder } from '../api/place-order';
import { cart, cartLoaded, emptyCart, refreshCart, replaceCartResult, visitorId } from '../cart-store';
import { checkoutProblem } from '../checkout-errors';
import { sameAddress } from '../checkout-rules';
import { AddressSection, type Provinces } from '../components/address-section';
import { OrderTotals } from '../components/order-totals';
import { PaymentSection } from '../components/payment-section';
import { CoinsField, CouponField, type CouponSuggestion } from '../components/savings-section';
import { useCheckoutForm, type CheckoutUser } from '../components/use-checkout-form';
import { useQuote } from '../components/use-quote';
import { FormField } from '../../../components/form-field';
import { VatSection } from '../components/vat-section';
import { lineDiscounts } from '../line-discounts';
import { checkoutDraft, resetCheckout } from '../checkout-state';
import { ContactSection } from '../components/contact-section';
import { guestOrderPath, rememberOrderKey } from '../guest-checkout';
import { rejectChoice } from '../quote-store';
import { randomId } from '../random-id';
import '../components/cart.css';

export type OrderPageProps = {
  /** Null for a guest checkout. */
  user: CheckoutUser | null;
  /** Opens sign-in and comes back to checkout (offered to guests). */
  onSignIn?: () => void;
  coinBalance: number;
  provinces: Provinces;
  /** Null until the province labels arrive: any key is accepted meanwhile. */
  provinceKeys: ReadonlySet<string> | null;
  coupons: CouponSuggestion[];
  /** The order is placed: `addInfo` is the user's saved addresses with the delivery address (the server saved it too). */
  onPlaced: (placed: PlacedOrder, addInfo: Address[]) => void;
};

export function OrderPage({ user, onSignIn, coinBalance, provinces, provinceKeys, coupons, onPlaced }: OrderPageProps) {
  const { t, locale } = useI18n();
  const [, navigate] = useLocation();
  const current = useStore(cart);
  const loaded = useStore(cartLoaded);
  const draft = useStore(checkoutDraft);
  const quote = useQuote();
  const form = useCheckoutForm(user, provinceKeys);
  // One key per checkout attempt: made on the first try, sent again on every retry.
  const attemptKey = useRef<string | null>(null);
  useDocumentTitle(t('pages.orderTitle'));

  if (current.lines.length === 0) {
    if (!loaded) return <Loading page />;
    return (
      <section class="page">
        <header class="page__header">
          <h1 class="page__title">{t('pages.orderTitle')}</h1>
        </header>
        <EmptyState icon="cart" title={t('pages.cartEmpty')}>
          <Link href="/" class="button">
            {t('pages.continueShopping')}
          </Link>
        </EmptyState>
      </section>
    );
  }

  const discounts = lineDiscounts(quote.quote, current.lines);
  const blocked = current.lines.some((line) => !line.available);

  const onSubmit = (event: Event) =>
    form.submit(event, async (choices) => {
      attemptKey.current ??= randomId();
      try {
        const placed = await postPlaceOrder({
          id: user ? String(user.id) : visitorId(),
          address: choices.address,
          vatInfo: choices.vatInfo ?? undefined,
          coupon: draft.coupon ?? undefined,
          coins: (user && draft.coins) || undefined,
          payment: choices.payment,
          idempotencyKey: attemptKey.current,
          lang: locale,
          email: choices.email || undefined,
          contact: choices.contact ?? undefined,
        });
        replaceCartResult(placed.order);
        emptyCart();
        resetCheckout();
        if (user) {
          const known = user.addInfo.some((saved) => sameAddress(saved, choices.address));
          onPlaced(placed, known ? user.addInfo : [choices.address, ...user.addInfo]);
        }
        // A guest keeps the key here (a card payment comes back without it) and gets the secret link.
        const key = placed.orderKey;
        if (key) rememberOrderKey(placed.order.id, key);
        // A card order goes on to the payment page; the provider sends the shopper back to /cartres.
        if (placed.order.payment.method === 'card_2c2p' && goToCardPayment(placed.order)) return;
        if (key) navigate(guestOrderPath(placed.order.id, key));
        else navigate(placed.order.payment.method === 'card_2c2p' ? `/cartres?order=${placed.order.id}` : '/cartres');
      } catch (error) {
        const problem = checkoutProblem(error);
        if (problem.field === 'coupon' || problem.field === 'coins') {
          rejectChoice(problem);
          form.setFormError({ key: 'checkout.errChoiceRejected' });
          return;
        }
        // Stock changed meanwhile: show the cart as it is now.
        if (error instanceof ApiError && error.status === 409) void refreshCart().catch(() => undefined);
        form.showProblem(problem);
      }
    });

  const formError = form.formError;
  return (
    <section class="page checkout-page">
      <header class="page__header">
        <h1 class="page__title">{t('pages.orderTitle')}</h1>
        <p class="page__count">
          {current.amt === 1 ? t('checkout.itemCountOne') : t('checkout.itemCount', { count: formatNumber(current.amt) })} · <Link href="/cart">{t('checkout.editCart')}</Link>
        </p>
      </header>
      <form class="checkout-layout" noValidate onSubmit={onSubmit} aria-busy={form.placing}>
        <div class="checkout-form">
          {user ? (
            <fieldset class="checkout-section">
              <legend class="checkout-section__title">{t('user.emailLabel')}</legend>
              <FormField
                id="checkout-email"
                name="email"
                type="email"
                inputMode="email"
                label={t('checkout.emailLabel')}
                hint={t('checkout.emailHint')}
                value={form.email}
                onValue={form.setEmail}
                autoComplete="email"
                maxLength={254}
                optional
                error={form.errorOf('email') ? t(form.errorOf('email')!.key) : null}
              />
            </fieldset>
          ) : (
            <ContactSection form={form} onSignIn={onSignIn} />
          )}
          <AddressSection form={form} provinces={provinces} />
          <VatSection form={form} />
          <fieldset class="checkout-section">
            <legend class="checkout-section__title">{user ? t('checkout.savingsTitle') : t('checkout.couponCode')}</legend>
            <CouponField suggestions={coupons} />
            {user ? <CoinsField balance={coinBalance} /> : null}
          </fieldset>
          <PaymentSection value={form.payment} onChange={form.setPayment} />
        </div>
        <aside class="card checkout-summary" aria-labelledby="order-summary-title">
          <h2 id="order-summary-title" class="checkout-summary__title">
            {t('checkout.summary')}
          </h2>
          <ul class="summary-lines">
            {current.lines.map((line) => {
              const discount = discounts.get(line.code) ?? 0;
              return (
                <li key={line.code} class="summary-lines__item">
                  <span class="summary-lines__name">
                    <Link href={linePath(line)} class="summary-lines__link">
                      {pickText(line.name, locale) || line.code}
                    </Link>{' '}
                    <span class="summary-lines__qty">× {formatNumber(line.qty)}</span>
                    <LineChoice line={line} />
                  </span>
                  <span class="summary-lines__amount">{formatMoney((line.unitPrice ?? 0) * line.qty - discount)}</span>
                </li>
              );
            })}
          </ul>
          {quote.quote ? (
            <OrderTotals quote={quote.quote} coupon={draft.coupon} dimmed={quote.status === 'loading'} />
          ) : quote.status === 'error' ? (
            <LoadError onRetry={quote.retry} />
          ) : (
            <Loading />
          )}
          <div class="checkout-alert-slot" role="alert">
            {formError ? (
              <p class="checkout-alert">
                <Icon name="alert" size={18} />
                <span>
                  {t(formError.key, formError.params)}
                  {formError.key === 'checkout.errOutOfStock' || formError.key === 'checkout.errUnavailable' ? (
                    <>
                      {' '}
                      <Link href="/cart">{t('checkout.editCart')}</Link>
                    </>
                  ) : null}
                </span>
              </p>
            ) : null}
          </div>
          {blocked ? <p class="checkout-summary__note">{t('checkout.removeUnavailable')}</p> : null}
          <button
            type="submit"
            class="button checkout-summary__go"
            disabled={form.placing || blocked || quote.status === 'loading'}
            data-testid="place-order"
          >
            {form.placing ? t('checkout.placing') : t('checkout.placeOrder')}
          </button>
          <p class="checkout-summary__secure">
            <Icon name="shield" size={16} />
            {t('checkout.payAfter')}
          </p>
        </aside>
      </form>
    </section>
  );
}
