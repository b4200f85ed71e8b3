//! Staff and Roles, two pages under one heading.
import { Link, useLocation } from 'wouter';
import { useI18n } from '../../../i18n/i18n-store';

export function StaffTabs() {
  const { t } = useI18n();
  const [location] = useLocation();
  return (
    <nav class="admin-tabs" aria-label={t('admin.staff.tabs')}>
      <Link href="/admin/staff" aria-current={location === '/admin/staff' ? 'page' : undefined}>
        {t('admin.staff.title')}
      </Link>
      <Link href="/admin/roles" aria-current={location === '/admin/roles' ? 'page' : undefined}>
        {t('admin.roles.title')}
      </Link>
    </nav>
  );
}
