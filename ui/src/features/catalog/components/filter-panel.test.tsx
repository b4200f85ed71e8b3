import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS, type CatalogFilters } from '../filter-state';
import { FilterPanel, offeredOptions } from './filter-panel';

const labels = {
  loaded: true,
  groups: {
    material: { leather: { en: 'Leather' }, fabric: { en: 'Fabric' }, marble: { en: 'Marble' } },
    colour: { grey: { en: 'Grey' }, pink: { en: 'Pink' } },
  },
};

const facets = {
  rooms: {},
  categories: {},
  materials: { fabric: 11, marble: 0 },
  colours: { grey: 6 },
  sizes: {},
  sizeLabels: {},
  price: { min: 990000, max: 4590000 },
};

function panel(filters: Partial<CatalogFilters>, onChange = vi.fn()) {
  render(<FilterPanel id="f" open filters={{ ...DEFAULT_FILTERS, ...filters }} labels={labels} onChange={onChange} facets={facets} />);
  return onChange;
}

describe('offeredOptions', () => {
  const options = [{ key: 'a' }, { key: 'b' }, { key: 'c' }];
  it('keeps options with matches and chosen ones, all of them before the counts arrive', () => {
    expect(offeredOptions(options, { a: 2, b: 0 }, ['c'])).toEqual([{ key: 'a' }, { key: 'c' }]);
    expect(offeredOptions(options, undefined, [])).toEqual(options);
  });
});

describe('FilterPanel on a room or category page', () => {
  it('shows each option with its count and leaves out those that would show nothing', () => {
    panel({});
    const fabric = screen.getByRole('checkbox', { name: 'Fabric' });
    expect(fabric.getAttribute('aria-describedby')).toBe('f-material-fabric-count');
    expect(document.getElementById('f-material-fabric-count')?.textContent).toBe('(11)');
    expect(screen.queryByRole('checkbox', { name: 'Marble' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Leather' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Pink' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Grey' })).toBeTruthy();
    // Rooms and categories are the page's own: not offered.
    expect(screen.queryByText('Room')).toBeNull();
  });

  it('keeps a chosen option with no matches, so it can be cleared', () => {
    const onChange = panel({ material: ['leather'], colour: ['pink'] });
    const leather = screen.getByRole('checkbox', { name: 'Leather' }) as HTMLInputElement;
    expect(leather.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Pink' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Marble' })).toBeNull();
    fireEvent.click(leather);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ material: [], colour: ['pink'], page: 1 }));
  });
});

describe('FilterPanel on a search page', () => {
  it('offers the rooms of the matches, most matches first and equal counts in key order', () => {
    const scopedFacets = { ...facets, rooms: { living: 3, bedroom: 5, dining: 3 } };
    render(<FilterPanel id="s" open scoped filters={DEFAULT_FILTERS} labels={labels} onChange={vi.fn()} facets={scopedFacets} />);
    const rooms = Array.from(document.querySelectorAll<HTMLInputElement>('input[name="room"]'), (input) => input.value);
    expect(rooms).toEqual(['bedroom', 'dining', 'living']);
  });

  it('offers the sizes the matches are sold in, by their words, and toggles one into the filters', () => {
    const onChange = vi.fn();
    const sized = {
      ...facets,
      sizes: { '5-ft': 4, '6-ft': 2, '7-ft': 0 },
      sizeLabels: { '5-ft': { en: '5 ft', th: '5 ฟุต', my: '', km: '', id: '' }, '6-ft': { en: '6 ft', th: '6 ฟุต', my: '', km: '', id: '' } },
    };
    render(<FilterPanel id="z" open filters={{ ...DEFAULT_FILTERS, size: ['6-ft'] }} labels={labels} onChange={onChange} facets={sized} />);
    const group = screen.getByRole('group', { name: 'Size' });
    expect([...group.querySelectorAll('label')].map((label) => label.textContent)).toEqual(['5 ft(4)', '6 ft(2)']);
    fireEvent.click(screen.getByRole('checkbox', { name: '5 ft' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ size: ['5-ft', '6-ft'], page: 1 }));
  });

  it('offers no sizes when no match is sold in sizes', () => {
    panel({});
    expect(screen.queryByRole('group', { name: 'Size' })).toBeNull();
  });
});
