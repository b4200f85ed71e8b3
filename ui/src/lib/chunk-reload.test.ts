import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';

describe('reload after a failed chunk load (SPEC §8)', () => {
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
