//! GET /api/app/search?keyword=&page=&limit= — products matching words, best matches first.
import { apiGet } from '../../../api/client';
import type { ProductPageAnswer } from '../../../api/types';
import { rememberProducts, type ProductPage } from '../../../lib/product';

export function searchUrl(keyword: string, page = 1, limit = 24): string {
  return `/api/app/search?keyword=${encodeURIComponent(keyword)}${page > 1 ? `&page=${page}` : ''}&limit=${limit}`;
}

export async function searchProducts(url: string, signal?: AbortSignal, track = true): Promise<ProductPage> {
  const body = await apiGet<ProductPageAnswer>(url, { signal, track });
  rememberProducts(body.products ?? []);
  return { products: body.products ?? [], total: body.total ?? 0, page: body.page ?? 1, limit: body.limit ?? 24 };
}
