//! POST /api/app/cart/merge/ {uid, mid} — on sign-in the visitor's cart is added into the user's
//! (quantities added, the visitor cart deleted); the answer is the user's cart.
import { apiSend } from '../../../api/client';
import type { CartAnswer, CartView, MergeBody } from '../../../api/types';

export async function postMergeCarts(uid: string, mid: string): Promise<CartView> {
  const request: MergeBody = { uid, mid };
  const body = await apiSend<CartAnswer>('POST', '/api/app/cart/merge/', request, { track: false });
  return body.cart;
}
