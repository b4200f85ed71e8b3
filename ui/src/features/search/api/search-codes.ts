//! GET /api/app/search/code?keyword=&lang= — every product whose code starts with the keyword, as
//! summaries whose names are in the language asked for.
import { apiGet } from '../../../api/client';
import type { ProductListAnswer } from '../../../api/types';
import type { LocaleCode } from '../../../lib/locale-path';
import { rememberSummaries } from '../../../lib/product';

export type CodeMatches = Omit<ProductListAnswer, 'status'>;

export function codeSearchUrl(keyword: string, lang: LocaleCode): string {
  return `/api/app/search/code?keyword=${encodeURIComponent(keyword)}&lang=${lang}`;
}

export async function searchCodes(keyword: string, lang: LocaleCode, signal?: AbortSignal, track = true): Promise<CodeMatches> {
  const body = await apiGet<ProductListAnswer>(codeSearchUrl(keyword, lang), { signal, track });
  rememberSummaries(body.products ?? [], lang);
  return { products: body.products ?? [], total: body.total ?? body.products?.length ?? 0 };
}
