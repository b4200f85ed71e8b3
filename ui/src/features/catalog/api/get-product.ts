//! GET /api/app/product/get/{code} — one product (404 for an unknown code; discontinued ones
//! come with `active: false`).
import { apiGet } from '../../../api/client';
import type { Product, ProductAnswer } from '../../../api/types';
import { productApiPath } from '../../../lib/product';

export async function getProduct(code: string, signal?: AbortSignal): Promise<Product> {
  const body = await apiGet<ProductAnswer>(productApiPath(code), { signal });
  return body.product;
}
