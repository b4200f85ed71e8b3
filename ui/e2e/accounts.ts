// Accounts the journeys share: the admin created by the global setup with the real CLI, and
// helpers that make a fresh shopper for each test (distinct usernames keep the sign-in throttle,
// 5 failures per account, out of the other tests' way).
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

export const ADMIN = { username: 'boss', password: 'walnut-desk-2026', name: 'boss' } as const;
export const SHOPPER_PASSWORD = 'teak-sofa-42';

/** A username no other test uses: its prefix, the project and random letters. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Registers a shopper through the API (faster than the form when the form is not under test). */
export async function registerShopper(request: APIRequestContext, prefix: string, name = 'Shopper Test') {
  const username = uniqueUsername(prefix);
  const response = await request.post('/api/auth/register', { data: { username, password: SHOPPER_PASSWORD, name } });
  if (response.status() !== 201) throw new Error(`register ${username}: ${response.status()} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { username, password: SHOPPER_PASSWORD, name, token };
}

/** Starts a page signed in with a token, as a returning shopper whose token is stored. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('kiosk.e2e.tokenSet')) {
      window.localStorage.setItem('kiosk.token', value);
      window.sessionStorage.setItem('kiosk.e2e.tokenSet', '1');
    }
  }, token);
}
