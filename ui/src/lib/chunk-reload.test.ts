import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, isOffline, reloadForChunkError } from './chunk-reload';

afterEach(() => vi.restoreAllMocks());

describe('reload after a failed chunk load (docs/STOREFRONT.md §8)', () => {
  it('reloads at most once per 60 s', () => {
    const reload = vi.fn();
    expect(reloadForChunkError(1_000_000, reload)).toBe(true);
    expect(reloadForChunkError(1_030_000, reload)).toBe(false);
    expect(reloadForChunkError(1_059_999, reload)).toBe(false);
    expect(reloadForChunkError(1_060_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('recognises the browsers’ chunk load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/admin-area-x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('without a connection', () => {
  it('never reloads into the browser’s error page', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    expect(reloadForChunkError(5_000_000, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('tells offline from the browser’s word or a request that goes nowhere', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const probe = vi.fn(async () => undefined);
    expect(await isOffline(probe)).toBe(true);
    expect(probe).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    expect(await isOffline(probe)).toBe(false);
    expect(await isOffline(async () => Promise.reject(new TypeError('Failed to fetch')))).toBe(true);
  });
});
