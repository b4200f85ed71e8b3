//! /searchcode?keyword=…&page=…: the products whose code starts with the keyword as a grid with
//! page links (the answer holds them all; pages are cut here), or an empty state that says what
//! was searched for and leads back to the rooms. Word searches are catalogue listings.
import { Link, useSearch } from 'wouter';
import { httpStatusOf } from '../../../api/client';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product-card';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatNumber } from '../../../lib/format';
import type { LocaleCode } from '../../../lib/locale-path';
import type { ProductPage } from '../../../lib/product';
import { useRemote } from '../../../lib/use-remote';
import { codeSearchUrl, searchCodes } from '../api/search-codes';

export const RESULTS_PER_PAGE = 24;
const MAX_PAGE = 10_000;

/** The keyword and page of a search URL; a page that is not a whole number from 1 is page 1. */
export function readSearchQuery(search: string): { keyword: string; page: number } {
  const params = new URLSearchParams(search);
  const keyword = (params.get('keyword') ?? '').trim();
  const pageText = params.get('page')?.trim() ?? '';
  const page = /^\d{1,5}$/.test(pageText) ? Number(pageText) : 1;
  return { keyword, page: page >= 1 && page <= MAX_PAGE ? page : 1 };
}

/** One page of the code matches. */
function useResults(keyword: string, page: number, lang: LocaleCode) {
  const url = codeSearchUrl(keyword, lang);
  const remote = useRemote<ProductPage>(keyword ? url : null, async (signal) => {
    const found = await searchCodes(keyword, lang, signal);
    return { ...found, page: 1, limit: found.products.length };
  });
  if (remote.status !== 'ready') return remote;
  const start = (page - 1) * RESULTS_PER_PAGE;
  const data: ProductPage = { products: remote.data.products.slice(start, start + RESULTS_PER_PAGE), total: remote.data.total, page, limit: RESULTS_PER_PAGE };
  return { ...remote, data };
}

export function CodeSearchPage() {
  const { t, locale } = useI18n();
  const { keyword, page } = readSearchQuery(useSearch());
  const title = t('search.codeTitle');
  useDocumentTitle(title);
  const remote = useResults(keyword, page, locale);
  const hrefFor = (n: number) => `/searchcode?keyword=${encodeURIComponent(keyword)}${n > 1 ? `&page=${n}` : ''}`;

  let results;
  if (!keyword) {
    results = <EmptyState icon="search" title={t('search.noKeyword')} />;
  } else if (remote.status === 'error' && httpStatusOf(remote.error) !== 400) {
    results = <LoadError onRetry={remote.retry} />;
  } else if (remote.status === 'loading') {
    results = <ProductGridSkeleton count={8} label={t('common.loading')} />;
  } else if (remote.status === 'error' || remote.data.total === 0) {
    // A keyword the server refuses (over 100 characters) matches nothing either.
    results = (
      <EmptyState icon="search" title={t('search.empty', { keyword })} text={t('search.emptyHint')}>
        <Link href="/room" class="button">
          {t('home.browseRooms')}
        </Link>
        <Link href="/" class="button button--ghost">
          {t('common.backHome')}
        </Link>
      </EmptyState>
    );
  } else if (remote.data.products.length === 0) {
    results = (
      <EmptyState icon="grid" title={t('pagination.beyond', { page: formatNumber(page) })}>
        <Link href={hrefFor(1)} class="button">
          {t('pagination.first')}
        </Link>
      </EmptyState>
    );
  } else {
    results = (
      <>
        <ProductGrid products={remote.data.products} label={title} eagerFirst={4} />
        <Pagination page={page} pageCount={Math.ceil(remote.data.total / RESULTS_PER_PAGE)} hrefFor={hrefFor} />
      </>
    );
  }

  return (
    <section class="page">
      <header class="page__header">
        <h1 class="page__title">{title}</h1>
        {keyword ? <p class="page__lead">{t('search.codeResultsFor', { keyword })}</p> : null}
        {keyword && remote.status === 'ready' && remote.data.total > 0 ? (
          <p class="page__count" role="status">
            {remote.data.total === 1 ? t('catalog.productCountOne') : t('catalog.productCount', { count: formatNumber(remote.data.total) })}
          </p>
        ) : null}
      </header>
      {results}
    </section>
  );
}
