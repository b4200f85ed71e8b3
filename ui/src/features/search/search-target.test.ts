import { describe, expect, it } from 'vitest';
import { searchTarget } from './search-target';

describe('searchTarget', () => {
  it('sends a keyword starting with # to the code search without the #', () => {
    expect(searchTarget('#SF-10')).toBe('/searchcode?keyword=SF-10');
    expect(searchTarget('  #ab12 ')).toBe('/searchcode?keyword=ab12');
  });

  it('sends any other keyword to the word search', () => {
    expect(searchTarget('sofa')).toBe('/search?keyword=sofa');
    expect(searchTarget('dining table')).toBe('/search?keyword=dining%20table');
    expect(searchTarget('โซฟา')).toBe(`/search?keyword=${encodeURIComponent('โซฟา')}`);
  });

  it('keeps a # that is not the first character as part of the words', () => {
    expect(searchTarget('sofa #2')).toBe('/search?keyword=sofa%20%232');
  });

  it('ignores empty input, blanks and a lone #', () => {
    expect(searchTarget('')).toBeNull();
    expect(searchTarget('   ')).toBeNull();
    expect(searchTarget('#')).toBeNull();
    expect(searchTarget('#  ')).toBeNull();
  });
});
