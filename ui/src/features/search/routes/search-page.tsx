//! /search and /searchcode: shows the keyword and, until the product search API exists, the honest empty result.
import { Link, useSearch } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';

export function SearchPage({ mode }: { mode: 'words' | 'code' }) {
  const { t } = useI18n();
  const keyword = (new URLSearchParams(useSearch()).get('keyword') ?? '').trim();
  const title = mode === 'code' ? t('search.codeTitle') : t('search.title');
  useDocumentTitle(title);
  return (
    <section class="page">
      <header class="page__header">
        <h1 class="page__title">{title}</h1>
        {keyword ? (
          <p class="page__lead">
            {mode === 'code' ? t('search.codeResultsFor', { keyword }) : t('search.resultsFor', { keyword })}
          </p>
        ) : null}
      </header>
      {keyword ? (
        <EmptyState icon="search" title={t('search.empty', { keyword })} text={t('search.emptyHint')}>
          <Link href="/room" class="button">
            {t('home.browseRooms')}
          </Link>
        </EmptyState>
      ) : (
        <EmptyState icon="search" title={t('search.noKeyword')} />
      )}
    </section>
  );
}
