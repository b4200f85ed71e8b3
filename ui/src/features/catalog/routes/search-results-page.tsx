//! /search?keyword=…: the products matching the words as a listing — best match first or sorted,
//! with the room, category, price, material and colour filters and their counts, all in the URL —
//! or an empty state that says what was searched for and leads back to the rooms.
import { Link, useSearch } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { ProductListing } from '../components/product-listing';
import type { CatalogLabels } from '../labels';

/** The keyword of a search URL, trimmed. */
export function readKeyword(search: string): string {
  return (new URLSearchParams(search).get('keyword') ?? '').trim();
}

export function SearchResultsPage({ labels }: { labels: CatalogLabels }) {
  const { t } = useI18n();
  const keyword = readKeyword(useSearch());
  const title = t('search.title');
  useDocumentTitle(title);
  return (
    <section class="page">
      <header class="page__header">
        <h1 class="page__title">{title}</h1>
        {keyword ? <p class="page__lead">{t('search.resultsFor', { keyword })}</p> : null}
      </header>
      {keyword ? (
        <ProductListing
          key={keyword}
          keyword={keyword}
          scope={{}}
          labels={labels}
          label={title}
          empty={
            <EmptyState icon="search" title={t('search.empty', { keyword })} text={t('search.emptyHint')}>
              <Link href="/room" class="button">
                {t('home.browseRooms')}
              </Link>
              <Link href="/" class="button button--ghost">
                {t('common.backHome')}
              </Link>
            </EmptyState>
          }
        />
      ) : (
        <EmptyState icon="search" title={t('search.noKeyword')} />
      )}
    </section>
  );
}
