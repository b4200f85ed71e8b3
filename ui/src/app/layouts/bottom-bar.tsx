//! The fixed bottom navigation at 700 px and below: Home, Categories, Info, Cart (badge), Account.
//! It shows on every page of the shop, product pages too (their buy bar sits just above it, so
//! Categories and Account stay one tap away while buying). `--bottom-bar-height` (variables.css)
//! is its height, for the page's end padding and the bars above it.
import { Link, useLocation } from 'wouter';
import { Badge } from '../../components/badge';
import { Icon, type IconName } from '../../components/icon';
import { cartItemsLabel, useCartCount } from '../../features/cart/components/cart-link';
import { useI18n } from '../../i18n/i18n-store';
import type { MessageKey } from '../../i18n/types';

const ITEMS: { href: string; icon: IconName; label: MessageKey }[] = [
  { href: '/', icon: 'home', label: 'mobileNav.home' },
  { href: '/mobile/category', icon: 'grid', label: 'mobileNav.categories' },
  { href: '/mobile/info', icon: 'info', label: 'mobileNav.info' },
  { href: '/cart', icon: 'cart', label: 'mobileNav.cart' },
  { href: '/mobile/account', icon: 'user', label: 'mobileNav.account' },
];

export function BottomBar() {
  const { t, locale } = useI18n();
  const [location] = useLocation();
  const cartCount = useCartCount();
  return (
    <nav class="bottom-bar" aria-label={t('mobileNav.label')}>
      <ul class="bottom-bar__list">
        {ITEMS.map((item) => (
          <li key={item.href}>
            <Link href={item.href} class="bottom-bar__link" aria-current={location === item.href ? 'page' : undefined}>
              <span class="bottom-bar__icon">
                <Icon name={item.icon} size={22} />
                {item.href === '/cart' ? <Badge count={cartCount} label={cartItemsLabel(cartCount, locale)} /> : null}
              </span>
              <span class="bottom-bar__label">{t(item.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
