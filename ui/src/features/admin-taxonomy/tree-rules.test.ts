import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '../../api/types';
import { childrenOf, dropAt, keyFromTitle, missingTitles, moveKey, possibleParents, subtree, treeRows } from './tree-rules';

const cat = (key: string, parent: string | null, order: number): AdminCategory => ({
  key,
  title: { en: key, th: '', my: '', km: '', id: '' },
  pageName: null,
  parent,
  order,
  products: 0,
});

const all = [cat('seating', null, 1), cat('beds', null, 0), cat('sofas', 'seating', 0), cat('corner', 'sofas', 0), cat('stools', 'seating', 1), cat('lost', 'gone', 0)];

describe('moving and dropping', () => {
  it('moves one place and stops at the ends', () => {
    expect(moveKey(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveKey(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    const same = ['a', 'b'];
    expect(moveKey(same, 'a', -1)).toBe(same);
    expect(moveKey(same, 'x', 1)).toBe(same);
  });
  it('drops at an index', () => {
    expect(dropAt(['a', 'b', 'c', 'd'], 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(dropAt(['a', 'b', 'c'], 'a', 9)).toEqual(['b', 'c', 'a']);
  });
});

describe('the tree', () => {
  it('lists rows depth first in order, orphans at the top', () => {
    expect(treeRows(all).map((r) => `${'-'.repeat(r.depth)}${r.category.key}`)).toEqual(['beds', 'lost', 'seating', '-sofas', '--corner', '-stools']);
    expect(childrenOf(all, 'seating').map((c) => c.key)).toEqual(['sofas', 'stools']);
  });
  it('never offers a category itself or its children as its parent', () => {
    expect([...subtree(all, 'seating')].sort()).toEqual(['corner', 'seating', 'sofas', 'stools']);
    expect(possibleParents(all, 'seating').map((c) => c.key)).toEqual(['beds', 'lost']);
    expect(possibleParents(all, null)).toHaveLength(all.length);
  });
});

describe('titles and keys', () => {
  it('names the missing languages and makes keys from English titles', () => {
    expect(missingTitles({ en: 'Sofas', th: 'โซฟา', my: '', km: ' ', id: 'Sofa' })).toEqual(['my', 'km']);
    expect(keyFromTitle(' Garden Sofas & Chairs ')).toBe('garden-sofas-chairs');
  });
});
