//! The fixed bottom navigation at 700 px and below: Home, Categories, Info, Cart (badge), Account.
//! Product pages leave it out: their buy bar takes the bottom of the screen instead (two bars
//! would leave too little of the page). `--bottom-bar-height` (variables.css) follows whether it
//! is there, for the page's end padding and other sticky bars.
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

/** Pages with a bar of their own at the bottom (a product's "Add to cart"). */
export function hasOwnBottomBar(location: string): boolean {
  return /^\/products\/[^/]+/.test(location);
}

export function BottomBar() {
  const { t, locale } = useI18n();
  const [location] = useLocation();
  const cartCount = useCartCount();
  if (hasOwnBottomBar(location)) return null;
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
