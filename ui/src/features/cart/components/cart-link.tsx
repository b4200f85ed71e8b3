//! The header cart link with its item-count badge.
import { Link } from 'wouter';
import { Badge } from '../../../components/badge';
import { Icon } from '../../../components/icon';
import { useStore } from '../../../lib/create-store';
import { useI18n } from '../../../i18n/i18n-store';
import { cartamt } from '../cart-store';

export function CartLink({ showLabel = true }: { showLabel?: boolean }) {
  const { t } = useI18n();
  const count = useStore(cartamt);
  return (
    <Link href="/cart" class="header-action" aria-label={`${t('header.cart')}, ${t('header.cartItems', { count })}`}>
      <span class="header-action__icon">
        <Icon name="cart" size={24} />
        <Badge count={count} />
      </span>
      {showLabel ? <span class="header-action__label">{t('header.cart')}</span> : null}
    </Link>
  );
}

export function useCartCount(): number {
  return useStore(cartamt);
}
