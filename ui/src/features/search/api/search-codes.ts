//! GET /api/app/search/code?keyword= — every product whose code starts with the keyword.
import { apiGet } from '../../../api/client';
import type { ProductListAnswer } from '../../../api/types';
import { rememberProducts } from '../../../lib/product';

export type CodeMatches = Omit<ProductListAnswer, 'status'>;

export function codeSearchUrl(keyword: string): string {
  return `/api/app/search/code?keyword=${encodeURIComponent(keyword)}`;
}

export async function searchCodes(keyword: string, signal?: AbortSignal, track = true): Promise<CodeMatches> {
  const body = await apiGet<ProductListAnswer>(codeSearchUrl(keyword), { signal, track });
  rememberProducts(body.products ?? []);
  return { products: body.products ?? [], total: body.total ?? body.products?.length ?? 0 };
}
