import { describe, expect, it } from 'vitest';
import type { CategoryNode, Room } from '../../api/types';
import { localized } from '../../testing/localized';
import { categoryPath, findCategoryPath, findRoom, productCategoryPath, roomPath } from './catalog-store';

const node = (key: string, title: string, pageName: string | null, children: CategoryNode[] = []): CategoryNode => ({
  key,
  title: localized(title),
  pageName,
  order: 0,
  children,
});
const room = (key: string, pageName: string | null): Room => ({ key, title: localized(''), pageName, image: null, icon: null, order: 0 });

const tree: CategoryNode[] = [node('sofas', 'Sofas', 'Sofas', [node('sofas-3', '3-seat', ' Three-Seat ')]), node('beds', 'Beds', null)];

describe('catalogue links (docs/STOREFRONT.md §2)', () => {
  it('link rooms and categories by pageName or key, lowercased and trimmed', () => {
    expect(roomPath(room('Living', null))).toBe('/room/living');
    expect(roomPath(room('office', 'Home-Office '))).toBe('/room/home-office');
    expect(categoryPath(tree[0]!.children![0]!)).toBe('/category/three-seat');
  });

  it('find a room by its exact slug, as the server does', () => {
    const rooms = [room('office', 'home-office')];
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
