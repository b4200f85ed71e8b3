//! GET /api/app/cart/get/{id} — a cart by its owner: the visitor id (`mid`) or the signed-in
//! user's id (which needs that user's token).
import { apiGet } from '../../../api/client';
import type { CartAnswer, CartView } from '../../../api/types';

export async function getCart(id: string, signal?: AbortSignal): Promise<CartView> {
  const body = await apiGet<CartAnswer>(`/api/app/cart/get/${encodeURIComponent(id)}`, { signal, track: false });
  return body.cart;
}
