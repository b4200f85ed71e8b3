import { render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { forgetRemote } from '../../../lib/use-remote';
import { jsonResponse, langOf, makeProduct, summaryOf } from '../../../testing/products';
import { CodeSearchPage, readSearchQuery } from './search-page';

let requests: string[] = [];

beforeEach(() => {
  forgetRemote();
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url.includes('keyword=' + 'x'.repeat(101))) return jsonResponse({ status: 'error', error: { code: 'invalid_parameter', message: 'keyword: too long' } }, 400);
      if (url.startsWith('/api/app/search/code')) {
        const products = Array.from({ length: 30 }, (_, i) => summaryOf(makeProduct(`SF-10${String(i).padStart(2, '0')}`), langOf(url)));
        return jsonResponse({ status: 'success', products, total: 30 });
      }
      const products = Array.from({ length: 24 }, (_, i) => summaryOf(makeProduct(`SF-${2000 + i}`), langOf(url)));
      return jsonResponse({ status: 'success', products, total: 26, page: 1, limit: 24 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function visit(path: string) {
  const memory = memoryLocation({ path });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <CodeSearchPage />
    </Router>,
  );
}

describe('readSearchQuery', () => {
  it('reads the keyword and a page from 1', () => {
    expect(readSearchQuery('keyword=%20sofa%20&page=2')).toEqual({ keyword: 'sofa', page: 2 });
    expect(readSearchQuery('keyword=sofa&page=0')).toEqual({ keyword: 'sofa', page: 1 });
    expect(readSearchQuery('keyword=sofa&page=two')).toEqual({ keyword: 'sofa', page: 1 });
    expect(readSearchQuery('')).toEqual({ keyword: '', page: 1 });
  });
});

describe('CodeSearchPage', () => {
  it('pages the code matches in the browser', async () => {
    visit('/searchcode?keyword=SF-10&page=2');
    expect(await screen.findByText('30 products')).toBeTruthy();
    expect(requests).toEqual(['/api/app/search/code?keyword=SF-10&lang=en']);
    expect(screen.getAllByRole('link', { name: /^Product SF-10/ }).map((a) => a.textContent)).toEqual(
      Array.from({ length: 6 }, (_, i) => `Product SF-10${24 + i}`),
    );
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/searchcode?keyword=SF-10');
  });

  it('says nothing was found for a keyword the server refuses', async () => {
    visit(`/searchcode?keyword=${'x'.repeat(101)}`);
    expect(await screen.findByText(`No products found for “${'x'.repeat(101)}”.`)).toBeTruthy();
  });

  it('asks for a keyword when there is none', () => {
    visit('/searchcode');
    expect(screen.getByText('Type a word or a product code (starting with #) in the search box.')).toBeTruthy();
    expect(requests).toEqual([]);
  });
});
