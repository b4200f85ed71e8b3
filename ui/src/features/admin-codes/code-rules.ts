//! Pure rules of the code-table editor: key checks, which entries changed, and what may be removed.
import type { CodeEntry, Localized } from '../../api/types';

export const LANGS = ['en', 'th', 'my', 'km', 'id'] as const;

/** Keys: 1 to 40 letters, digits, `-` or `_` (as the server checks). */
export function isCodeKey(key: string): boolean {
  return /^[A-Za-z0-9_-]{1,40}$/.test(key);
}

export function sameTitle(a: Localized, b: Localized): boolean {
  return LANGS.every((lang) => (a[lang] ?? '').trim() === (b[lang] ?? '').trim());
}

/** Whether a row was edited (titles or state) since it was loaded. */
export function isDirty(saved: CodeEntry, title: Localized, active: boolean): boolean {
  return !sameTitle(saved.title, title) || saved.active !== active;
}

/** A used key (or any key of the program's own tables) is deactivated, never removed. */
export function canRemove(entry: CodeEntry, system: boolean): boolean {
  return !system && entry.used === 0;
}

/** The problems of a new entry, as message keys. */
export function newEntryProblems(key: string, title: Localized, taken: string[]): ('key' | 'taken' | 'title')[] {
  const out: ('key' | 'taken' | 'title')[] = [];
  if (!isCodeKey(key.trim())) out.push('key');
  else if (taken.includes(key.trim())) out.push('taken');
  if (!title.en.trim()) out.push('title');
  return out;
}
