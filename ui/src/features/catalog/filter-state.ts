//! The filters, sort and page of a product list live in the URL's query string, so a filtered
//! list can be shared and Back returns to it. Reading is forgiving (a value that makes no sense is
//! dropped, as if it were not there); writing omits defaults and puts the parameters in one fixed
//! order, so the same list always has the same URL. Prices in the URL are whole baht, for people;
//! the API takes satang.
import type { ListingSort, ProductListQuery, ProductSort } from './api/list-products';

export const SORTS: readonly ProductSort[] = ['popular', 'newest', 'price_asc', 'price_desc'];
/** Search results also sort by how well they match, and do so unless told otherwise. */
export const SEARCH_SORTS: readonly ListingSort[] = ['relevance', ...SORTS];
export const DEFAULT_SORT: ProductSort = 'popular';
export const PAGE_SIZE = 24;
/** The API refuses pages beyond this. */
export const MAX_PAGE = 10_000;

export type CatalogFilters = {
  /** Room and category keys chosen on a search (a room or category page has its own). */
  room: string | null;
  category: string | null;
  /** Whole baht, or null for no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Material keys (labels group "material"), sorted, no repeats. */
  material: string[];
  /** Colour keys (labels group "colour"), sorted, no repeats. */
  colour: string[];
  /** Size keys (the slugs of size option values, "6-ft", "160x200"), as written, sorted. */
  size: string[];
  sort: ListingSort;
  page: number;
};

export const DEFAULT_FILTERS: CatalogFilters = Object.freeze({
  room: null,
  category: null,
  minPrice: null,
  maxPrice: null,
  material: [],
  colour: [],
  size: [],
  sort: DEFAULT_SORT,
  page: 1,
}) as CatalogFilters;

/** A key as the API accepts it in a list: lowercase letters and -, at most 32. */
const LIST_KEY = /^[a-z-]{1,32}$/;
/** A size key as the API accepts it: letters, digits, - _ and ., case kept, at most 64. */
const SIZE_KEY = /^[A-Za-z0-9._-]{1,64}$/;
/** A room or category key as the API accepts it. */
const SCOPE_KEY = /^[a-z0-9_-]{1,64}$/;
/** Whole baht, at most 9 digits (฿999,999,999). */
const BAHT = /^\d{1,9}$/;
const PAGE = /^\d{1,5}$/;

function keyList(values: string[]): string[] {
  const keys = values
    .flatMap((value) => value.split(','))
    .map((key) => key.trim().toLowerCase())
    .filter((key) => LIST_KEY.test(key));
  return [...new Set(keys)].sort();
}

function sizeList(values: string[]): string[] {
  const keys = values.flatMap((value) => value.split(',')).map((key) => key.trim()).filter((key) => SIZE_KEY.test(key));
  return [...new Set(keys)].sort();
}

function baht(value: string | null): number | null {
  const text = value?.trim() ?? '';
  return BAHT.test(text) ? Number(text) : null;
}

export function isSort(value: unknown, sorts: readonly ListingSort[] = SORTS): value is ListingSort {
  return typeof value === 'string' && (sorts as readonly string[]).includes(value);
}

function scopeKey(value: string | null): string | null {
  const key = value?.trim().toLowerCase() ?? '';
  return SCOPE_KEY.test(key) ? key : null;
}

/**
 * Reads the filters from a query string ('?a=b' or 'a=b'); what is invalid is dropped. Search
 * results pass their sorts and default (relevance).
 */
export function parseFilters(search: string, sorts: readonly ListingSort[] = SORTS, defaultSort: ListingSort = DEFAULT_SORT): CatalogFilters {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  let minPrice = baht(params.get('minPrice'));
  let maxPrice = baht(params.get('maxPrice'));
  // A range that ends before it starts cannot be meant: neither bound is kept.
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    minPrice = null;
    maxPrice = null;
  }
  const sort = params.get('sort');
  const pageText = params.get('page')?.trim() ?? '';
  const page = PAGE.test(pageText) ? Number(pageText) : 1;
  return {
    room: scopeKey(params.get('room')),
    category: scopeKey(params.get('category')),
    minPrice,
    maxPrice,
    material: keyList(params.getAll('material')),
    colour: keyList(params.getAll('colour')),
    size: sizeList(params.getAll('size')),
    sort: isSort(sort, sorts) ? sort : defaultSort,
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * Writes the filters as a query string ('' for the defaults, else '?…'), defaults left out;
 * `lead` (a search's `keyword=…`) comes first.
 */
export function serializeFilters(filters: CatalogFilters, defaultSort: ListingSort = DEFAULT_SORT, lead = ''): string {
  const parts: string[] = lead ? [lead] : [];
  if (filters.room) parts.push(`room=${filters.room}`);
  if (filters.category) parts.push(`category=${filters.category}`);
  if (filters.minPrice !== null) parts.push(`minPrice=${filters.minPrice}`);
  if (filters.maxPrice !== null) parts.push(`maxPrice=${filters.maxPrice}`);
  const material = keyList(filters.material);
  if (material.length) parts.push(`material=${material.join(',')}`);
  const colour = keyList(filters.colour);
  if (colour.length) parts.push(`colour=${colour.join(',')}`);
  const size = sizeList(filters.size ?? []);
  if (size.length) parts.push(`size=${size.map(encodeURIComponent).join(',')}`);
  if (filters.sort !== defaultSort) parts.push(`sort=${filters.sort}`);
  if (filters.page > 1) parts.push(`page=${filters.page}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A change of filters or sort starts again at page 1, unless the change is the page itself. */
export function withFilters(filters: CatalogFilters, change: Partial<CatalogFilters>): CatalogFilters {
  return { ...filters, page: 1, ...change };
}

/** Adds a key to a list, or removes it when it is there. */
export function toggleKey(list: string[], key: string): string[] {
  return list.includes(key) ? list.filter((k) => k !== key) : keyList([...list, key]);
}

/** The same for size keys, which keep their case and may hold digits. */
export function toggleSize(list: string[], key: string): string[] {
  return list.includes(key) ? list.filter((k) => k !== key) : sizeList([...list, key]);
}

/** How many filters narrow the list (a price range counts once). */
export function activeFilterCount(filters: CatalogFilters): number {
  const price = filters.minPrice !== null || filters.maxPrice !== null ? 1 : 0;
  return price + filters.material.length + filters.colour.length + (filters.size?.length ?? 0) + (filters.room ? 1 : 0) + (filters.category ? 1 : 0);
}

export type CatalogScope = { room?: string; category?: string };

/** The API query for a room or category page (or a search) with these filters (baht become satang). */
export function filtersToQuery(filters: CatalogFilters, scope: CatalogScope): ProductListQuery {
  return {
    room: scope.room ?? filters.room ?? undefined,
    category: scope.category ?? filters.category ?? undefined,
    minPrice: filters.minPrice === null ? undefined : filters.minPrice * 100,
    maxPrice: filters.maxPrice === null ? undefined : filters.maxPrice * 100,
    material: filters.material,
    colour: filters.colour,
    size: filters.size,
    sort: filters.sort === DEFAULT_SORT || filters.sort === 'relevance' ? undefined : filters.sort,
    page: filters.page > 1 ? filters.page : undefined,
    limit: PAGE_SIZE,
  };
}
