import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { ListFoot, type PagedList } from './list-foot';

const list = (over: Partial<PagedList> = {}): PagedList => ({ error: null, more: true, loading: false, loadMore: vi.fn(), ...over });

describe('ListFoot', () => {
  it('reads the next page with the button while there is more', () => {
    const paged = list();
    const { container } = render(<ListFoot list={paged} errorText={String} onRetry={vi.fn()} moreLabel="Older entries" />);
    expect(container.firstElementChild?.className).toBe('load-more');
    fireEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(paged.loadMore).toHaveBeenCalledTimes(1);
  });

  it('says it is loading and holds the button while a page is read', () => {
    render(<ListFoot list={list({ loading: true })} errorText={String} onRetry={vi.fn()} moreLabel="Load more" />);
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Loading…');
    expect(button.disabled).toBe(true);
  });

  it('shows the failure and its retry in place of the button', () => {
    const onRetry = vi.fn();
    render(<ListFoot list={list({ error: 'boom' })} errorText={(error) => `failed: ${String(error)}`} onRetry={onRetry} moreLabel="Load more" />);
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe('failed: boom');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows nothing at the end of the list', () => {
    const { container } = render(<ListFoot list={list({ more: false })} errorText={String} onRetry={vi.fn()} moreLabel="Load more" />);
    expect(container.innerHTML).toBe('');
  });
});
