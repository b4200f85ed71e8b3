import { describe, expect, it } from 'vitest';
import { productListUrl } from './api/list-products';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  filtersToQuery,
  parseFilters,
  SEARCH_SORTS,
  serializeFilters,
  toggleKey,
  withFilters,
  type CatalogFilters,
} from './filter-state';

const filters = (change: Partial<CatalogFilters>): CatalogFilters => ({ ...DEFAULT_FILTERS, ...change });

describe('parseFilters', () => {
  it('reads every filter, the sort and the page', () => {
    expect(parseFilters('?minPrice=5000&maxPrice=20000&material=teak,oak&colour=grey&sort=price_desc&page=3')).toEqual({
      room: null,
      category: null,
      minPrice: 5000,
      maxPrice: 20000,
      material: ['oak', 'teak'],
      colour: ['grey'],
      size: [],
      sort: 'price_desc',
      page: 3,
    });
  });

  it('gives the defaults for an empty query, with or without the ?', () => {
    expect(parseFilters('')).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('?')).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('sort=newest')).toEqual(filters({ sort: 'newest' }));
  });

  it('drops values that make no sense', () => {
    expect(parseFilters('?sort=cheapest&page=0&minPrice=-5&maxPrice=abc')).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('?page=2.5')).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('?page=10001')).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('?minPrice=1e5&maxPrice=1000000000')).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('?material=teak,<script>,,OAK, rattan ,x_y&colour=' + 'a'.repeat(33)).material).toEqual(['oak', 'rattan', 'teak']);
    expect(parseFilters('?colour=' + 'a'.repeat(33)).colour).toEqual([]);
  });

  it('drops a price range that ends before it starts', () => {
    expect(parseFilters('?minPrice=30000&maxPrice=10000')).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('?minPrice=10000&maxPrice=10000')).toEqual(filters({ minPrice: 10000, maxPrice: 10000 }));
  });

  it('merges repeated and duplicated list values', () => {
    expect(parseFilters('?material=oak&material=teak,oak').material).toEqual(['oak', 'teak']);
  });

  it('ignores parameters that are not filters', () => {
    expect(parseFilters('?utm_source=line&keyword=sofa')).toEqual(DEFAULT_FILTERS);
  });

  it('reads a room and category (search results) and drops keys the API would refuse', () => {
    expect(parseFilters('?room=Bedroom&category=sofas-3-seat')).toEqual(filters({ room: 'bedroom', category: 'sofas-3-seat' }));
    expect(parseFilters('?room=%3Cb%3E&category=' + 'a'.repeat(65))).toEqual(DEFAULT_FILTERS);
  });

  it('sorts search results by relevance unless told otherwise, and writes the keyword first', () => {
    const search = parseFilters('?keyword=sofa&room=living', SEARCH_SORTS, 'relevance');
    expect(search.sort).toBe('relevance');
    expect(parseFilters('?sort=relevance').sort).toBe('popular');
    expect(serializeFilters(search, 'relevance', 'keyword=sofa')).toBe('?keyword=sofa&room=living');
    expect(serializeFilters({ ...search, sort: 'price_asc' }, 'relevance', 'keyword=sofa')).toBe('?keyword=sofa&room=living&sort=price_asc');
    expect(filtersToQuery(search, {}).room).toBe('living');
    expect(filtersToQuery(search, { room: 'office' }).room).toBe('office');
    expect(filtersToQuery(search, {}).sort).toBeUndefined();
  });
});

describe('serializeFilters', () => {
  it('leaves the defaults out of the URL', () => {
    expect(serializeFilters(DEFAULT_FILTERS)).toBe('');
    expect(serializeFilters(filters({ sort: 'popular', page: 1 }))).toBe('');
  });

  it('writes the filters in one fixed order with readable commas', () => {
    expect(serializeFilters(filters({ page: 2, sort: 'newest', colour: ['red'], material: ['teak', 'oak'], maxPrice: 9000, minPrice: 0 }))).toBe(
      '?minPrice=0&maxPrice=9000&material=oak,teak&colour=red&sort=newest&page=2',
    );
  });

  it('round-trips through parseFilters', () => {
    const all = filters({ minPrice: 1500, maxPrice: 45000, material: ['fabric', 'leather'], colour: ['beige', 'grey'], sort: 'price_asc', page: 4 });
    expect(parseFilters(serializeFilters(all))).toEqual(all);
    for (const search of ['', '?sort=newest', '?material=oak&page=2', '?minPrice=100']) {
      expect(serializeFilters(parseFilters(search))).toBe(search);
    }
  });
});

describe('changing filters', () => {
  it('goes back to page 1 unless the page itself changes', () => {
    const onPage3 = filters({ page: 3 });
    expect(withFilters(onPage3, { sort: 'newest' }).page).toBe(1);
    expect(withFilters(onPage3, { material: ['oak'] }).page).toBe(1);
    expect(withFilters(onPage3, { page: 4 }).page).toBe(4);
  });

  it('toggles a key in or out of a list, keeping it sorted', () => {
    expect(toggleKey(['teak'], 'oak')).toEqual(['oak', 'teak']);
    expect(toggleKey(['oak', 'teak'], 'oak')).toEqual(['teak']);
  });

  it('counts a price range once', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount(filters({ minPrice: 1, maxPrice: 2, material: ['oak'], colour: ['red', 'grey'] }))).toBe(4);
  });
});

describe('filtersToQuery', () => {
  it('asks the API in satang, for one page of 24, leaving defaults out', () => {
    expect(productListUrl(filtersToQuery(DEFAULT_FILTERS, { room: 'living' }), 'en')).toBe('/api/app/product/list?room=living&limit=24&lang=en');
    expect(productListUrl(filtersToQuery(filters({ minPrice: 5000, maxPrice: 20000, material: ['oak', 'teak'], sort: 'newest', page: 2 }), { category: 'sofas' }), 'en')).toBe(
      '/api/app/product/list?category=sofas&minPrice=500000&maxPrice=2000000&material=oak%2Cteak&sort=newest&page=2&limit=24&lang=en',
    );
  });

  it('asks for the names in the language shown, so each language has its own URL', () => {
    const query = filtersToQuery(DEFAULT_FILTERS, { room: 'living' });
    expect(productListUrl(query, 'th')).toBe('/api/app/product/list?room=living&limit=24&lang=th');
    expect(productListUrl(query, 'km', 'sofa')).toBe('/api/app/search?keyword=sofa&room=living&limit=24&lang=km');
    expect(productListUrl(query, 'th')).not.toBe(productListUrl(query, 'en'));
  });

  it('keeps size keys as written (digits, case, dots) and writes them after the colours', () => {
    const filters = parseFilters('?size=160x200,6-ft,bad key,6-ft&colour=grey');
    expect(filters.size).toEqual(['160x200', '6-ft']);
    expect(serializeFilters(filters)).toBe('?colour=grey&size=160x200,6-ft');
    expect(filtersToQuery(filters, {}).size).toEqual(['160x200', '6-ft']);
  });
});
