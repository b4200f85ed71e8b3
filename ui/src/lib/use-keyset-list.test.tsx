import { act, render, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { useKeysetList, type KeysetPage, type ReadPage } from './use-keyset-list';

type List = ReturnType<typeof useKeysetList<string, number>>;

function mount(key: string, readPage: ReadPage<string, number>) {
  const seen: { list: List | null } = { list: null };
  function Probe({ listKey }: { listKey: string }) {
    seen.list = useKeysetList(listKey, readPage);
    return null;
  }
  const view = render(<Probe listKey={key} />);
  return { seen, rerender: (next: string) => view.rerender(<Probe listKey={next} />) };
}

const page = (items: string[], next: number | null): KeysetPage<string, number> => ({ items, next, total: 9 });

describe('useKeysetList', () => {
  it('reads the first page, then the next after the last `next`', async () => {
    const readPage = vi.fn((_key: string, after: number | null) => Promise.resolve(after === null ? page(['a', 'b'], 2) : page(['c'], null)));
    const { seen } = mount('q', readPage);
    await waitFor(() => expect(seen.list?.items).toEqual(['a', 'b']));
    expect(seen.list).toMatchObject({ more: true, loading: false, starting: false, total: 9 });
    act(() => seen.list!.loadMore());
    await waitFor(() => expect(seen.list?.items).toEqual(['a', 'b', 'c']));
    expect(readPage.mock.calls.map(([key, after]) => [key, after])).toEqual([['q', null], ['q', 2]]);
    expect(seen.list?.more).toBe(false);
  });

  it('keeps the pages read when "Load more" fails, and retries that page', async () => {
    let fail = true;
    const readPage = vi.fn((_key: string, after: number | null) =>
      after === null ? Promise.resolve(page(['a'], 1)) : fail ? Promise.reject(new Error('down')) : Promise.resolve(page(['b'], null)),
    );
    const { seen } = mount('q', readPage);
    await waitFor(() => expect(seen.list?.items).toEqual(['a']));
    act(() => seen.list!.loadMore());
    await waitFor(() => expect(seen.list?.error).toBeInstanceOf(Error));
    expect(seen.list?.items).toEqual(['a']);
    fail = false;
    act(() => seen.list!.retry());
    await waitFor(() => expect(seen.list?.items).toEqual(['a', 'b']));
    expect(readPage.mock.calls.map(([, after]) => after)).toEqual([null, 1, 1]);
  });

  it('starts again for a new key and ignores the older answer', async () => {
    let answerOld: (value: KeysetPage<string, number>) => void = () => {};
    const readPage = vi.fn((key: string, _after: number | null, _signal: AbortSignal) =>
      key === 'old' ? new Promise<KeysetPage<string, number>>((resolve) => (answerOld = resolve)) : Promise.resolve(page(['new'], null)),
    );
    const { seen, rerender } = mount('old', readPage);
    rerender('new');
    await waitFor(() => expect(seen.list?.items).toEqual(['new']));
    const signal = readPage.mock.calls[0]![2];
    expect(signal.aborted).toBe(true);
    await act(async () => answerOld(page(['stale'], null)));
    expect(seen.list?.items).toEqual(['new']);
  });

  it('restarts from the first page and changes rows in place', async () => {
    const readPage = vi.fn(() => Promise.resolve(page(['a', 'b'], null)));
    const { seen } = mount('q', readPage);
    await waitFor(() => expect(seen.list?.items).toEqual(['a', 'b']));
    act(() => seen.list!.update((items) => items.map((item) => item.toUpperCase())));
    expect(seen.list?.items).toEqual(['A', 'B']);
    act(() => seen.list!.restart());
    await waitFor(() => expect(readPage).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(seen.list?.items).toEqual(['a', 'b']));
  });
});
