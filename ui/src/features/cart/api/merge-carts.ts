//! POST /api/app/cart/merge/ {uid, mid} — on sign-in the visitor's cart is added into the user's
//! (quantities added, the visitor cart deleted); the answer is the user's cart.
import { apiSend } from '../../../api/client';
import type { Cart, CartAnswer } from './get-cart';

export async function postMergeCarts(uid: string, mid: string): Promise<Cart> {
  const body = await apiSend<CartAnswer>('POST', '/api/app/cart/merge/', { uid, mid }, { track: false });
  return body.cart;
}
