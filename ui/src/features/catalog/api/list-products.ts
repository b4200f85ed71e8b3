//! GET /api/app/product/list — one page of the products of a room or category, filtered and sorted;
//! GET /api/app/search — the same for the products matching a keyword (best match first).
import { apiGet } from '../../../api/client';
import type { ProductListParams, ProductPageAnswer } from '../../../api/types';
import { rememberProducts, type ProductPage } from '../../../lib/product';

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
  sort?: ProductSort;
  page?: number;
  limit?: number;
};

/**
 * The request URL; parameters without a value are left out, so equal queries give equal URLs. With
 * a keyword it is the search's URL.
 */
export function productListUrl(query: ProductListQuery, keyword?: string): string {
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
  add('sort', query.sort);
  add('page', query.page);
  add('limit', query.limit);
  const path = keyword === undefined ? '/api/app/product/list' : '/api/app/search';
  return `${path}${params.length ? `?${params.join('&')}` : ''}`;
}

export async function listProducts(query: ProductListQuery, signal?: AbortSignal, keyword?: string): Promise<ProductPage> {
  const body = await apiGet<ProductPageAnswer>(productListUrl(query, keyword), { signal });
  rememberProducts(body.products ?? []);
  return {
    products: body.products ?? [],
    total: body.total ?? 0,
    page: body.page ?? 1,
    limit: body.limit ?? 24,
    facets: body.facets,
    correctedKeyword: body.correctedKeyword,
  };
}
