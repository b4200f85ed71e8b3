//! GET /api/app/cart/get/{id} — a cart by its owner: the visitor id (`mid`) or the signed-in
//! user's id (which needs that user's token).
import { apiGet } from '../../../api/client';
import type { LocalizedText } from '../../../i18n/types';

export type CartLine = {
  code: string;
  qty: number;
  /** Null when the product has left the catalogue. */
  name: LocalizedText | null;
  /** Satang, the product's current price; null when it has left the catalogue. */
  unitPrice: number | null;
  image: string | null;
  stock: number;
  /** False for products no longer sold: they can only be removed. */
  available: boolean;
};

/** `amt` is the item count (SPEC §3). */
export type Cart = { id: string; lines: CartLine[]; amt: number };

export type CartAnswer = { cart: Cart };

export async function getCart(id: string, signal?: AbortSignal): Promise<Cart> {
  const body = await apiGet<CartAnswer>(`/api/app/cart/get/${encodeURIComponent(id)}`, { signal, track: false });
  return body.cart;
}
