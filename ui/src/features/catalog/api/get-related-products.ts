//! GET /api/app/product/related/{code} — products that go with this one.
import { apiGet } from '../../../api/client';
import type { Product, ProductListAnswer } from '../../../api/types';
import { rememberProducts } from '../../../lib/product';

export function relatedProductsUrl(code: string): string {
  return `/api/app/product/related/${encodeURIComponent(code)}`;
}

export async function getRelatedProducts(code: string, signal?: AbortSignal): Promise<Product[]> {
  const body = await apiGet<ProductListAnswer>(relatedProductsUrl(code), { signal, track: false });
  rememberProducts(body.products ?? []);
  return body.products ?? [];
}
