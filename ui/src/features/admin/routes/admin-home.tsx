//! /admin: the admin landing page.
import { useDocumentTitle } from '../../../lib/document-title';
import { useI18n } from '../../../i18n/i18n-store';

export function AdminHome({ userName }: { userName: string }) {
  const { t } = useI18n();
  useDocumentTitle(t('admin.title'));
  return (
    <section class="page">
      <header class="page__header">
        <p class="page__eyebrow">{userName}</p>
        <h1 class="page__title">{t('admin.title')}</h1>
        <p class="page__lead">{t('admin.welcome')}</p>
      </header>
    </section>
  );
}
