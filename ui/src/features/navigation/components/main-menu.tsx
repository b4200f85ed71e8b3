//! The main menu from the translated configuration `messages.menus.main`: items with sub-menus,
//! external links (plain links, rel=noopener) and internal paths (router links under the
//! current language). The caller appends the account entries.
import type { ComponentChildren } from 'preact';
import { Link, useLocation } from 'wouter';
import { Icon } from '../../../components/icon';
import { ExternalMenuLink, SubMenu } from '../../../components/sub-menu';
import { useI18n } from '../../../i18n/i18n-store';
import type { MenuItem } from '../../../i18n/types';
import { useNarrow } from '../../../lib/use-narrow';
import { isExternalLink } from '../../../lib/url-rules';
import './main-menu.css';

function MenuEntry({ item, current }: { item: MenuItem; current: string }) {
  if (item.subMenus?.length) {
    return (
      <SubMenu label={item.name} icon={item.icon}>
        {item.subMenus.map((sub, index) => (
          <MenuEntry key={`${sub.name}-${index}`} item={sub} current={current} />
        ))}
      </SubMenu>
    );
  }
  const path = item.path ?? '/';
  if (isExternalLink(path)) {
    return (
      <ExternalMenuLink href={path} icon={item.icon}>
        {item.name}
      </ExternalMenuLink>
    );
  }
  return (
    <li class="menu__item">
      <Link href={path} class="menu__link" aria-current={current === path ? 'page' : undefined}>
        {item.icon ? <Icon name={item.icon} size={18} /> : null}
        <span>{item.name}</span>
      </Link>
    </li>
  );
}

type MainMenuProps = { id?: string; open?: boolean; children?: ComponentChildren };

export function MainMenu({ id, open = false, children }: MainMenuProps) {
  const { t, messages } = useI18n();
  const [location] = useLocation();
  const items: MenuItem[] = Array.isArray(messages.menus?.main) ? messages.menus.main : [];
  // Closed on a phone the menu is not shown: its entries (and the account's) are made when it
  // opens, which spares a phone's first render of every page.
  const shut = useNarrow() && !open;
  return (
    <nav id={id} class={`main-menu${open ? ' is-open' : ''}`} aria-label={t('header.mainMenu')}>
      <ul class="menu container">
        {shut
          ? null
          : items.map((item, index) => <MenuEntry key={`${item.name}-${index}`} item={item} current={location} />)}
        {shut ? null : children}
      </ul>
    </nav>
  );
}
