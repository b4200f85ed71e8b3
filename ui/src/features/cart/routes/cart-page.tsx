//! /cart, /order and /cartres: the cart is empty until the cart API arrives, and these pages say so.
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { useStore } from '../../../lib/create-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../i18n/i18n-store';
import { cart, cartRes } from '../cart-store';

export function CartPage({ step }: { step: 'cart' | 'order' }) {
  const { t } = useI18n();
  const { lines } = useStore(cart);
  const title = step === 'order' ? t('pages.orderTitle') : t('pages.cartTitle');
  useDocumentTitle(title);
  return (
    <section class="page">
      <header class="page__header">
        <h1 class="page__title">{title}</h1>
      </header>
      {lines.length === 0 ? (
        <EmptyState icon="cart" title={t('pages.cartEmpty')}>
          <Link href="/" class="button">
            {t('pages.continueShopping')}
          </Link>
        </EmptyState>
      ) : (
        <ul class="card-list">
          {lines.map((line) => (
            <li key={line.code} class="card-list__item">
              <span>{line.code}</span>
              <span>× {formatNumber(line.qty)}</span>
              <span>{formatMoney(line.price * line.qty)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CartResultPage() {
  const { t } = useI18n();
  const result = useStore(cartRes);
  useDocumentTitle(t('pages.cartResultTitle'));
  return (
    <section class="page">
      <header class="page__header">
        <h1 class="page__title">{t('pages.cartResultTitle')}</h1>
      </header>
      {result ? (
        <p class="page__lead">{t('pages.orderNumber', { id: result.orderId })}</p>
      ) : (
        <EmptyState icon="package" title={t('pages.cartResultEmpty')}>
          <Link href="/" class="button">
            {t('pages.continueShopping')}
          </Link>
        </EmptyState>
      )}
    </section>
  );
}
