import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, toasts } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  toasts.set([]);
});
afterEach(() => vi.useRealTimers());

describe('toasts (docs/STOREFRONT.md §9)', () => {
  it('keeps at most three, dropping the oldest', () => {
    ['a', 'b', 'c', 'd'].forEach((message) => showToast(message));
    expect(toasts.get().map((toast) => toast.message)).toEqual(['b', 'c', 'd']);
  });

  it('removes each toast after 1.5 s', () => {
    showToast('saved', 'success');
    vi.advanceTimersByTime(1499);
    expect(toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.get()).toHaveLength(0);
  });
});
