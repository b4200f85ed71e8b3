//! Pure rules of the room and category editors: orders after a move or a drop, the category tree
//! as indented rows, and which parents a category may take (never itself or one of its children).
import type { AdminCategory, Localized } from '../../api/types';

/** `keys` with `key` moved `delta` places (clamped); the same array when it cannot move. */
export function moveKey(keys: string[], key: string, delta: number): string[] {
  const from = keys.indexOf(key);
  if (from < 0) return keys;
  const to = Math.max(0, Math.min(keys.length - 1, from + delta));
  if (to === from) return keys;
  return dropAt(keys, key, to);
}

/** `keys` with `key` taken out and put at index `to` (a drag and drop). */
export function dropAt(keys: string[], key: string, to: number): string[] {
  const rest = keys.filter((k) => k !== key);
  if (rest.length === keys.length) return keys;
  const at = Math.max(0, Math.min(rest.length, to));
  return [...rest.slice(0, at), key, ...rest.slice(at)];
}

function byOrder(a: AdminCategory, b: AdminCategory): number {
  return a.order - b.order || a.key.localeCompare(b.key);
}

/** The children of `parent` (null: the top), in order. */
export function childrenOf(categories: AdminCategory[], parent: string | null): AdminCategory[] {
  const known = new Set(categories.map((c) => c.key));
  // A parent that no longer exists shows its children at the top, as the storefront does.
  return categories.filter((c) => (c.parent && known.has(c.parent) ? c.parent : null) === parent).sort(byOrder);
}

export type TreeRow = { category: AdminCategory; depth: number; siblings: string[] };

/** Depth first, each row with its depth and its siblings' keys in order. */
export function treeRows(categories: AdminCategory[]): TreeRow[] {
  const out: TreeRow[] = [];
  const walk = (parent: string | null, depth: number) => {
    if (depth > 8) return;
    const children = childrenOf(categories, parent);
    const siblings = children.map((c) => c.key);
    for (const category of children) {
      out.push({ category, depth, siblings });
      walk(category.key, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** `key` and every category under it. */
export function subtree(categories: AdminCategory[], key: string): Set<string> {
  const out = new Set([key]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) {
      if (c.parent && out.has(c.parent) && !out.has(c.key)) {
        out.add(c.key);
        grew = true;
      }
    }
  }
  return out;
}

/** The categories `key` may be moved under (null key: a new category may go anywhere). */
export function possibleParents(categories: AdminCategory[], key: string | null): AdminCategory[] {
  const barred = key ? subtree(categories, key) : new Set<string>();
  return treeRows(categories)
    .map((row) => row.category)
    .filter((c) => !barred.has(c.key));
}

export const LANGS = ['en', 'th', 'my', 'km', 'id'] as const;

export function emptyTitle(): Localized {
  return { en: '', th: '', my: '', km: '', id: '' };
}

/** The languages still without a title. */
export function missingTitles(title: Localized): string[] {
  return LANGS.filter((lang) => !title[lang]?.trim());
}

/** A key made from an English title: 'Garden Sofas' → 'garden-sofas'. */
export function keyFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}
