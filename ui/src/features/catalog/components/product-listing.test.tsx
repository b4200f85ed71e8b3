import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18nStore } from '../../../i18n/i18n-store';
import { keepsPosition } from '../../../lib/navigation-state';
import { forgetRemote } from '../../../lib/use-remote';
import { jsonResponse, langOf, makeProduct, summaryOf } from '../../../testing/products';
import { ProductListing } from './product-listing';

const labels = {
  loaded: true,
  groups: {
    material: { oak: { en: 'Oak' }, teak: { en: 'Teak' } },
    colour: { grey: { en: 'Grey' }, red: { en: 'Red' } },
  },
};

let requests: string[] = [];

function mockList(total: number) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      const products = Array.from({ length: Math.min(total, 24) }, (_, i) => summaryOf(makeProduct(`LV-${1000 + i}`), langOf(url)));
      return jsonResponse({ status: 'success', products, total, page: 1, limit: 24 });
    }),
  );
}

function renderListing(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ProductListing scope={{ room: 'living' }} labels={labels} label="Living room" empty={<p>Nothing in this room</p>} />
    </Router>,
  );
  return memory;
}

beforeEach(() => forgetRemote());
afterEach(() => vi.unstubAllGlobals());

describe('ProductListing', () => {
  it('asks the API for what the URL says and shows the count and the grid', async () => {
    mockList(30);
    renderListing('/room/living?material=oak&sort=newest');
    expect(await screen.findByText('30 products')).toBeTruthy();
    expect(requests.filter((url) => url.startsWith('/api/app/product'))).toEqual(['/api/app/product/list?room=living&material=oak&sort=newest&limit=24&lang=en']);
    expect(screen.getAllByRole('link', { name: /Product LV-/ })).toHaveLength(24);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('newest');
    expect((screen.getByRole('checkbox', { name: 'Oak' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/room/living?material=oak&sort=newest&page=2');
  });

  it('writes every change into the URL, back on page 1, keeping the scroll position', async () => {
    mockList(30);
    const memory = renderListing('/room/living?page=2');
    await screen.findByText('30 products');
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Teak' }));
    });
    expect(memory.history!.at(-1)).toBe('/room/living?material=teak');
    expect(keepsPosition(memory.state)).toBe(true);
    await act(async () => {
      // @testing-library/preact turns fireEvent.change into an input event; a select's onChange
      // listens to the real change event, as browsers fire it.
      const select = screen.getByLabelText('Sort by') as HTMLSelectElement;
      select.value = 'price_desc';
      fireEvent(select, new Event('change', { bubbles: true }));
    });
    expect(memory.history!.at(-1)).toBe('/room/living?material=teak&sort=price_desc');
    await waitFor(() => expect(requests.at(-1)).toBe('/api/app/product/list?room=living&material=teak&sort=price_desc&limit=24&lang=en'));
  });

  it('reads a typed price range in baht, the right way round', async () => {
    mockList(3);
    const memory = renderListing('/room/living');
    await screen.findByText('3 products');
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '20,000' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '5000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply price range' }));
    });
    expect(memory.history!.at(-1)).toBe('/room/living?minPrice=5000&maxPrice=20000');
    await waitFor(() => expect(requests.at(-1)).toBe('/api/app/product/list?room=living&minPrice=500000&maxPrice=2000000&limit=24&lang=en'));
    expect(await screen.findByRole('button', { name: 'Remove filter: ฿5,000 to ฿20,000' })).toBeTruthy();
  });

  it('refuses a price that is not a whole number of baht', async () => {
    mockList(3);
    const memory = renderListing('/room/living');
    await screen.findByText('3 products');
    fireEvent.input(screen.getByLabelText('From'), { target: { value: 'cheap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price range' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter prices in whole baht, for example 15000.');
    expect(memory.history).toEqual(['/room/living']);
  });

  it('removes one filter from its chip, or all of them, keeping the sort', async () => {
    mockList(5);
    const memory = renderListing('/room/living?material=oak&colour=red&sort=newest');
    await screen.findByText('5 products');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Red' }));
    });
    expect(memory.history!.at(-1)).toBe('/room/living?material=oak&sort=newest');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    });
    expect(memory.history!.at(-1)).toBe('/room/living?sort=newest');
  });

  it('asks again in the new language after a language switch, and shows the names it sends', async () => {
    mockList(2);
    renderListing('/room/living');
    expect(await screen.findByRole('link', { name: 'Product LV-1000' })).toBeTruthy();
    await act(async () => {
      i18nStore.set((s) => ({ ...s, locale: 'th' }));
    });
    expect(await screen.findByRole('link', { name: 'สินค้า LV-1000' })).toBeTruthy();
    expect(requests).toEqual(['/api/app/product/list?room=living&limit=24&lang=en', '/api/app/product/list?room=living&limit=24&lang=th']);
  });

  it('says when the filters match nothing, and when the room is empty', async () => {
    mockList(0);
    renderListing('/room/living?colour=red');
    expect(await screen.findByText('No products match these filters.')).toBeTruthy();
    forgetRemote();
    mockList(0);
    renderListing('/room/living');
    expect(await screen.findByText('Nothing in this room')).toBeTruthy();
  });
});
