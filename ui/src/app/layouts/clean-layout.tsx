//! The clean layout (docs/STOREFRONT.md §2) for error screens: only a Home menu.
import type { ComponentChildren } from 'preact';
import { Link } from 'wouter';
import { Icon } from '../../components/icon';
import { useI18n } from '../../i18n/i18n-store';
import { Logo } from './logo';
import { SkipLink } from './skip-link';

export function CleanLayout({ children }: { children: ComponentChildren }) {
  const { t } = useI18n();
  return (
    <div class="layout layout--clean">
      <SkipLink />
      <header class="clean-header">
        <div class="container clean-header__inner">
          <Logo />
          <nav aria-label={t('header.mainMenu')}>
            <ul class="menu">
              <li class="menu__item">
                <Link href="/" class="menu__link">
                  <Icon name="home" size={18} />
                  <span>{t('common.home')}</span>
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" class="container layout__main layout__main--solo" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
