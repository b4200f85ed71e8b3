import { describe, expect, it } from 'vitest';
import { makeSummary } from '../testing/products';
import { forgetSummaries, formatCm, formatDimensions, linePath, priceView, productPath, rememberedSummary, rememberSummaries, stockState, variantOfSearch } from './product';

describe('priceView', () => {
  it('shows the compare-at price and the saving only when it is above the price', () => {
    expect(priceView({ price: 1890000, compareAtPrice: 2190000 })).toEqual({ price: 1890000, compareAt: 2190000, saving: 300000, savingPercent: 13 });
    expect(priceView({ price: 1890000, compareAtPrice: null })).toEqual({ price: 1890000, compareAt: null, saving: 0, savingPercent: 0 });
    expect(priceView({ price: 1890000, compareAtPrice: 1890000 }).compareAt).toBeNull();
    expect(priceView({ price: 1890000, compareAtPrice: 1000 }).compareAt).toBeNull();
  });

  it('rounds the percent down, never promising more than the real saving', () => {
    // 2 990 of 29 990 is 9.97 %.
    expect(priceView({ price: 2700000, compareAtPrice: 2999000 }).savingPercent).toBe(9);
    expect(priceView({ price: 50, compareAtPrice: 100 }).savingPercent).toBe(50);
  });
});

describe('stockState', () => {
  it('says in stock, only N left, out of stock or discontinued', () => {
    expect(stockState({ active: true, stock: 19 })).toEqual({ kind: 'in' });
    expect(stockState({ active: true, stock: 6 })).toEqual({ kind: 'in' });
    expect(stockState({ active: true, stock: 5 })).toEqual({ kind: 'low', count: 5 });
    expect(stockState({ active: true, stock: 1 })).toEqual({ kind: 'low', count: 1 });
    expect(stockState({ active: true, stock: 0 })).toEqual({ kind: 'out' });
    expect(stockState({ active: true, stock: -2 })).toEqual({ kind: 'out' });
    expect(stockState({ active: false, stock: 12 })).toEqual({ kind: 'discontinued' });
  });
});

describe('dimensions', () => {
  it('turn millimetres into centimetres, one decimal only when needed', () => {
    expect(formatCm(1950)).toBe('195');
    expect(formatCm(805)).toBe('80.5');
    expect(formatCm(12345)).toBe('1,234.5');
    expect(formatCm(10)).toBe('1');
  });

  it('read W × D × H with the unit', () => {
    expect(formatDimensions({ width: 2100, depth: 880, height: 840 })).toBe('210 × 88 × 84 cm');
    expect(formatDimensions({ width: 455, depth: 455, height: 1205 }, 'ซม.')).toBe('45.5 × 45.5 × 120.5 ซม.');
  });

  it('are left out when a side is missing or not a length', () => {
    expect(formatDimensions({ width: 2100, depth: 880 })).toBe('');
    expect(formatDimensions({ width: 0, depth: 880, height: 840 })).toBe('');
    expect(formatDimensions(null)).toBe('');
  });
});

describe('productPath', () => {
  it('links the product page by its code', () => {
    expect(productPath('SF-1001')).toBe('/products/SF-1001');
  });
});

describe('remembered summaries', () => {
  it('are kept by code and language', () => {
    forgetSummaries();
    const thai = makeSummary('SF-1001', {}, 'th');
    rememberSummaries([thai], 'th');
    expect(rememberedSummary('SF-1001', 'th')).toBe(thai);
    expect(rememberedSummary('SF-1001', 'en')).toBeUndefined();
    expect(rememberedSummary('SF-1002', 'th')).toBeUndefined();
  });

  it('keep the latest few hundred, the least recently seen going first', () => {
    forgetSummaries();
    rememberSummaries([makeSummary('OLD-1'), makeSummary('OLD-2')], 'en');
    rememberSummaries([makeSummary('OLD-1')], 'en');
    rememberSummaries(Array.from({ length: 299 }, (_, i) => makeSummary(`P-${i}`)), 'en');
    expect(rememberedSummary('OLD-2', 'en')).toBeUndefined();
    expect(rememberedSummary('OLD-1', 'en')).toBeDefined();
    expect(rememberedSummary('P-298', 'en')).toBeDefined();
  });
});

describe('links from lines and lists to a product page', () => {
  it('opens a line’s product with its variant chosen, and a line older than variants at its own code', () => {
    expect(linePath({ code: 'SF-1001-GRY-3', productCode: 'SF-1001', choice: { en: 'Grey / 3-seat' } })).toBe('/products/SF-1001?variant=SF-1001-GRY-3');
    expect(linePath({ code: 'CH-3101', productCode: 'CH-3101' })).toBe('/products/CH-3101');
    expect(linePath({ code: 'CH-3101' })).toBe('/products/CH-3101');
  });

  it('reads only a well-formed ?variant=', () => {
    expect(variantOfSearch('variant=SF-1001-GRY-3&x=1')).toBe('SF-1001-GRY-3');
    expect(variantOfSearch('?variant=bad code')).toBeNull();
    expect(productPath('SF-1001', 'SF-1001-GRY-3')).toBe('/products/SF-1001?variant=SF-1001-GRY-3');
  });
});

