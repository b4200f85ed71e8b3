//! POST /api/app/cart/set {id, code, qty} — sets a line's quantity (0 removes it); the answer is
//! the whole cart.
import { apiSend } from '../../../api/client';
import type { Cart, CartAnswer } from './get-cart';

export async function postSetCartLine(id: string, code: string, qty: number): Promise<Cart> {
  const body = await apiSend<CartAnswer>('POST', '/api/app/cart/set', { id, code, qty });
  return body.cart;
}
