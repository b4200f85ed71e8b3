import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SearchBox } from './search-box';

function renderBox(base = '') {
  const memory = memoryLocation({ path: base || '/', record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook} base={base}>
      <SearchBox />
    </Router>,
  );
  const input = screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement;
  const submit = (value: string) => {
    fireEvent.input(input, { target: { value } });
    fireEvent.submit(input.closest('form')!);
  };
  return { memory, input, submit };
}

describe('SearchBox', () => {
  it('goes to /searchcode without the # for a code and clears the box', () => {
    const { memory, input, submit } = renderBox();
    submit('#SF-10');
    expect(memory.history.at(-1)).toBe('/searchcode?keyword=SF-10');
    expect(input.value).toBe('');
  });

  it('goes to /search for words and clears the box', () => {
    const { memory, input, submit } = renderBox();
    submit('sofa');
    expect(memory.history.at(-1)).toBe('/search?keyword=sofa');
    expect(input.value).toBe('');
  });

  it('stays under the current language prefix', () => {
    const { memory, submit } = renderBox('/th');
    submit('sofa');
    expect(memory.history.at(-1)).toBe('/th/search?keyword=sofa');
  });

  it('does nothing for empty input', () => {
    const { memory, input, submit } = renderBox();
    submit('   ');
    expect(memory.history).toEqual(['/']);
    expect(input.value).toBe('   ');
  });
});
