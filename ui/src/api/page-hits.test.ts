import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { requestHeaders } from './client';
import { rememberChannel, sendPageHit } from './page-hits';

afterEach(() => {
  writeStorage(STORAGE_KEYS.kcard, null);
  writeStorage(STORAGE_KEYS.token, null);
  vi.unstubAllGlobals();
});

describe('channels by link and page hits', () => {
  it('keeps a ?kcard= that follows the rule and sends it on every request', () => {
    expect(rememberChannel('?q=1&kcard=line-may-2026')).toBe('line-may-2026');
    expect(readStorage(STORAGE_KEYS.kcard)).toBe('line-may-2026');
    expect(requestHeaders().kcard).toBe('line-may-2026');
  });

  it('ignores names that break the rule', () => {
    for (const bad of ['?kcard=', '?kcard=a%20b', `?kcard=${'x'.repeat(33)}`, '?kcard=%3Cb%3E']) {
      expect(rememberChannel(bad)).toBeNull();
    }
    expect(readStorage(STORAGE_KEYS.kcard)).toBeNull();
    expect(requestHeaders().kcard).toBe('web');
  });

  it('tells the server a storefront page without the sign-in token, never a staff page', () => {
    writeStorage(STORAGE_KEYS.token, 'secret-token');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    sendPageHit('/th/products/SF-1001?kcard=x', true);
    sendPageHit('/th/admin/insights', false);
    sendPageHit('/admin', false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/insights/hit');
    expect(JSON.parse(String(init.body))).toEqual({ path: '/th/products/SF-1001?kcard=x', first: true });
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.credentials).toBe('omit');
  });
});
