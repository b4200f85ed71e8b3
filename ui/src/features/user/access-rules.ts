//! Which pages need a signed-in user and which are for guests only (docs/STOREFRONT.md §4), and
//! what the access guard does for each sign-in state. Paths are language-free ('/user/login', not
//! '/th/user/login').
import type { UserStatus } from './user-store';

export type Access = 'user' | 'guest' | null;
export type AccessDecision = 'show' | 'wait' | 'login' | 'home' | 'notConnected';

// /order is open to guests too (guest checkout); the page itself asks a guest for a contact.
const USER_PAGES = new Set(['/mobile/account', '/user/password', '/user/order']);
const GUEST_PAGES = new Set(['/user', '/user/login', '/user/register']);

export function accessOf(path: string): Access {
  const clean = path.toLowerCase().replace(/\/+$/, '') || '/';
  if (USER_PAGES.has(clean)) return 'user';
  if (GUEST_PAGES.has(clean)) return 'guest';
  return null;
}

/**
 * - pages for signed-in users: wait while the user loads; anonymous visitors go to login (the
 *   wanted path is remembered); when the user could not be loaded for another reason than a
 *   rejected token (server or network down, token kept) the page answers 403 "You are not
 *   connected" instead of asking to sign in again;
 * - guest pages (login, register): signed-in visitors go home.
 */
export function accessDecision(access: Access, status: UserStatus): AccessDecision {
  if (access === null) return 'show';
  if (status === 'unknown' || status === 'loading') return 'wait';
  if (access === 'guest') return status === 'signedIn' ? 'home' : 'show';
  if (status === 'signedIn') return 'show';
  return status === 'failed' ? 'notConnected' : 'login';
}
