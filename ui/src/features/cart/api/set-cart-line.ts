//! POST /api/app/cart/set {id, code, qty} — sets a line's quantity (0 removes it); the answer is
//! the whole cart.
import { apiSend } from '../../../api/client';
import type { CartAnswer, CartView, LineBody } from '../../../api/types';

export async function postSetCartLine(id: string, code: string, qty: number): Promise<CartView> {
  const request: LineBody = { id, code, qty };
  const body = await apiSend<CartAnswer>('POST', '/api/app/cart/set', request);
  return body.cart;
}
