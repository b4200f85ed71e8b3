import { afterEach, describe, expect, it, vi } from 'vitest';
import enMessages from '../../../locales/en.json';
import { applyLocale, ensureStaffMessages, i18nStore, initI18n, mergeMessages, setLocale, t } from './i18n-store';
import type { Messages } from './types';

function mockLocalesApi(sets: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const code = url.split('/').pop() ?? '';
      if (!(code in sets)) return new Response(JSON.stringify({ status: 'error', error: { code: 'not_found', message: 'x' } }), { status: 404 });
      return new Response(JSON.stringify({ status: 'success', data: sets[code] }), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = 'en';
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
});

describe('t', () => {
  it('translates keys with placeholders', () => {
    expect(t('errors.routeNotFound')).toBe('This page could not be found.');
    expect(t('header.cartItems', { count: 3 })).toBe('3 items in cart');
  });
});

describe('setLocale', () => {
  it('refuses a locale that is not available and changes nothing', async () => {
    const calls = mockLocalesApi({});
    expect(await setLocale('xx')).toBe(false);
    expect(await setLocale('ms')).toBe(false);
    expect(applyLocale('de', { persist: true })).toBe(false);
    expect(i18nStore.get().locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('kiosk.locale')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('switches to Malay under /my with html lang "ms", stores the choice and the cookie', async () => {
    const calls = mockLocalesApi({ my: { header: { cart: 'Troli' } } });
    const order: string[] = [];
    const changed = await setLocale('my', { beforeApply: () => order.push('navigate') });
    expect(changed).toBe(true);
    expect(order).toEqual(['navigate']);
    expect(calls).toEqual(['/api/file/locales/my']);
    expect(document.documentElement.lang).toBe('ms');
    expect(i18nStore.get().locale).toBe('my');
    expect(t('header.cart')).toBe('Troli');
    // Keys missing from the translation fall back to English.
    expect(t('header.login')).toBe('Login');
    expect(window.localStorage.getItem('kiosk.locale')).toBe('my');
    expect(document.cookie).toContain('i18n_redirected=my');
  });

  it('does not persist a switch that only follows the URL', async () => {
    mockLocalesApi({ th: { header: { cart: 'ตะกร้า' } } });
    expect(await setLocale('th', { persist: false })).toBe(true);
    expect(document.documentElement.lang).toBe('th');
    expect(window.localStorage.getItem('kiosk.locale')).toBeNull();
  });

  it('loads English first when the page was booted in another language', async () => {
    i18nStore.set((s) => ({ ...s, locale: 'th', locales: { th: s.messages } }));
    const calls = mockLocalesApi({ en: enMessages, km: { header: { cart: 'រទេះ' } } });
    expect(await setLocale('km')).toBe(true);
    expect(calls).toEqual(['/api/file/locales/en', '/api/file/locales/km']);
    expect(t('header.cart')).toBe('រទេះ');
    expect(t('header.login')).toBe('Login');
    expect(document.documentElement.lang).toBe('km');
  });

  it('rejects when the messages cannot be fetched, leaving the language as it was', async () => {
    mockLocalesApi({});
    await expect(setLocale('id')).rejects.toThrow();
    expect(i18nStore.get().locale).toBe('en');
  });
});

describe('mergeMessages', () => {
  it('deep-merges a translation over English', () => {
    const merged = mergeMessages({ a: { b: 'B', c: 'C' }, list: [1] }, { a: { b: 'bb' }, list: [2, 3] });
    expect(merged).toEqual({ a: { b: 'bb', c: 'C' }, list: [2, 3] });
  });
});

describe('ensureStaffMessages', () => {
  it('loads the whole sets once when the page carried only the storefront’s messages', async () => {
    const before = i18nStore.get();
    const storefront = { ...enMessages, admin: { title: 'Staff area' } } as unknown as Messages;
    const thai = { admin: { title: 'ส่วนพนักงาน', common: { cancel: 'ยกเลิก' } } };
    try {
      initI18n('th', storefront, before.languages);
      expect(t('admin.common.cancel')).toBe('admin.common.cancel');
      const calls = mockLocalesApi({ en: enMessages, th: thai });
      await ensureStaffMessages();
      await ensureStaffMessages();
      expect(calls).toEqual(['/api/file/locales/en', '/api/file/locales/th']);
      expect(t('admin.common.cancel')).toBe('ยกเลิก');
      // Keys Thai lacks come from the whole English set.
      expect(t('admin.common.save')).toBe(enMessages.admin.common.save);
    } finally {
      i18nStore.set(before);
    }
  });
});
