//! A failed chunk load (usually a new release replaced the hashed files) reloads the page, at
//! most once per 60 s so a broken deployment cannot loop (docs/STOREFRONT.md §8). Without a
//! connection it does not: a reload would land on the browser's own error page, so the app shows
//! its offline message instead (see `app/lazy-with-reload.ts`).
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** Reloads the page unless it was already reloaded for this reason within the last 60 s. */
export function reloadForChunkError(now = Date.now(), reload = () => window.location.reload()): boolean {
  if (navigator.onLine === false) return false;
  const last = Number(readStorage(STORAGE_KEYS.chunkReloadAt) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  writeStorage(STORAGE_KEYS.chunkReloadAt, String(now));
  reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload CSS/i.test(message);
}

/** What the offline check asks: a tiny file the server always has, past every cache. */
const PROBE_URL = '/sw.js';

/**
 * Whether the shop cannot be reached: the browser says it is offline, or a tiny request to the
 * server fails (a connection that is "up" but goes nowhere).
 */
export async function isOffline(probe: () => Promise<unknown> = () => fetch(PROBE_URL, { method: 'HEAD', cache: 'no-store' })): Promise<boolean> {
  if (navigator.onLine === false) return true;
  try {
    await probe();
    return false;
  } catch {
    return true;
  }
}
