//! Progress of navigation and API calls (docs/STOREFRONT.md §9): the bar appears only when work
//! lasts longer than the 200 ms throttle, creeps over about 5 s, and fades 500 ms after the last
//! piece of work ends.
import { createStore } from './create-store';

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;
const FADE_MS = 300;

export type ProgressPhase = 'idle' | 'running' | 'finishing' | 'fading';
export type ProgressState = { phase: ProgressPhase; failed: boolean };

export const progress = createStore<ProgressState>({ phase: 'idle', failed: false });

let active = 0;
let failedSinceStart = false;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

export function startProgress(): void {
  active += 1;
  if (active > 1) return;
  clearTimeout(hideTimer);
  const { phase } = progress.get();
  if (phase === 'finishing' || phase === 'fading') {
    progress.set({ phase: 'running', failed: false });
    failedSinceStart = false;
    return;
  }
  if (phase === 'idle') {
    failedSinceStart = false;
    showTimer = setTimeout(() => {
      if (active > 0) progress.set({ phase: 'running', failed: failedSinceStart });
    }, PROGRESS_THROTTLE_MS);
  }
}

export function finishProgress(failed = false): void {
  if (active === 0) return;
  active -= 1;
  if (failed) failedSinceStart = true;
  if (active > 0) return;
  clearTimeout(showTimer);
  // Quick successes never show the bar; a failure is always shown, however quick.
  if (progress.get().phase === 'idle' && !failedSinceStart) return;
  progress.set({ phase: 'finishing', failed: failedSinceStart });
  hideTimer = setTimeout(() => {
    progress.set({ phase: 'fading', failed: failedSinceStart });
    hideTimer = setTimeout(() => progress.set({ phase: 'idle', failed: false }), FADE_MS);
  }, PROGRESS_HIDE_DELAY_MS);
}

/** Runs an async task under the progress bar. */
export async function trackProgress<T>(task: () => Promise<T>): Promise<T> {
  startProgress();
  try {
    const value = await task();
    finishProgress(false);
    return value;
  } catch (error) {
    finishProgress(true);
    throw error;
  }
}
