//! The rooms and the category tree for the pickers and filters (the storefront's public lists),
//! read once per visit of the product pages.
import { apiGet } from '../../../api/client';
import type { CategoryNode, Localized, Room } from '../../../api/types';

export type Choice = { key: string; title: Localized; depth: number };

export type CatalogKeys = { rooms: Choice[]; categories: Choice[] };

let cached: Promise<CatalogKeys> | null = null;

/** Depth-first, children under their parent. */
export function flattenTree(nodes: CategoryNode[], depth = 0, out: Choice[] = []): Choice[] {
  for (const node of nodes) {
    out.push({ key: node.key, title: node.title, depth });
    flattenTree(node.children, depth + 1, out);
  }
  return out;
}

export function loadCatalogKeys(): Promise<CatalogKeys> {
  cached ??= Promise.all([
    apiGet<{ rooms: Room[] }>('/api/app/room/list', { track: false }),
    apiGet<{ categories: CategoryNode[] }>('/api/app/category/tree', { track: false }),
  ]).then(
    ([rooms, tree]) => ({
      rooms: rooms.rooms.map((room) => ({ key: room.key, title: room.title, depth: 0 })),
      categories: flattenTree(tree.categories),
    }),
    (error: unknown) => {
      cached = null;
      throw error;
    },
  );
  return cached;
}
