//! The admin layout (docs/STOREFRONT.md §2): a horizontal menu from the role's admin menus plus the
//! Code submenu.
import type { ComponentChildren } from 'preact';
import type { Permission } from '../../api/types';
import { Link } from 'wouter';
import { Icon } from '../../components/icon';
import { AdminMenu } from '../../features/admin/components/admin-menu';
import { useI18n } from '../../i18n/i18n-store';
import { Logo } from './logo';
import { SkipLink } from './skip-link';
import './admin-layout.css';

type AdminLayoutProps = {
  role: string;
  codeGroups: string[];
  /** What the role may do (the menu leaves out pages it cannot open). */
  can?: (permission: Permission) => boolean;
  permissionsKnown?: boolean;
  children: ComponentChildren;
};

export function AdminLayout({ role, codeGroups, can, permissionsKnown, children }: AdminLayoutProps) {
  const { t } = useI18n();
  return (
    <div class="layout layout--admin">
      <SkipLink />
      <header class="admin-header">
        <div class="container admin-header__inner">
          <Logo />
          <span class="admin-header__badge">{t('admin.title')}</span>
          <Link href="/" class="admin-header__shop">
            <Icon name="home" size={18} />
            <span>{t('admin.backToShop')}</span>
          </Link>
        </div>
        <div class="container admin-header__nav">
          <AdminMenu role={role} codeGroups={codeGroups} can={can} permissionsKnown={permissionsKnown} />
        </div>
      </header>
      <main id="main" class="container layout__main layout__main--solo" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
