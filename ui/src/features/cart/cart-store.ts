//! Cart client state (docs/STOREFRONT.md §3: cartamt, cart, cartRes), each replaced wholesale
//! (docs/STOREFRONT.md §4), and the cart's owner: the visitor id `mid` (a UUID kept in localStorage
//! `kiosk.mid`) for anonymous visitors, the user's id once signed in. Every change answers the
//! whole cart; only the answer to the latest request is shown, so quick clicks never leave an older
//! cart on screen.
import type { CartView, Order } from '../../api/types';
import { createStore } from '../../lib/create-store';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { postAddToCart } from './api/add-to-cart';
import { getCart } from './api/get-cart';
import { postMergeCarts } from './api/merge-carts';
import { postSetCartLine } from './api/set-cart-line';
import { isUuid, randomId } from './random-id';

/** Item count at most per line (the server's limit). */
export const MAX_LINE_QTY = 99;

export const EMPTY_CART: CartView = { id: '', lines: [], amt: 0 };

export const cartamt = createStore<number>(0);
export const cart = createStore<CartView>(EMPTY_CART);
/** The order just placed, shown by /cartres (docs/STOREFRONT.md §3 `cartRes`). */
export const cartRes = createStore<Order | null>(null);
/** Whether the cart on screen is the owner's current one (false until the first answer). */
export const cartLoaded = createStore<boolean>(false);

export function replaceCart(next: CartView): void {
  cart.set(next);
  cartamt.set(Number.isFinite(next.amt) ? next.amt : next.lines.reduce((sum, line) => sum + line.qty, 0));
}

export function replaceCartResult(next: Order | null): void {
  cartRes.set(next);
}

/** The visitor id, made once per browser (docs/STOREFRONT.md §3, visitor id). */
export function visitorId(): string {
  const stored = readStorage(STORAGE_KEYS.mid);
  if (isUuid(stored)) return stored.toLowerCase();
  const id = randomId();
  writeStorage(STORAGE_KEYS.mid, id);
  return id;
}

let owner: string | null = null;
let latest = 0;

/** The id of the cart being shown: the user's id when signed in, else the visitor id. */
export function cartOwner(): string {
  return owner ?? visitorId();
}

/** Runs a cart request; its answer is shown only when it is the latest and the owner is unchanged. */
async function run(request: (id: string) => Promise<CartView>, id = cartOwner()): Promise<CartView> {
  const mine = ++latest;
  const answer = await request(id);
  if (mine === latest && id === cartOwner()) {
    replaceCart(answer);
    cartLoaded.set(true);
  }
  return answer;
}

/** Shows another owner's cart (sign-out: the visitor's). */
export function loadCart(id: string): Promise<CartView> {
  owner = id;
  cartLoaded.set(false);
  replaceCart({ ...EMPTY_CART, id });
  return run((cartId) => getCart(cartId), id);
}

/**
 * A signed-in session starts: the visitor's cart joins the user's (quantities added) and the
 * user's cart is shown. A failed merge is only logged (docs/STOREFRONT.md §8); the user's own cart
 * is shown.
 */
export async function startUserCart(uid: string): Promise<CartView> {
  owner = uid;
  try {
    return await run((id) => postMergeCarts(id, visitorId()), uid);
  } catch (error) {
    console.warn('cart merge failed', error);
    return run((id) => getCart(id), uid);
  }
}

export function addToCart(code: string, qty: number): Promise<CartView> {
  return run((id) => postAddToCart(id, code, qty));
}

/** Sets a line's quantity; 0 removes the line. */
export function setCartLine(code: string, qty: number): Promise<CartView> {
  return run((id) => postSetCartLine(id, code, qty));
}

/** After an order: the server emptied the cart, and so does the screen (wholesale). */
export function emptyCart(): void {
  latest++;
  replaceCart({ ...EMPTY_CART, id: cartOwner() });
}

/** How many of a product are in the cart. */
export function qtyInCart(current: CartView, code: string): number {
  return current.lines.find((line) => line.code === code)?.qty ?? 0;
}

/** Loads the current owner's cart again (after the server said stock changed). */
export function refreshCart(): Promise<CartView> {
  return run((id) => getCart(id));
}
