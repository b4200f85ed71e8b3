import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { forgetRemote } from '../../../lib/use-remote';
import { jsonResponse, langOf, makeProduct, summaryOf } from '../../../testing/products';
import { readKeyword, SearchResultsPage } from './search-results-page';

const labels = {
  loaded: true,
  groups: {
    material: { leather: { en: 'Leather' }, fabric: { en: 'Fabric' }, marble: { en: 'Marble' } },
    colour: { grey: { en: 'Grey' }, pink: { en: 'Pink' } },
  },
};

const facets = {
  rooms: { living: 12, office: 3 },
  categories: { sofas: 14 },
  materials: { leather: 3, fabric: 11 },
  colours: { grey: 6 },
  price: { min: 990000, max: 4590000 },
};

let requests: string[] = [];

beforeEach(() => {
  forgetRemote();
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url.startsWith('/api/app/room/list')) return jsonResponse({ status: 'success', rooms: [{ key: 'living', title: { en: 'Living room' }, order: 1 }] });
      if (url.startsWith('/api/app/category/tree')) return jsonResponse({ status: 'success', categories: [] });
      if (url.includes('keyword=xyzzyq')) return jsonResponse({ status: 'success', products: [], total: 0, page: 1, limit: 24, facets: { ...facets, rooms: {}, materials: {}, colours: {}, categories: {} } });
      const products = Array.from({ length: 14 }, (_, i) => summaryOf(makeProduct(`SF-${1000 + i}`), langOf(url)));
      const corrected = url.includes('keyword=%E0%B8%AB') ? { correctedKeyword: 'sofa' } : {};
      return jsonResponse({ status: 'success', products, total: 14, page: 1, limit: 24, facets, ...corrected });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function visit(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <SearchResultsPage labels={labels} />
    </Router>,
  );
  return memory;
}

const searches = () => requests.filter((url) => url.startsWith('/api/app/search'));

describe('readKeyword', () => {
  it('reads the trimmed keyword', () => {
    expect(readKeyword('keyword=%20sofa%20&page=2')).toBe('sofa');
    expect(readKeyword('')).toBe('');
  });
});

describe('SearchResultsPage', () => {
  it('lists the matches best first with counted filters and no empty options', async () => {
    visit('/search?keyword=sofa');
    expect(await screen.findByText('14 products')).toBeTruthy();
    expect(searches()).toEqual(['/api/app/search?keyword=sofa&limit=24&lang=en']);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('relevance');
    expect(screen.getByRole('checkbox', { name: /Fabric/ }).parentElement?.textContent).toContain('11');
    expect(screen.queryByRole('checkbox', { name: /Marble/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Pink/ })).toBeNull();
    expect(await screen.findByRole('checkbox', { name: /Living room/ })).toBeTruthy();
  });

  it('keeps the keyword and a chosen facet in the URL', async () => {
    const memory = visit('/search?keyword=sofa');
    await screen.findByText('14 products');
    fireEvent.click(screen.getByRole('checkbox', { name: /Leather/ }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/search?keyword=sofa&material=leather'));
    await waitFor(() => expect(searches()).toContain('/api/app/search?keyword=sofa&material=leather&limit=24&lang=en'));
    // A select's onChange listens to the real change event, as browsers fire it.
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement;
    select.value = 'price_asc';
    fireEvent(select, new Event('change', { bubbles: true }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/search?keyword=sofa&material=leather&sort=price_asc'));
  });

  it('says what was searched instead of a keyword typed with the other layout', async () => {
    visit('/search?keyword=%E0%B8%AB%E0%B8%99%E0%B8%94%E0%B8%9F');
    expect(await screen.findByText('Nothing matched “หนดฟ” as typed, so here are the results for “sofa”.')).toBeTruthy();
  });

  it('says nothing was found, or asks for a keyword', async () => {
    visit('/search?keyword=xyzzyq');
    expect(await screen.findByText('No products found for “xyzzyq”.')).toBeTruthy();
  });

  it('asks for a keyword when there is none', () => {
    visit('/search');
    expect(screen.getByText('Type a word or a product code (starting with #) in the search box.')).toBeTruthy();
    expect(searches()).toEqual([]);
  });
});
