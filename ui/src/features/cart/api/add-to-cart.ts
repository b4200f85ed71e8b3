//! POST /api/app/cart/add {id, code, qty} — adds qty (1–99) to the product's line; the answer is
//! the whole cart. Errors: unknown_product, quantity_limit, out_of_stock, invalid_quantity.
import { apiSend } from '../../../api/client';
import type { CartAnswer, CartView, LineBody } from '../../../api/types';

export async function postAddToCart(id: string, code: string, qty: number): Promise<CartView> {
  const request: LineBody = { id, code, qty };
  const body = await apiSend<CartAnswer>('POST', '/api/app/cart/add', request);
  return body.cart;
}
