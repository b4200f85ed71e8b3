import { describe, expect, it } from 'vitest';
import type { CategoryNode } from './api/get-category-tree';
import { categoryPath, findCategoryPath, findRoom, productCategoryPath, roomPath } from './catalog-store';

const tree: CategoryNode[] = [
  { key: 'sofas', title: { en: 'Sofas' }, pageName: 'Sofas', children: [{ key: 'sofas-3', title: { en: '3-seat' }, pageName: ' Three-Seat ' }] },
  { key: 'beds', title: { en: 'Beds' }, children: [] },
];

describe('catalogue links (SPEC §2)', () => {
  it('link rooms and categories by pageName or key, lowercased and trimmed', () => {
    expect(roomPath({ key: 'Living', title: {}, pageName: null })).toBe('/room/living');
    expect(roomPath({ key: 'office', title: {}, pageName: 'Home-Office ' })).toBe('/room/home-office');
    expect(categoryPath(tree[0]!.children![0]!)).toBe('/category/three-seat');
  });

  it('find a room by its exact slug, as the server does', () => {
    const rooms = [{ key: 'office', title: {}, pageName: 'home-office' }];
    expect(findRoom(rooms, 'home-office')?.key).toBe('office');
    expect(findRoom(rooms, 'HOME-OFFICE')).toBeUndefined();
    expect(findRoom(rooms, 'garage')).toBeUndefined();
  });

  it('find the path down to a nested category', () => {
    expect(findCategoryPath(tree, 'three-seat').map((n) => n.key)).toEqual(['sofas', 'sofas-3']);
    expect(findCategoryPath(tree, 'beds').map((n) => n.key)).toEqual(['beds']);
    expect(findCategoryPath(tree, 'lamps')).toEqual([]);
  });
});

describe("a product's breadcrumb", () => {
  it('follows the deepest of its categories', () => {
    expect(productCategoryPath(tree, ['sofas', 'sofas-3']).map((n) => n.key)).toEqual(['sofas', 'sofas-3']);
    expect(productCategoryPath(tree, ['beds']).map((n) => n.key)).toEqual(['beds']);
    expect(productCategoryPath(tree, ['lamps'])).toEqual([]);
  });
});
