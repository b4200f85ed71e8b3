//! localStorage access under the `kiosk.` prefix; storage may be unavailable (private mode), so every call is guarded.

export const STORAGE_KEYS = {
  kcard: 'kiosk.kcard',
  token: 'kiosk.token',
  locale: 'kiosk.locale',
  cookieAccepted: 'kiosk.cookieAccepted',
  redirect: 'kiosk.redirect',
  chunkReloadAt: 'kiosk.chunkReloadAt',
  /**
   * The anonymous visitor's id (a UUID): the owner of their cart until they sign in
   * (docs/STOREFRONT.md §3).
   */
  mid: 'kiosk.mid',
  /** Guest orders' secret keys by order id, so a guest coming back (card payment) still opens them. */
  guestOrders: 'kiosk.guestOrders',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the value simply is not remembered.
  }
}
