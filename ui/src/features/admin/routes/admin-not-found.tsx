//! The staff area's own "not found": inside the admin layout, so the menu stays and the way on is
//! one click away (the shop's error screen would leave the staff area).
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { useDocumentTitle } from '../../../lib/document-title';
import { useI18n } from '../../../i18n/i18n-store';

export function AdminNotFound() {
  const { t } = useI18n();
  useDocumentTitle(t('admin.notFound.title'));
  return (
    <section class="page admin-page" data-testid="admin-not-found">
      <h1 class="visually-hidden">{t('admin.notFound.title')}</h1>
      <EmptyState icon="alert" title={t('admin.notFound.title')} text={t('admin.notFound.text')}>
        <Link href="/admin" class="button">
          {t('admin.notFound.toDashboard')}
        </Link>
      </EmptyState>
    </section>
  );
}
