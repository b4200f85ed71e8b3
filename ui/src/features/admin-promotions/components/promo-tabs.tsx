//! Tabs between the promotions and the coupons.
import { Link, useLocation } from 'wouter';
import { useI18n } from '../../../i18n/i18n-store';

export function PromoTabs() {
  const { t } = useI18n();
  const [location] = useLocation();
  const tab = (href: string, label: string) => (
    <Link href={href} aria-current={location === href ? 'page' : undefined}>
      {label}
    </Link>
  );
  return (
    <nav class="admin-tabs" aria-label={t('admin.promotions.tabs')}>
      {tab('/admin/promotions', t('admin.promotions.title'))}
      {tab('/admin/coupons', t('admin.coupons.title'))}
    </nav>
  );
}
