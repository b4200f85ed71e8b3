//! GET /api/app/search?keyword=&limit=&suggest=1&lang= — the best matches for the suggestions under
//! the search box, named in the shopper's language. `suggest=1` tells the shop these are
//! keystrokes, not searches: a half-typed word that finds nothing is not counted as a search
//! shoppers could not satisfy.
import { apiGet } from '../../../api/client';
import type { ProductPageAnswer } from '../../../api/types';
import type { LocaleCode } from '../../../lib/locale-path';
import { rememberSummaries, type ProductPage } from '../../../lib/product';

export function suggestUrl(keyword: string, limit: number, lang: LocaleCode): string {
  return `/api/app/search?keyword=${encodeURIComponent(keyword)}&limit=${limit}&suggest=1&lang=${lang}`;
}

export async function searchProducts(keyword: string, limit: number, lang: LocaleCode, signal?: AbortSignal, track = true): Promise<ProductPage> {
  const body = await apiGet<ProductPageAnswer>(suggestUrl(keyword, limit, lang), { signal, track });
  rememberSummaries(body.products ?? [], lang);
  return { products: body.products ?? [], total: body.total ?? 0, page: body.page ?? 1, limit: body.limit ?? 24 };
}
