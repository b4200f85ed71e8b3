import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishProgress, progress, startProgress } from './progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('progress bar timing (docs/STOREFRONT.md §9)', () => {
  it('never shows for work shorter than the 200 ms throttle', () => {
    startProgress();
    vi.advanceTimersByTime(150);
    finishProgress();
    vi.advanceTimersByTime(1000);
    expect(progress.get().phase).toBe('idle');
  });

  it('shows after 200 ms, completes, and fades 500 ms after the work ends', () => {
    startProgress();
    vi.advanceTimersByTime(199);
    expect(progress.get().phase).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(progress.get().phase).toBe('running');
    finishProgress();
    expect(progress.get().phase).toBe('finishing');
    vi.advanceTimersByTime(499);
    expect(progress.get().phase).toBe('finishing');
    vi.advanceTimersByTime(1);
    expect(progress.get().phase).toBe('fading');
    vi.advanceTimersByTime(300);
    expect(progress.get()).toEqual({ phase: 'idle', failed: false });
  });

  it('waits for every piece of work and marks a failure', () => {
    startProgress();
    startProgress();
    vi.advanceTimersByTime(250);
    finishProgress(true);
    expect(progress.get().phase).toBe('running');
    finishProgress(false);
    expect(progress.get()).toEqual({ phase: 'finishing', failed: true });
  });

  it('shows a quick failure in the failed style', () => {
    startProgress();
    finishProgress(true);
    expect(progress.get()).toEqual({ phase: 'finishing', failed: true });
  });
});
