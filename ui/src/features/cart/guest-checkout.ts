//! Guest checkout rules: the contact a shopper without an account gives (the server's rules for
//! `contact`: a name of 1–100 characters, a Thai or an international phone number, an e-mail
//! address), and the secret keys of the guest's orders, kept in this browser by order id so the
//! order page still opens after a card payment or a closed tab.
import type { Contact } from '../../api/types';
import type { MessageKey } from '../../i18n/types';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { LIMITS, normalizePhone, type FieldErrors } from './checkout-rules';

export const EMPTY_CONTACT: Contact = { name: '', phone: '', email: '' };

/** The same plausibility check as the server: something@domain.tld, no spaces, at most 254 characters. */
export function validEmail(text: string): boolean {
  const value = text.trim();
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@.][^\s@]*$/.test(value) && !value.endsWith('.');
}

/** A Thai number (0 and 8–9 digits, or +66…) or an international one: + and 8–15 digits. */
export function validContactPhone(phone: string): boolean {
  const compact = phone.trim().replace(/[\s-]/g, '');
  if (/^0\d{8,9}$/.test(normalizePhone(phone))) return true;
  return /^\+\d{8,15}$/.test(compact);
}

export function validateContact(contact: Contact): FieldErrors<keyof Contact> {
  const errors: FieldErrors<keyof Contact> = {};
  const name = contact.name.trim();
  if (!name) errors.name = 'checkout.errRequired';
  else if ([...name].length > LIMITS.name) errors.name = 'checkout.errName';
  if (!contact.phone.trim()) errors.phone = 'checkout.errRequired';
  else if (!validContactPhone(contact.phone)) errors.phone = 'guest.errPhone' satisfies MessageKey;
  if (!contact.email.trim()) errors.email = 'checkout.errRequired';
  else if (!validEmail(contact.email)) errors.email = 'checkout.emailInvalid';
  return errors;
}

/** The contact as the server wants it: trimmed, the phone without spaces and dashes. */
export function contactBody(contact: Contact): Contact {
  return { name: contact.name.trim(), phone: contact.phone.trim().replace(/[\s-]/g, ''), email: contact.email.trim() };
}

/** Keys kept at most (the newest); older guest orders are opened from their mail. */
export const MAX_KEPT_KEYS = 20;

function keptKeys(): [string, string][] {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.guestOrders) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((entry): entry is [string, string] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Remembers the key of a guest order placed (or opened) in this browser. */
export function rememberOrderKey(orderId: number | string, key: string): void {
  const id = String(orderId);
  const others = keptKeys().filter(([kept]) => kept !== id);
  writeStorage(STORAGE_KEYS.guestOrders, JSON.stringify([...others, [id, key]].slice(-MAX_KEPT_KEYS)));
}

export function orderKeyOf(orderId: number | string): string | null {
  return keptKeys().find(([kept]) => kept === String(orderId))?.[1] ?? null;
}

/** The order was taken into an account: its key is no longer needed here. */
export function forgetOrderKey(orderId: number | string): void {
  const id = String(orderId);
  writeStorage(STORAGE_KEYS.guestOrders, JSON.stringify(keptKeys().filter(([kept]) => kept !== id)));
}

/** The guest order page: the secret link that opens the order (also the one in the order mail). */
export function guestOrderPath(orderId: number | string, key: string): string {
  return `/cartres?order=${encodeURIComponent(String(orderId))}&key=${encodeURIComponent(key)}`;
}
