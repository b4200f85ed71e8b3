//! Signed-in user state (docs/STOREFRONT.md §3: userinfo, coupons, coin, coinSpend, orderForReview)
//! and the session: the token lives in localStorage `kiosk.token`; the user is fetched from
//! GET /api/auth/user at start; a 401 there forgets the token.
import { ApiError } from '../../api/client';
import { showToast } from '../../components/toast-store';
import { t } from '../../i18n/i18n-store';
import { createStore } from '../../lib/create-store';
import { localizePath, splitLocalePath, switchLocalePath, type LocaleCode } from '../../lib/locale-path';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { isSafeRedirect } from '../../lib/url-rules';
import { getNeedReviewCount } from './api/get-need-review';
import { getUser, type User } from './api/get-user';
import { postLogout } from './api/logout';
import { socialErrorKey } from './auth-errors';
import { parseAuthFragment } from './auth-fragment';

/** `failed`: a token is stored but the user could not be fetched (server or network down). */
export type UserStatus = 'unknown' | 'loading' | 'signedIn' | 'signedOut' | 'failed';
export type UserState = { status: UserStatus; user: User | null };
export type Coupon = { code: string; title?: string };

export const userinfo = createStore<UserState>({ status: 'unknown', user: null });
export const coupons = createStore<Coupon[]>([]);
export const coin = createStore<number>(0);
export const coinSpend = createStore<number>(0);
export const orderForReview = createStore<number>(0);
/** The error code of a failed social sign-in, shown once on the login page. */
export const socialError = createStore<string | null>(null);

/**
 * The effective role: the user's role when signed in and set, otherwise 'user'
 * (docs/STOREFRONT.md §6).
 */
export function effectiveRole(state: UserState): string {
  return (state.status === 'signedIn' && state.user?.role) || 'user';
}

export function isAdminRole(role: string | null | undefined): boolean {
  return typeof role === 'string' && role.startsWith('admin');
}

/** Local accounts have a password to change; social ones do not. */
export function isLocalUser(user: User | null | undefined): boolean {
  return !!user && (!user.provider || user.provider === 'local');
}

/** Coin shown in the header = coin − coin spent in the current cart (docs/STOREFRONT.md §9). */
export function coinShown(balance: number, spent: number): number {
  return balance - spent;
}

/** Makes a fetched user the signed-in one: coins from their user info, review badge fetched. */
export function applyUser(user: User): void {
  userinfo.set({ status: 'signedIn', user });
  coin.set(Number(user.userInfo?.coin) || 0);
  void refreshOrdersForReview(user);
}

/** Loads the signed-in user when a token is stored; without one the visitor is signed out. */
export async function loadUser(): Promise<void> {
  if (!readStorage(STORAGE_KEYS.token)) {
    userinfo.set({ status: 'signedOut', user: null });
    return;
  }
  userinfo.set({ status: 'loading', user: null });
  try {
    applyUser(await getUser());
  } catch (error) {
    // A rejected token is dropped; other failures keep it for the next try.
    if (error instanceof ApiError && error.status === 401) {
      writeStorage(STORAGE_KEYS.token, null);
      userinfo.set({ status: 'signedOut', user: null });
    } else {
      console.warn('user not loaded', error);
      userinfo.set({ status: 'failed', user: null });
    }
  }
}

/**
 * Stores a new token and fetches its user, without making it current yet: the caller first
 * navigates away from the login page (a guest page would otherwise send the new user home) and
 * then calls applyUser. A token whose user cannot be fetched is not kept.
 */
export async function startSession(token: string): Promise<User> {
  writeStorage(STORAGE_KEYS.token, token);
  try {
    return await getUser();
  } catch (error) {
    writeStorage(STORAGE_KEYS.token, null);
    throw error;
  }
}

/** After a password change the server answers a fresh token for this device. */
export function replaceToken(token: string): void {
  writeStorage(STORAGE_KEYS.token, token);
}

async function refreshOrdersForReview(user: User): Promise<void> {
  try {
    orderForReview.set(await getNeedReviewCount(user.id));
  } catch (error) {
    // Orders arrive with a later issue; until then this answers 404. Only logged
    // (docs/STOREFRONT.md §8).
    orderForReview.set(0);
    console.warn('orders for review not loaded', error);
  }
}

/** Forgets the session on this device: token, user, coins, coupons and review badge. */
export function forgetSession(): void {
  writeStorage(STORAGE_KEYS.token, null);
  userinfo.set({ status: 'signedOut', user: null });
  coin.set(0);
  coinSpend.set(0);
  coupons.set([]);
  orderForReview.set(0);
}

/**
 * Signs out: the server ends this token (a failure is only logged, docs/STOREFRONT.md §8), then
 * the session is forgotten.
 */
export function logout(): void {
  if (readStorage(STORAGE_KEYS.token)) {
    // The request reads the token before its first await, so it still carries it.
    postLogout().catch((error: unknown) => console.warn('logout failed', error));
  }
  forgetSession();
  showToast(t('user.loggedOut'), 'info');
}

/** Remembers where a visitor wanted to go before signing in (only safe relative paths). */
export function rememberRedirect(path: string): void {
  if (isSafeRedirect(path)) writeStorage(STORAGE_KEYS.redirect, path);
}

/** The remembered target without taking it (the social sign-in passes it to the server). */
export function peekRedirect(): string | null {
  const stored = readStorage(STORAGE_KEYS.redirect);
  return isSafeRedirect(stored) ? stored : null;
}

/**
 * The remembered target after sign-in, or home when none or unsafe (docs/STOREFRONT.md §2,
 * "After sign-in").
 */
export function takeRedirect(): string {
  const stored = readStorage(STORAGE_KEYS.redirect);
  writeStorage(STORAGE_KEYS.redirect, null);
  return isSafeRedirect(stored) ? stored : '/';
}

/**
 * Where to go after signing in, as an absolute path in the current language: the remembered page
 * (moved to the language chosen meanwhile) or the home page.
 */
export function afterSignInPath(target: string | null, locale: LocaleCode): string {
  if (!target || target === '/' || !isSafeRedirect(target)) return localizePath(locale, '/');
  const url = new URL(target, 'http://kiosk.invalid');
  return switchLocalePath({ pathname: url.pathname, search: url.search, hash: url.hash }, locale);
}

/** Consumes the fragment a social sign-in ends with (see auth-fragment.ts); call before loadUser. */
export function consumeAuthFragment(): void {
  const fragment = parseAuthFragment(window.location.hash);
  if (!fragment) return;
  const { locale } = splitLocalePath(window.location.pathname);
  if (fragment.kind === 'token') {
    writeStorage(STORAGE_KEYS.token, fragment.token);
    writeStorage(STORAGE_KEYS.redirect, null);
    window.history.replaceState(null, '', fragment.next ?? localizePath(locale, '/'));
    return;
  }
  window.history.replaceState(null, '', localizePath(locale, '/user/login'));
  socialError.set(fragment.code);
  showToast(t(socialErrorKey(fragment.code)), 'error');
}
