import { describe, expect, it } from 'vitest';
import { makeSummary } from '../../testing/products';
import { pickFeatured } from './featured';

describe('pickFeatured', () => {
  it('takes the five most popular reduced products, in popularity order', () => {
    const popular = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((code, i) =>
      makeSummary(code, { compareAtPrice: i % 2 === 0 || i > 4 ? 2_000_000 : null }),
    );
    expect(pickFeatured(popular).map((p) => p.code)).toEqual(['A', 'C', 'E', 'F', 'G']);
  });

  it('tops up with the most popular others when too few are reduced', () => {
    const popular = [makeSummary('A'), makeSummary('B', { compareAtPrice: 2_000_000 }), makeSummary('C'), makeSummary('D'), makeSummary('E'), makeSummary('F')];
    expect(pickFeatured(popular).map((p) => p.code)).toEqual(['B', 'A', 'C', 'D', 'E']);
  });

  it('never features a product without a photo or one no longer sold', () => {
    const popular = [makeSummary('A', { image: null }), makeSummary('B', { active: false, compareAtPrice: 2_000_000 }), makeSummary('C')];
    expect(pickFeatured(popular).map((p) => p.code)).toEqual(['C']);
  });
});
