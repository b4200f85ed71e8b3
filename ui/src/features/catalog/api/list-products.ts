//! GET /api/app/product/list — one page of the products of a room or category, filtered and sorted;
//! GET /api/app/search — the same for the products matching a keyword (best match first). Both
//! answer summaries whose names are in the language asked for (`lang`).
import { apiGet } from '../../../api/client';
import type { ProductListParams, ProductPageAnswer } from '../../../api/types';
import type { LocaleCode } from '../../../lib/locale-path';
import { rememberSummaries, type ProductPage } from '../../../lib/product';

export type ProductSort = 'popular' | 'newest' | 'price_asc' | 'price_desc';
/** Search results also sort by relevance (their default; the list does not know it). */
export type ListingSort = ProductSort | 'relevance';

/** The filters as the pages hold them; `productListUrl` writes them as `ProductListParams`. */
export type ProductListQuery = {
  room?: string;
  category?: string;
  /** Satang. */
  minPrice?: number;
  /** Satang. */
  maxPrice?: number;
  material?: string[];
  colour?: string[];
  /** Size keys (docs/VARIANTS.md §4). */
  size?: string[];
  sort?: ProductSort;
  page?: number;
  limit?: number;
};

/**
 * The request URL; parameters without a value are left out, so equal queries give equal URLs. With
 * a keyword it is the search's URL. The language of the names is part of it, so the answer cache
 * (keyed by URL) asks again after a language switch.
 */
export function productListUrl(query: ProductListQuery, lang: LocaleCode, keyword?: string): string {
  const params: string[] = keyword === undefined ? [] : [`keyword=${encodeURIComponent(keyword)}`];
  const add = (name: keyof ProductListParams, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.push(`${name}=${encodeURIComponent(String(value))}`);
  };
  add('room', query.room);
  add('category', query.category);
  add('minPrice', query.minPrice);
  add('maxPrice', query.maxPrice);
  add('material', query.material?.length ? query.material.join(',') : undefined);
  add('colour', query.colour?.length ? query.colour.join(',') : undefined);
  add('size', query.size?.length ? query.size.join(',') : undefined);
  add('sort', query.sort);
  add('page', query.page);
  add('limit', query.limit);
  add('lang', lang);
  const path = keyword === undefined ? '/api/app/product/list' : '/api/app/search';
  return `${path}${params.length ? `?${params.join('&')}` : ''}`;
}

export async function listProducts(query: ProductListQuery, lang: LocaleCode, signal?: AbortSignal, keyword?: string): Promise<ProductPage> {
  const body = await apiGet<ProductPageAnswer>(productListUrl(query, lang, keyword), { signal });
  rememberSummaries(body.products ?? [], lang);
  return {
    products: body.products ?? [],
    total: body.total ?? 0,
    page: body.page ?? 1,
    limit: body.limit ?? 24,
    facets: body.facets,
    correctedKeyword: body.correctedKeyword,
    unmatchedWords: body.unmatchedWords,
  };
}
