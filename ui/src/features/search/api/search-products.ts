//! GET /api/app/search?keyword=&limit=&suggest=1 — the best matches for the suggestions under the
//! search box. `suggest=1` tells the shop these are keystrokes, not searches: a half-typed word
//! that finds nothing is not counted as a search shoppers could not satisfy.
import { apiGet } from '../../../api/client';
import type { ProductPageAnswer } from '../../../api/types';
import { rememberProducts, type ProductPage } from '../../../lib/product';

export function suggestUrl(keyword: string, limit: number): string {
  return `/api/app/search?keyword=${encodeURIComponent(keyword)}&limit=${limit}&suggest=1`;
}

export async function searchProducts(url: string, signal?: AbortSignal, track = true): Promise<ProductPage> {
  const body = await apiGet<ProductPageAnswer>(url, { signal, track });
  rememberProducts(body.products ?? []);
  return { products: body.products ?? [], total: body.total ?? 0, page: body.page ?? 1, limit: body.limit ?? 24 };
}
