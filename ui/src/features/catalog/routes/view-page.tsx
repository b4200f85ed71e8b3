//! /view/{id}: what it shows is not known (docs/STOREFRONT.md §2); it says so and links home.
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { useDocumentTitle } from '../../../lib/document-title';
import { safeDecode } from '../../../lib/url-rules';
import { useI18n } from '../../../i18n/i18n-store';

export function ViewPage({ id }: { id?: string }) {
  const { t } = useI18n();
  useDocumentTitle(t('pages.viewTitle'));
  return (
    <section class="page">
      <header class="page__header">
        <h1 class="page__title">{t('pages.viewTitle')}</h1>
      </header>
      <EmptyState icon="search" title={id ? t('pages.viewMissing', { id: safeDecode(id) }) : t('pages.productsEmpty')}>
        <Link href="/" class="button">
          {t('common.backHome')}
        </Link>
      </EmptyState>
    </section>
  );
}
