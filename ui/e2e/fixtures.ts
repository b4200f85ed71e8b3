// Shared helpers for the journeys: the server's base URL, message sets read from locales/ (with
// English filling any gap, as the server does), and a page whose cookie notice is already accepted.
import { test as base, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

export type Code = 'en' | 'th' | 'my' | 'km' | 'id';
export const HTML_LANG: Record<Code, string> = { en: 'en', th: 'th', my: 'ms', km: 'km', id: 'id' };
export const PREFIX: Record<Code, string> = { en: '', th: '/th', my: '/my', km: '/km', id: '/id' };

function merge(a: unknown, b: unknown): unknown {
  if (typeof a !== 'object' || a === null || Array.isArray(a) || typeof b !== 'object' || b === null || Array.isArray(b)) return b ?? a;
  const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  for (const [key, value] of Object.entries(b)) out[key] = merge(out[key], value);
  return out;
}

/** A text of a language's message set, by dot path, falling back to English. */
export function message(code: Code, key: string): string {
  const read = (c: Code) => JSON.parse(readFileSync(path.join(localesDir, `${c}.json`), 'utf8')) as unknown;
  const messages = code === 'en' ? read('en') : merge(read('en'), read(code));
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`no message ${key} for ${code}`);
  return value;
}

export const test = base.extend<{ acceptedCookies: Page }>({
  baseURL: async ({}, use) => {
    const url = process.env.KIOSK_BASE_URL;
    if (!url) throw new Error('KIOSK_BASE_URL is not set: the global setup did not start the server');
    await use(url);
  },
  acceptedCookies: async ({ page }, use) => {
    await page.addInitScript(() => window.localStorage.setItem('kiosk.cookieAccepted', '1'));
    await use(page);
  },
});

export { expect };

export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 700;
}
