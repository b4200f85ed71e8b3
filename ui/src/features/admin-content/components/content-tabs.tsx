//! Pages, Translations, Site settings, E-catalogue and Mail preview: the content pages under one heading.
import { Link, useLocation } from 'wouter';
import { useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';

const TABS: { href: string; label: MessageKey }[] = [
  { href: '/admin/pages', label: 'admin.content.tabs.pages' },
  { href: '/admin/translations', label: 'admin.content.tabs.translations' },
  { href: '/admin/settings', label: 'admin.content.tabs.settings' },
  { href: '/admin/catalogue-pdf', label: 'admin.content.tabs.catalogue' },
  { href: '/admin/mail-preview', label: 'admin.content.tabs.preview' },
];

export function ContentTabs() {
  const { t } = useI18n();
  const [location] = useLocation();
  return (
    <nav class="admin-tabs content-tabs" aria-label={t('admin.content.tabs.label')}>
      {TABS.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={location === tab.href || location.startsWith(`${tab.href}/`) ? 'page' : undefined}>
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  );
}
