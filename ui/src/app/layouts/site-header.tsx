//! The top of the default and main layouts: logo, search, customer slots, cart and main menu.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Icon } from '../../components/icon';
import { CartLink } from '../../features/cart/components/cart-link';
import { MainMenu } from '../../features/navigation/components/main-menu';
import { SearchBox } from '../../features/search/components/search-box';
import { AccountMenu } from '../../features/user/components/account-menu';
import { UserSlots } from '../../features/user/components/user-slots';
import { useI18n } from '../../i18n/i18n-store';
import { Logo } from './logo';

export function SiteHeader() {
  const { t } = useI18n();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [location]);
  return (
    <header class="site-header">
      <div class="container site-header__bar">
        <button
          type="button"
          class="site-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          aria-label={menuOpen ? t('common.close') : t('header.openMenu')}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={24} />
        </button>
        <Logo />
        <div class="site-header__search">
          <SearchBox />
        </div>
        <div class="site-header__actions">
          <UserSlots />
          <CartLink />
        </div>
      </div>
      <MainMenu id="main-menu" open={menuOpen}>
        <AccountMenu />
      </MainMenu>
    </header>
  );
}
