//! GET /api/app/product/get/{code} — one product (404 for an unknown code; discontinued ones
//! come with `active: false`).
import { apiGet } from '../../../api/client';
import { productApiPath, type Product } from '../../../lib/product';

export async function getProduct(code: string, signal?: AbortSignal): Promise<Product> {
  const body = await apiGet<{ product: Product }>(productApiPath(code), { signal });
  return body.product;
}
