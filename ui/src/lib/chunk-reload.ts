//! A failed chunk load (usually a new release replaced the hashed files) reloads the page, at
//! most once per 60 s so a broken deployment cannot loop (SPEC §8).
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** Reloads the page unless it was already reloaded for this reason within the last 60 s. */
export function reloadForChunkError(now = Date.now(), reload = () => window.location.reload()): boolean {
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
