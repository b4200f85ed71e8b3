//! The top of the default and main layouts: logo, search, customer slots, cart and main menu.
//! At 700 px and below it is one row — menu button, logo, search button, cart — so products start
//! high on a phone: the search field opens over the row from its button (focus goes into it,
//! Escape or its close button shuts it and gives focus back; so does leaving it, by Tab or a tap
//! elsewhere, without moving the focus), and the menu holds the account with
//! coins and coupons and the language and shop notes of the info bar.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Icon } from '../../components/icon';
import { CartLink } from '../../features/cart/components/cart-link';
import { MainMenu } from '../../features/navigation/components/main-menu';
import { SearchBox } from '../../features/search/components/search-box';
import { AccountMenu } from '../../features/user/components/account-menu';
import { UserSlots } from '../../features/user/components/user-slots';
import { useI18n } from '../../i18n/i18n-store';
import { InfoBar } from './info-bar';
import { Logo } from './logo';

const SEARCH_ID = 'site-search';

export function SiteHeader() {
  const { t } = useI18n();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const refocusToggle = useRef(false);
  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location]);
  // The button is hidden while the field covers the row: focus it once the row shows again.
  useEffect(() => {
    if (searchOpen || !refocusToggle.current) return;
    refocusToggle.current = false;
    searchToggle.current?.focus();
  }, [searchOpen]);
  const closeSearch = () => {
    refocusToggle.current = true;
    setSearchOpen(false);
  };
  return (
    <header class="site-header">
      <div class="container site-header__bar">
        <button
          type="button"
          class="site-header__menu-toggle site-header__icon-button"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          aria-label={menuOpen ? t('common.close') : t('header.openMenu')}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={24} />
        </button>
        <Logo />
        <div
          id={SEARCH_ID}
          class={`site-header__search${searchOpen ? ' is-open' : ''}`}
          onFocusOut={(event) => {
            const next = (event as FocusEvent).relatedTarget as Node | null;
            if (searchOpen && !(next && event.currentTarget.contains(next))) setSearchOpen(false);
          }}
        >
          <SearchBox focusOnOpen={searchOpen} onDismiss={closeSearch} />
          <button type="button" class="site-header__search-close site-header__icon-button" aria-label={t('mobile.closeSearch')} onClick={closeSearch}>
            <Icon name="close" size={22} />
          </button>
        </div>
        <div class="site-header__actions">
          <UserSlots />
          <button
            ref={searchToggle}
            type="button"
            class="site-header__search-toggle site-header__icon-button"
            aria-expanded={searchOpen}
            aria-controls={SEARCH_ID}
            aria-label={t('mobile.openSearch')}
            onClick={() => setSearchOpen(true)}
          >
            <Icon name="search" size={22} />
          </button>
          <CartLink />
        </div>
      </div>
      <MainMenu id="main-menu" open={menuOpen}>
        <AccountMenu />
      </MainMenu>
      {menuOpen ? <InfoBar placement="menu" /> : null}
    </header>
  );
}
