//! The product list of a room or category, or of a search: sort, filters with counts, the active
//! filters as removable chips, the grid (skeletons first, the previous grid dimmed while a change
//! loads), an empty state and page links; for a search rewritten by the server (another keyboard
//! layout, a misspelling) a note of what was searched instead. Everything it shows is read from the
//! URL; every change writes a new URL.
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { UnmatchedNote } from '../../../components/search/UnmatchedNote';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product-card';

/** The cards the server draws first (src/http/first_paint.rs FIRST_CARDS): loaded at once. */
const FIRST_ROW = 4;
import { pickText, useI18n } from '../../../i18n/i18n-store';
import type { LocalizedText } from '../../../i18n/types';
import { useResource } from '../../../lib/resource';
import { categories, findCategoryPathByKey, rooms } from '../catalog-store';
import { formatMoney, formatNumber } from '../../../lib/format';
import { KEEP_POSITION } from '../../../lib/navigation-state';
import type { ProductPage } from '../../../lib/product';
import { useRemote } from '../../../lib/use-remote';
import { listProducts, productListUrl, type ListingSort } from '../api/list-products';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  DEFAULT_SORT,
  filtersToQuery,
  isSort,
  parseFilters,
  PAGE_SIZE,
  SEARCH_SORTS,
  serializeFilters,
  SORTS,
  toggleKey,
  toggleSize,
  withFilters,
  type CatalogFilters,
  type CatalogScope,
} from '../filter-state';
import { labelTitle, type CatalogLabels } from '../labels';
import { FilterPanel } from './filter-panel';
import './product-listing.css';

const SORT_KEYS = {
  relevance: 'catalog.sortRelevance',
  popular: 'catalog.sortPopular',
  newest: 'catalog.sortNewest',
  price_asc: 'catalog.sortPriceAsc',
  price_desc: 'catalog.sortPriceDesc',
} as const satisfies Record<ListingSort, string>;

function ActiveFilters({
  filters,
  labels,
  sizeLabels,
  onChange,
}: {
  filters: CatalogFilters;
  labels: CatalogLabels;
  /** The words of the size keys, from the last answer's facets. */
  sizeLabels?: Record<string, LocalizedText>;
  onChange: (next: CatalogFilters) => void;
}) {
  const { t, locale } = useI18n();
  const roomList = useResource(rooms).data ?? [];
  const tree = useResource(categories).data ?? [];
  if (activeFilterCount(filters) === 0) return null;
  const chips: { key: string; text: string; next: CatalogFilters }[] = [];
  if (filters.room) {
    const room = roomList.find((r) => r.key === filters.room);
    chips.push({ key: 'room', text: room ? pickText(room.title, locale) : filters.room, next: withFilters(filters, { room: null }) });
  }
  if (filters.category) {
    const path = findCategoryPathByKey(tree, filters.category);
    const node = path[path.length - 1];
    chips.push({ key: 'category', text: node ? pickText(node.title, locale) : filters.category, next: withFilters(filters, { category: null }) });
  }
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    const min = filters.minPrice === null ? null : formatMoney(filters.minPrice * 100);
    const max = filters.maxPrice === null ? null : formatMoney(filters.maxPrice * 100);
    const text = min && max ? t('catalog.priceBetween', { min, max }) : min ? t('catalog.priceAtLeast', { min }) : t('catalog.priceAtMost', { max: max ?? '' });
    chips.push({ key: 'price', text, next: withFilters(filters, { minPrice: null, maxPrice: null }) });
  }
  for (const group of ['material', 'colour'] as const) {
    for (const key of filters[group]) {
      chips.push({
        key: `${group}-${key}`,
        text: labelTitle(labels.groups, group, key, locale),
        next: withFilters(filters, { [group]: toggleKey(filters[group], key) }),
      });
    }
  }
  for (const key of filters.size ?? []) {
    chips.push({ key: `size-${key}`, text: pickText(sizeLabels?.[key], locale) || key, next: withFilters(filters, { size: toggleSize(filters.size, key) }) });
  }
  return (
    <div class="active-filters">
      <p class="visually-hidden">{t('catalog.activeFilters')}</p>
      <ul class="active-filters__list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" class="active-filters__chip" aria-label={t('catalog.removeFilter', { name: chip.text })} onClick={() => onChange(chip.next)}>
              <span>{chip.text}</span>
              <Icon name="close" size={14} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="active-filters__clear" onClick={() => onChange(cleared(filters))}>
        {t('catalog.clearFilters')}
      </button>
    </div>
  );
}

/** No filters, same sort. */
function cleared(filters: CatalogFilters): CatalogFilters {
  return withFilters(filters, { ...DEFAULT_FILTERS, sort: filters.sort });
}

function countText(total: number, t: ReturnType<typeof useI18n>['t']): string {
  return total === 1 ? t('catalog.productCountOne') : t('catalog.productCount', { count: formatNumber(total) });
}

