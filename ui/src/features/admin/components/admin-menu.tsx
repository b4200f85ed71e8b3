//! The admin horizontal menu: the signed-in role's menus plus a "Code" submenu listing the code
//! tables (label group names, sorted by name).
import { Link, useLocation } from 'wouter';
import type { AdminMenuItem } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { ExternalMenuLink, SubMenu } from '../../../components/sub-menu';
import { useResource } from '../../../lib/resource';
import { isExternalLink } from '../../../lib/url-rules';
import { useI18n } from '../../../i18n/i18n-store';
import { codeTablePath, menus } from '../admin-store';

function AdminEntry({ item, current }: { item: AdminMenuItem; current: string }) {
  if (item.subMenus?.length) {
    return (
      <SubMenu label={item.name} icon={item.icon}>
        {item.subMenus.map((sub) => (
          <AdminEntry key={`${sub.name}-${sub.link}`} item={sub} current={current} />
        ))}
      </SubMenu>
    );
  }
  if (isExternalLink(item.link)) {
    return (
      <ExternalMenuLink href={item.link} icon={item.icon}>
        {item.name}
      </ExternalMenuLink>
    );
  }
  return (
    <li class="menu__item">
      <Link href={item.link} class="menu__link" aria-current={current === item.link ? 'page' : undefined}>
        {item.icon ? <Icon name={item.icon} size={18} /> : null}
        <span>{item.name}</span>
      </Link>
    </li>
  );
}

export function AdminMenu({ role, codeGroups }: { role: string; codeGroups: string[] }) {
  const { t } = useI18n();
  const [location] = useLocation();
  const state = useResource(menus);
  const items = state.data?.[role] ?? [];
  return (
    <nav class="admin-menu" aria-label={t('admin.title')}>
      <ul class="menu">
        {items.map((item) => (
          <AdminEntry key={`${item.name}-${item.link}`} item={item} current={location} />
        ))}
        {codeGroups.length > 0 ? (
          <SubMenu label={t('admin.code')} icon="code">
            {codeGroups.map((group) => (
              <li key={group} class="menu__item">
                <Link href={codeTablePath(group)} class="menu__link">
                  <span>{group}</span>
                </Link>
              </li>
            ))}
          </SubMenu>
        ) : null}
      </ul>
    </nav>
  );
}
