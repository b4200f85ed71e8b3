//! The header cart link with its item-count badge. Its name says the count in words with the
//! language's plural rule ("Cart, 1 item", "Cart, 2 items"; Thai, Malay, Khmer and Indonesian
//! have one form), since the badge's bare number means nothing read out on its own.
import { Link } from 'wouter';
import { Badge } from '../../../components/badge';
import { Icon } from '../../../components/icon';
import { useStore } from '../../../lib/create-store';
import { formatNumber } from '../../../lib/format';
import { isPluralOne, t, useI18n } from '../../../i18n/i18n-store';
import type { LocaleCode } from '../../../lib/locale-path';
import { cartamt } from '../cart-store';

/** "1 item" / "2 items" in the language of `locale` (CLDR plural categories through Intl). */
export function cartItemsLabel(count: number, locale: LocaleCode): string {
  const one = isPluralOne(count, locale);
  return t(one ? 'mobile.cartItemsOne' : 'mobile.cartItemsOther', { count: formatNumber(count) });
}

export function CartLink({ showLabel = true }: { showLabel?: boolean }) {
  const { t, locale } = useI18n();
  const count = useStore(cartamt);
  return (
    <Link href="/cart" class="header-action" aria-label={`${t('header.cart')}, ${cartItemsLabel(count, locale)}`}>
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
