//! The admin horizontal menu: the signed-in role's menus plus a "Code" submenu listing the code
//! tables (label group names, sorted by name). Entries the role's permissions do not open are left
//! out and names are translated (menu-entries.ts); the entry of the page shown is marked current.
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import type { AdminMenuItem, Permission } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { ExternalMenuLink, SubMenu } from '../../../components/sub-menu';
import { useResource } from '../../../lib/resource';
import { isExternalLink } from '../../../lib/url-rules';
import { t, useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { codeTablePath, menus } from '../admin-store';
import { menuEntries, menuMessageKey } from '../menu-entries';

/** The translated name of a menu entry; a name without a translation shows as written. */
function menuName(name: string): string {
  const key = menuMessageKey(name);
  const text = t(key as MessageKey);
  return text === key ? name : text;
}

/** The current page is this link or below it (/admin/orders/12 is under Orders); /admin only itself. */
function isCurrent(link: string, current: string): boolean {
  if (link === '/admin') return current === '/admin' || current === '/admin/';
  return current === link || current.startsWith(`${link}/`);
}

function AdminEntry({ item, current }: { item: AdminMenuItem; current: string }) {
  if (item.subMenus?.length) {
    return (
      <SubMenu label={menuName(item.name)} icon={item.icon}>
        {item.subMenus.map((sub) => (
          <AdminEntry key={`${sub.name}-${sub.link}`} item={sub} current={current} />
        ))}
      </SubMenu>
    );
  }
  if (isExternalLink(item.link)) {
    return (
      <ExternalMenuLink href={item.link} icon={item.icon}>
        {menuName(item.name)}
      </ExternalMenuLink>
    );
  }
  return (
    <li class="menu__item">
      <Link href={item.link} class="menu__link" aria-current={isCurrent(item.link, current) ? 'page' : undefined}>
        {item.icon ? <Icon name={item.icon} size={18} /> : null}
        <span>{menuName(item.name)}</span>
      </Link>
    </li>
  );
}

type AdminMenuProps = {
  role: string;
  codeGroups: string[];
  /** What the role may do; answers true for everything while that is not known. */
  can?: (permission: Permission) => boolean;
  /** The permissions are known: pages the role may use but the document lacks are added. */
  permissionsKnown?: boolean;
};

const everything = () => true;

/** A code table's name in the viewer's language (`admin.codes.groups.<group>`), else its key. */
function codeGroupTitle(group: string): string {
  const key = `admin.codes.groups.${group}` as MessageKey;
  const title = t(key);
  return title === key ? group : title;
}

export function AdminMenu({ role, codeGroups, can = everything, permissionsKnown = false }: AdminMenuProps) {
  useI18n();
  const [location] = useLocation();
  const state = useResource(menus);
  const items = menuEntries(state.data?.[role] ?? [], can, permissionsKnown);
  const nav = useRef<HTMLElement>(null);
  // On a phone the menu row scrolls sideways: keep the current page's entry in view.
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = current?.closest<HTMLElement>('.menu');
    if (!current || !row || row.scrollWidth <= row.clientWidth) return;
    const left = current.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + current.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = Math.max(0, left - (row.clientWidth - current.offsetWidth) / 2);
    }
  }, [location, items.length]);
  return (
    <nav ref={nav} class="admin-menu" aria-label={t('admin.title')}>
      <ul class="menu">
        {items.map((item) => (
          <AdminEntry key={`${item.name}-${item.link}`} item={item} current={location} />
        ))}
        {/* Every staff role reads the code tables (the server answers any staff); only
            settings.write changes them, and the page says so to the others. */}
        {codeGroups.length > 0 ? (
          <SubMenu label={t('admin.code')} icon="code">
            {codeGroups.map((group) => (
              <li key={group} class="menu__item">
                <Link href={codeTablePath(group)} class="menu__link">
                  <span>{codeGroupTitle(group)}</span>
                </Link>
              </li>
            ))}
          </SubMenu>
        ) : null}
      </ul>
    </nav>
  );
}
