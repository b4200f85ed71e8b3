// Helpers the cart, checkout, orders and screenshot journeys share: calling the shop's API as a
// signed-in user or as staff, and looking at pages (full-page screenshots with lazy images
// loaded, no sideways scrolling).
import type { APIRequestContext, Page } from '@playwright/test';
import type { CurrentUserAnswer, TokenAnswer } from '../src/api/types';
import { ADMIN } from './accounts';
import { expect } from './fixtures';

export type Json = Record<string, unknown>;

/** Calls the API with a bearer token; a non-2xx answer fails the test with the server's words. */
export async function call(request: APIRequestContext, method: 'GET' | 'POST', url: string, token: string, data?: Json): Promise<Json> {
  const response = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, data });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Json;
}

/** A token for the admin account the global setup created with the CLI. */
export async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as TokenAnswer).token;
}

/** Staff move an order, adding what each move needs (a carrier and tracking number to ship). */
export async function moveOrder(request: APIRequestContext, staff: string, orderId: number, status: string) {
  const extra = status === 'shipped' ? { carrier: 'kerry', tracking: 'TH0123456789' } : status === 'cancelled' ? { reason: 'e2e: cancelled by staff' } : {};
  return call(request, 'POST', `/api/admin/order/${orderId}/status`, staff, { status, ...extra });
}

/** Staff credit coins to a shopper (the one staff coin endpoint). */
export async function grantCoins(request: APIRequestContext, staff: string, userId: number, amount: number) {
  return call(request, 'POST', `/api/admin/customers/${userId}/coins`, staff, { amount, reason: 'e2e goodwill credit' });
}

export async function userIdOf(request: APIRequestContext, token: string): Promise<number> {
  return ((await call(request, 'GET', '/api/auth/user', token)) as CurrentUserAnswer).data.id;
}

/** Saves e2e/screenshots/<project>-<name>.png once the page, its fonts and its images are in. */
export async function shoot(page: Page, name: string, project: string, fullPage = true) {
  await page.waitForLoadState('networkidle');
  if (fullPage) await loadLazyImages(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `e2e/screenshots/${project}-${name}.png`, fullPage });
}

/** Scrolls through the page so lazy images load, then back to the top once the shown ones have. */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForLoadState('networkidle');
  // Images in hidden slides never load, and need not.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.getClientRects().length === 0));
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Nothing sticks out sideways (no horizontal scrolling, at 375 px above all). */
export async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** A delivery address for orders placed by the journeys. */
export const TEST_ADDRESS = { name: 'Somsri Jaidee', phone: '081 234 5678', line1: '99/9 Sukhumvit Road', district: 'Khlong Toei', province: 'bangkok', postcode: '10110' };

/** Fills the shopper's cart and places the order as the checkout would; answers the order's id and number. */
export async function placeTestOrder(
  request: APIRequestContext,
  token: string,
  userId: number,
  lines: [string, number][],
  payment: 'promptpay' | 'bank_transfer' = 'promptpay',
  address: Json = TEST_ADDRESS,
): Promise<{ id: number; number: string; total: number }> {
  for (const [code, qty] of lines) await call(request, 'POST', '/api/app/cart/add', token, { id: userId, code, qty });
  const body = (await call(request, 'POST', '/api/app/order/place', token, {
    id: userId,
    address,
    payment,
    idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    lang: 'th',
  })) as { order: { id: number; number: string; total: number } };
  return body.order;
}

/** Staff with `staff.manage` add a staff account (the same use case as `kiosk user add`). */
export async function addStaffAccount(request: APIRequestContext, owner: string, username: string, password: string, role: string, name = username) {
  return (await call(request, 'POST', '/api/admin/staff', owner, { username, name, password, role })) as { user: { id: number; username: string; role: string } };
}

/** A product's stock as the catalogue answers it now. */
export async function productStock(request: APIRequestContext, code: string): Promise<number> {
  const response = await request.get(`/api/app/product/get/${encodeURIComponent(code)}`);
  if (!response.ok()) throw new Error(`product ${code}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { product: { stock: number } }).product.stock;
}

/**
 * Whether `code` is sold under its own code (a product without options): the demo sells some
 * products in options, which a cart takes only by a variant's code (docs/VARIANTS.md §3).
 */
export async function soldByItsCode(request: APIRequestContext, code: string): Promise<boolean> {
  const response = await request.get(`/api/app/product/get/${encodeURIComponent(code)}`);
  if (!response.ok()) return false;
  const body = (await response.json()) as { product?: { options?: unknown[] } };
  return (body.product?.options?.length ?? 0) === 0;
}

/** The items of `items` sold under their own code, in order. */
export async function soldByTheirCodes<T extends { code: string }>(request: APIRequestContext, items: T[]): Promise<T[]> {
  const keep = await Promise.all(items.map((item) => soldByItsCode(request, item.code)));
  return items.filter((_, i) => keep[i]);
}
