import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Pagination, pageItems } from './pagination';

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the neighbours of the current page', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});

describe('Pagination', () => {
  it('links each page, marks the current one and offers previous and next', () => {
    const memory = memoryLocation({ path: '/room/living' });
    render(
      <Router hook={memory.hook} base="/th">
        <Pagination page={2} pageCount={3} hrefFor={(page) => `/room/living?page=${page}`} />
      </Router>,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/th/room/living?page=3');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/th/room/living?page=1');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/th/room/living?page=3');
  });

  it('is not shown for a single page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} hrefFor={() => '/'} />);
    expect(container.innerHTML).toBe('');
  });
});
