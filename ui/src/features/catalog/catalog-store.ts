//! Catalogue client state (docs/STOREFRONT.md §3: rooms, catPath) loaded once per visit, and the
//! rules that turn rooms and categories into links.
import type { CategoryNode, Room } from '../../api/types';
import { catalogSlug } from '../../lib/url-rules';
import { createResource } from '../../lib/resource';
import { getCategoryTree } from './api/get-category-tree';
import { getRooms } from './api/get-rooms';

export const rooms = createResource(getRooms);
export const categories = createResource(getCategoryTree);

export function roomPath(room: Room): string {
  return `/room/${catalogSlug(room)}`;
}

export function categoryPath(node: CategoryNode): string {
  return `/category/${catalogSlug(node)}`;
}

/** The room whose URL segment is exactly this slug (as the server decides, case-sensitive). */
export function findRoom(list: Room[], slug: string): Room | undefined {
  return list.find((room) => catalogSlug(room) === slug);
}

/**
 * The path from the top of the tree to the category with this slug (docs/STOREFRONT.md §3
 * `catPath`), or [].
 */
export function findCategoryPath(nodes: CategoryNode[], slug: string): CategoryNode[] {
  for (const node of nodes) {
    if (catalogSlug(node) === slug) return [node];
    const below = findCategoryPath(node.children ?? [], slug);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** The path from the top of the tree to the category with this key, or []. */
export function findCategoryPathByKey(nodes: CategoryNode[], key: string): CategoryNode[] {
  for (const node of nodes) {
    if (node.key === key) return [node];
    const below = findCategoryPathByKey(node.children ?? [], key);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** The deepest category path among a product's categories (its breadcrumb), or []. */
export function productCategoryPath(nodes: CategoryNode[], keys: string[]): CategoryNode[] {
  let best: CategoryNode[] = [];
  for (const key of keys) {
    const path = findCategoryPathByKey(nodes, key);
    if (path.length > best.length) best = path;
  }
  return best;
}
