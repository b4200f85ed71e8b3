import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18nStore } from '../../../i18n/i18n-store';
import { forgetRemote } from '../../../lib/use-remote';
import { jsonResponse, langOf, makeProduct, summaryOf } from '../../../testing/products';
import { SearchBox, SUGGEST_DEBOUNCE_MS } from './search-box';

let requests: string[] = [];

beforeEach(() => {
  forgetRemote();
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url.startsWith('/api/app/search/code')) {
        const products = ['SF-1001', 'SF-1002', 'SF-1003', 'SF-1004', 'SF-1005', 'SF-1006', 'SF-1007'].map((code) => summaryOf(makeProduct(code), langOf(url)));
        return jsonResponse({ status: 'success', products, total: products.length });
      }
      const keyword = new URL(url, 'http://x').searchParams.get('keyword');
      const products = (keyword === 'zzz' ? [] : [makeProduct('SF-2001', { price: 2590000, compareAtPrice: 2990000 }), makeProduct('SF-1001'), makeProduct('SF-1009')]).map((product) =>
        summaryOf(product, langOf(url)),
      );
      return jsonResponse({ status: 'success', products, total: products.length, page: 1, limit: 6 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderBox(base = '') {
  const memory = memoryLocation({ path: base || '/', record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook} base={base}>
      <SearchBox />
    </Router>,
  );
  const input = screen.getByRole('combobox', { name: 'Search products' }) as HTMLInputElement;
  const type = (value: string) => fireEvent.input(input, { target: { value } });
  const submit = (value: string) => {
    type(value);
    fireEvent.submit(input.closest('form')!);
  };
  return { memory, input, type, submit };
}

const key = (input: HTMLElement, name: string) =>
  act(() => {
    fireEvent.keyDown(input, { key: name });
  });

describe('SearchBox', () => {
  it('goes to /searchcode without the # for a code and clears the box', () => {
    const { memory, input, submit } = renderBox();
    submit('#SF-10');
    expect(memory.history!.at(-1)).toBe('/searchcode?keyword=SF-10');
    expect(input.value).toBe('');
  });

  it('goes to /search for words and clears the box', () => {
    const { memory, input, submit } = renderBox();
    submit('sofa');
    expect(memory.history!.at(-1)).toBe('/search?keyword=sofa');
    expect(input.value).toBe('');
  });

  it('stays under the current language prefix', () => {
    const { memory, submit } = renderBox('/th');
    submit('sofa');
    expect(memory.history!.at(-1)).toBe('/th/search?keyword=sofa');
  });

  it('does nothing for empty input', () => {
    const { memory, input, submit } = renderBox();
    submit('   ');
    expect(memory.history).toEqual(['/']);
    expect(input.value).toBe('   ');
  });
});

describe('SearchBox suggestions', () => {
  it('asks once, after typing settles, for up to six products', async () => {
    const { input, type } = renderBox();
    input.focus();
    type('s');
    type('so');
    type('sof');
    type('sofa');
    expect(requests).toEqual([]);
    await waitFor(() => expect(requests).toEqual(['/api/app/search?keyword=sofa&limit=6&suggest=1&lang=en']), { timeout: SUGGEST_DEBOUNCE_MS * 5 });
    const listbox = await screen.findByRole('listbox', { name: 'Suggested products' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Product SF-2001SF-2001฿25,900Regular price ฿29,900',
      'Product SF-1001SF-1001฿10,000',
      'Product SF-1009SF-1009฿10,000',
    ]);
    expect(options[0]!.querySelector('img')?.getAttribute('srcset')).toContain('?w=160 160w');
    expect(screen.getByRole('status').textContent).toBe('3 suggestions. Use the up and down arrows to choose.');
  });

  it('moves through the options with the arrows and opens the active one with Enter', async () => {
    const { memory, input, type } = renderBox('/th');
    input.focus();
    type('sofa');
    await screen.findByRole('listbox');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    await key(input, 'ArrowDown');
    await key(input, 'ArrowDown');
    const active = screen.getAllByRole('option')[1]!;
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    expect(active.getAttribute('aria-selected')).toBe('true');
    await key(input, 'ArrowUp');
    await key(input, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]!.id);
    await key(input, 'Enter');
    expect(memory.history!.at(-1)).toBe('/th/products/SF-1009');
    expect(input.value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes with Escape, then empties the box with a second Escape', async () => {
    const { input, type } = renderBox();
    input.focus();
    type('sofa');
    await screen.findByRole('listbox');
    await key(input, 'Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('sofa');
    await key(input, 'Escape');
    expect(input.value).toBe('');
  });

  it('follows a clicked suggestion', async () => {
    const { memory, input, type } = renderBox();
    input.focus();
    type('sofa');
    await screen.findByRole('listbox');
    await act(() => {
      fireEvent.click(screen.getAllByRole('option')[0]!);
    });
    expect(memory.history!.at(-1)).toBe('/products/SF-2001');
  });

  it('asks for the names in the language shown and lists them as they come', async () => {
    i18nStore.set((s) => ({ ...s, locale: 'th' }));
    const { input, type } = renderBox('/th');
    input.focus();
    type('sofa');
    await screen.findByRole('listbox');
    expect(requests).toEqual(['/api/app/search?keyword=sofa&limit=6&suggest=1&lang=th']);
    expect(screen.getAllByRole('option').map((option) => option.querySelector('.suggestion__name')?.textContent)).toEqual([
      'สินค้า SF-2001',
      'สินค้า SF-1001',
      'สินค้า SF-1009',
    ]);
  });

  it('suggests from the code search after a #, at most six', async () => {
    const { input, type } = renderBox();
    input.focus();
    type('#SF-10');
    await screen.findByRole('listbox');
    expect(requests).toEqual(['/api/app/search/code?keyword=SF-10&lang=en']);
    expect(screen.getAllByRole('option')).toHaveLength(6);
  });

  it('says so when nothing matches, without an empty list', async () => {
    const { input, type } = renderBox();
    input.focus();
    type('zzz');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No suggestions'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the search box the phone header opens', () => {
  function renderOpenable(focusOnOpen: boolean, onDismiss = vi.fn()) {
    const memory = memoryLocation({ path: '/' });
    const view = render(
      <Router hook={memory.hook}>
        <SearchBox focusOnOpen={focusOnOpen} onDismiss={onDismiss} />
      </Router>,
    );
    const input = () => screen.getByRole('combobox', { name: 'Search products' }) as HTMLInputElement;
    const rerender = (open: boolean) =>
      view.rerender(
        <Router hook={memory.hook}>
          <SearchBox focusOnOpen={open} onDismiss={onDismiss} />
        </Router>,
      );
    return { input, rerender, onDismiss };
  }

  it('takes the focus when it opens', () => {
    const { input, rerender } = renderOpenable(false);
    expect(document.activeElement).not.toBe(input());
    rerender(true);
    expect(document.activeElement).toBe(input());
  });

  it('asks to be closed on Escape with no list open, and empties itself', () => {
    const { input, onDismiss } = renderOpenable(true);
    fireEvent.input(input(), { target: { value: 'x' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(input().value).toBe('');
  });

  it('closes an open suggestion list first, without asking to be closed', async () => {
    const { input, onDismiss } = renderOpenable(true);
    fireEvent.input(input(), { target: { value: 'sofa' } });
    await waitFor(() => expect(input().getAttribute('aria-expanded')).toBe('true'), { timeout: 2000 });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