type ProductListingProps = {
  scope: CatalogScope;
  labels: CatalogLabels;
  /** What the list is of, for the list's accessible name ("Living room"). */
  label: string;
  /** Shown when the room or category (or the search) has no products at all. */
  empty: ComponentChildren;
  /** A search's words: the list is the search's results, best match first unless sorted. */
  keyword?: string;
};

export function ProductListing({ scope, labels, label, empty, keyword }: ProductListingProps) {
  const { t, locale } = useI18n();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const searching = keyword !== undefined;
  const sorts = searching ? SEARCH_SORTS : SORTS;
  const defaultSort: ListingSort = searching ? 'relevance' : DEFAULT_SORT;
  const filters = parseFilters(search, sorts, defaultSort);
  const query = filtersToQuery(filters, scope);
  if (searching && filters.sort !== 'relevance') query.sort = filters.sort;
  const url = productListUrl(query, locale, keyword);
  const remote = useRemote<ProductPage>(url, (signal) => listProducts(query, locale, signal, keyword));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const sortId = useId();
  const lead = searching ? `keyword=${encodeURIComponent(keyword)}` : '';

  const change = (next: CatalogFilters) => navigate(path + serializeFilters(next, defaultSort, lead), { state: KEEP_POSITION });
  const hrefFor = (page: number) => path + serializeFilters({ ...filters, page }, defaultSort, lead);
  const shown = remote.data ?? remote.previous;
  const count = activeFilterCount(filters);
  const pageCount = remote.data ? Math.max(1, Math.ceil(remote.data.total / PAGE_SIZE)) : 0;
  // Nothing at all and no filter set (a search that found nothing): there is nothing to filter or
  // sort, so the toolbar and the filter panel stay away and the empty state speaks alone.
  const nothing = Boolean(remote.data && remote.data.total === 0) && count === 0;

  let results: ComponentChildren;
  if (remote.status === 'error') {
    results = <LoadError onRetry={remote.retry} />;
  } else if (!shown) {
    results = <ProductGridSkeleton count={8} label={t('common.loading')} />;
  } else if (remote.data && remote.data.total === 0) {
    results =
      count > 0 ? (
        <EmptyState icon="search" title={t('catalog.noMatches')} text={t('catalog.noMatchesHint')}>
          <button type="button" class="button" onClick={() => change(cleared(filters))}>
            {t('catalog.clearFilters')}
          </button>
        </EmptyState>
      ) : (
        empty
      );
  } else if (remote.data && remote.data.products.length === 0) {
    results = (
      <EmptyState icon="grid" title={t('pagination.beyond', { page: formatNumber(filters.page) })}>
        <Link href={hrefFor(1)} class="button">
          {t('pagination.first')}
        </Link>
      </EmptyState>
    );
  } else {
    results = (
      <div class={`listing__results${remote.status === 'loading' ? ' is-loading' : ''}`} aria-busy={remote.status === 'loading'}>
        <ProductGrid products={shown.products} label={label} eagerFirst={FIRST_ROW} />
      </div>
    );
  }

  return (
    <section class="listing">
      {/* What the search did with the words comes first, above the filters, so it is on the
          first screen whether or not the filter panel is open. */}
      {remote.data?.correctedKeyword ? (
        <p class="listing__corrected" role="status">
          {t('search.showingFor', { keyword: remote.data.correctedKeyword, typed: keyword ?? '' })}
        </p>
      ) : null}
      <UnmatchedNote words={remote.data?.unmatchedWords} />
      {nothing ? null : (
        <div class="listing__toolbar">
          <p class="listing__count" role="status">
            {remote.data ? countText(remote.data.total, t) : shown ? countText(shown.total, t) : ''}
          </p>
          <button
            type="button"
            class="button button--ghost listing__filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            <Icon name="settings" size={18} />
            <span>{count > 0 ? t('catalog.filtersCount', { count: formatNumber(count) }) : t('catalog.filters')}</span>
          </button>
          <div class="listing__sort">
            <label for={sortId}>{t('catalog.sortLabel')}</label>
            <select
              id={sortId}
              value={filters.sort}
              onChange={(event) => {
                const value = (event.currentTarget as HTMLSelectElement).value;
                if (isSort(value, sorts)) change(withFilters(filters, { sort: value }));
              }}
            >
              {sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t(SORT_KEYS[sort])}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {nothing ? null : <FilterPanel id={panelId} open={filtersOpen} filters={filters} labels={labels} onChange={change} facets={shown?.facets} scoped={searching} />}
      <ActiveFilters filters={filters} labels={labels} sizeLabels={shown?.facets?.sizeLabels} onChange={change} />
      {results}
      {remote.data ? <Pagination page={filters.page} pageCount={pageCount} hrefFor={hrefFor} /> : null}
    </section>
  );
}
