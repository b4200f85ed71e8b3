import { describe, expect, it } from 'vitest';
import type { Product } from '../../api/types';
import {
  bahtText,
  bodyOf,
  changedFields,
  draftOf,
  emptyDraft,
  filtersOf,
  listHref,
  missingLanguages,
  newPrice,
  parseBaht,
  problemsByField,
  scaleToBaht,
  toggle,
  validPercent,
} from './product-rules';

const product: Product = {
  code: 'SB-1',
  name: { en: 'Sideboard', th: 'ตู้ไซด์บอร์ด', my: '', km: '', id: '' },
  description: { en: 'Low', th: 'เตี้ย', my: '', km: '', id: '' },
  price: 1_290_000,
  compareAtPrice: 1_490_050,
  images: ['/api/file/images/a.png'],
  imageAlts: {},
  rooms: ['living'],
  categories: ['storage'],
  dimensions: { width: 1600, depth: 450, height: 750 },
  material: 'teak',
  colour: 'brown',
  stock: 4,
  active: true,
  popularity: 10,
  createdAt: '2026-11-24',
  version: 3,
  options: [],
  variants: [{ code: 'SB-1', values: [], price: 1_290_000, compareAtPrice: 1_490_050, stock: 4, active: true, images: [] }],
};

describe('filters in the URL', () => {
  it('reads known filters and drops unknown values', () => {
    expect(filtersOf('?q=%20teak%20&room=living&active=maybe&lowStock=true&missing=fr')).toEqual({
      q: 'teak',
      room: 'living',
      category: '',
      active: '',
      lowStock: true,
      missing: '',
    });
    expect(filtersOf('?active=false&missing=th').missing).toBe('th');
  });
  it('writes only the filters set', () => {
    expect(listHref(filtersOf(''))).toBe('/admin/products');
    expect(listHref({ ...filtersOf(''), q: 'ไม้สัก', lowStock: true })).toBe('/admin/products?q=%E0%B9%84%E0%B8%A1%E0%B9%89%E0%B8%AA%E0%B8%B1%E0%B8%81&lowStock=true');
  });
});

describe('money typed in baht', () => {
  it('parses baht into satang and rejects the rest', () => {
    expect(parseBaht('12,900')).toBe(1_290_000);
    expect(parseBaht('฿129.5')).toBe(12_950);
    expect(parseBaht('')).toBeNull();
    expect(parseBaht('12.345')).toBeNaN();
    expect(parseBaht('abc')).toBeNaN();
    expect(bahtText(1_290_000)).toBe('12900');
    expect(bahtText(12_950)).toBe('129.50');
    expect(bahtText(null)).toBe('');
  });
});

describe('the draft', () => {
  it('keeps what the form does not edit and never sends stock on a save', () => {
    const draft = { ...draftOf(product), price: '13000', stock: '999', compareAtPrice: '' };
    const body = bodyOf(draft, product);
    expect(body.price).toBe(1_300_000);
    expect(body.compareAtPrice).toBeNull();
    expect(body.stock).toBe(4);
    expect(body.version).toBe(3);
    expect(body.images).toEqual(product.images);
  });
  it('sends a value that is not a number as typed so the server names its field', () => {
    const body = bodyOf({ ...emptyDraft(), code: ' NEW-1 ', price: 'lots', width: '12cm' }, null);
    expect(body.code).toBe('NEW-1');
    expect(body.price).toBe('lots');
    expect(body.dimensions).toEqual({ width: '12cm', depth: 0, height: 0 });
    expect(body.stock).toBe(0);
    expect(body).not.toHaveProperty('version');
  });
});

describe('languages and problems', () => {
  it('marks a language missing until name and description are filled', () => {
    expect(missingLanguages(product)).toEqual(['my', 'km', 'id']);
  });
  it('groups server problems by field', () => {
    expect(
      problemsByField([
        { field: 'price', message: 'a' },
        { field: 'price', message: 'b' },
        { field: 'name.en', message: 'c' },
      ]),
    ).toEqual({ price: ['a', 'b'], 'name.en': ['c'] });
  });
});

describe('a 409', () => {
  it('names what the other editor changed', () => {
    const theirs = { ...product, price: 1_350_000, name: { ...product.name, th: 'ตู้' }, version: 4 };
    expect(changedFields(product, theirs)).toEqual(['name.th', 'price']);
    expect(changedFields(product, { ...product, version: 9 })).toEqual([]);
  });
});

describe('bulk prices', () => {
  it('round percent changes half up to whole baht, as the server does', () => {
    expect(scaleToBaht(1_290_000, 5)).toBe(1_354_500);
    expect(scaleToBaht(12_990, 5)).toBe(13_600);
    expect(scaleToBaht(1_050, 10)).toBe(1_200);
    expect(newPrice(100, { mode: 'absolute', value: 5_000 })).toBe(5_000);
    expect(validPercent(0)).toBe(false);
    expect(validPercent(-99)).toBe(true);
    expect(validPercent(1001)).toBe(false);
  });
  it('toggles a selection', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });
});
