//! /cart: the lines (photo, name, code, unit price, promotion discount, quantity, remove) and the
//! server's totals (subtotal, promotions, coupon, coins, shipping, total with the VAT included),
//! then on to checkout (anonymous visitors check out as guests). On a phone a bar with the total
//! and the checkout button stays at the bottom of the screen, above the app's bottom bar, so
//! checking out never needs a scroll.
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useStore } from '../../../lib/create-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { cart, cartLoaded } from '../cart-store';
import { CartLineItem } from '../components/cart-line-item';
import { OrderTotals } from '../components/order-totals';
import { useQuote } from '../components/use-quote';
import { lineDiscounts } from '../line-discounts';
import { checkoutDraft } from '../checkout-state';
import '../components/cart.css';

export function CartPage() {
  const { t } = useI18n();
  const current = useStore(cart);
  const loaded = useStore(cartLoaded);
  const draft = useStore(checkoutDraft);
  const quote = useQuote();
  useDocumentTitle(t('pages.cartTitle'));
  const discounts = lineDiscounts(quote.quote, current.lines);
  const blocked = current.lines.some((line) => !line.available);

  return (
    <section class="page cart-page">
      <header class="page__header">
        <h1 class="page__title">{t('pages.cartTitle')}</h1>
        {current.lines.length > 0 ? <p class="page__count">{current.amt === 1 ? t('checkout.itemCountOne') : t('checkout.itemCount', { count: formatNumber(current.amt) })}</p> : null}
      </header>
      {current.lines.length === 0 ? (
        loaded ? (
          <EmptyState icon="cart" title={t('pages.cartEmpty')}>
            <Link href="/" class="button">
              {t('pages.continueShopping')}
            </Link>
          </EmptyState>
        ) : (
          <Loading />
        )
      ) : (
        <div class="checkout-layout">
          <ul class="cart-lines" aria-label={t('checkout.linesLabel')}>
            {current.lines.map((line) => (
              <CartLineItem key={line.code} line={line} discount={discounts.get(line.code) ?? 0} />
            ))}
          </ul>
          <aside class="card checkout-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" class="checkout-summary__title">
              {t('checkout.summary')}
            </h2>
            {quote.quote ? (
              <OrderTotals quote={quote.quote} coupon={draft.coupon} dimmed={quote.status === 'loading'} />
            ) : quote.status === 'error' ? (
              <LoadError onRetry={quote.retry} />
            ) : (
              <Loading />
            )}
            {blocked ? <p class="checkout-summary__note">{t('checkout.removeUnavailable')}</p> : null}
            {blocked ? (
              <button type="button" class="button checkout-summary__go" disabled>
                {t('checkout.toCheckout')}
              </button>
            ) : (
              <Link href="/order" class="button checkout-summary__go">
                {t('checkout.toCheckout')}
                <Icon name="chevron-right" size={18} />
              </Link>
            )}
            <Link href="/" class="checkout-summary__back">
              {t('pages.continueShopping')}
            </Link>
          </aside>
          <div class="checkout-bar" role="region" aria-label={t('guest.checkoutBar')} data-testid="checkout-bar">
            <p class="checkout-bar__total">
              <span>{t('checkout.total')}</span>
              <strong data-testid="checkout-bar-total">{quote.quote ? formatMoney(quote.quote.total) : '…'}</strong>
            </p>
            {blocked ? (
              <button type="button" class="button checkout-bar__go" disabled>
                {t('checkout.toCheckout')}
              </button>
            ) : (
              <Link href="/order" class="button checkout-bar__go">
                {t('checkout.toCheckout')}
                <Icon name="chevron-right" size={18} />
              </Link>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
