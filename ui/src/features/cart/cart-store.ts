//! Cart client state (SPEC §3: cartamt, cart, cartRes). Each is replaced wholesale (SPEC §4).
//! Cart APIs arrive with the cart issue; until then the cart is empty and the count is 0.
import { createStore } from '../../lib/create-store';

export type CartLine = { code: string; qty: number; price: number };
export type Cart = { lines: CartLine[] };
export type CartResult = { orderId: string; status: string } | null;

export const cartamt = createStore<number>(0);
export const cart = createStore<Cart>({ lines: [] });
export const cartRes = createStore<CartResult>(null);

export function replaceCart(next: Cart): void {
  cart.set(next);
  cartamt.set(next.lines.reduce((sum, line) => sum + line.qty, 0));
}

export function replaceCartResult(next: CartResult): void {
  cartRes.set(next);
}
