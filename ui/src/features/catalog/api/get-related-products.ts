//! GET /api/app/product/related/{code}?lang= — products that go with this one, as summaries whose
//! names are in the language asked for.
import { apiGet } from '../../../api/client';
import type { ProductListAnswer, ProductSummary } from '../../../api/types';
import type { LocaleCode } from '../../../lib/locale-path';
import { rememberSummaries } from '../../../lib/product';

export function relatedProductsUrl(code: string, lang: LocaleCode): string {
  return `/api/app/product/related/${encodeURIComponent(code)}?lang=${lang}`;
}

export async function getRelatedProducts(code: string, lang: LocaleCode, signal?: AbortSignal): Promise<ProductSummary[]> {
  const body = await apiGet<ProductListAnswer>(relatedProductsUrl(code, lang), { signal, track: false });
  rememberSummaries(body.products ?? [], lang);
  return body.products ?? [];
}
