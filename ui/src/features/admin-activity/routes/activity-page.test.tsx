import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { jsonResponse } from '../../../testing/products';
import type { ActivityTools } from '../tools';
import { ActivityPage } from './activity-page';

const tools: ActivityTools = { errorText: String, time: (ms) => `t${ms}`, today: () => '2026-11-24', narrow: false };

let fetchMock: ReturnType<typeof vi.fn>;
const urls = () => fetchMock.mock.calls.map((call) => String(call[0]));

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url.includes('before=')) return jsonResponse({ status: 'success', lines: [{ at: 1, user: 'boss', action: 'roles changed' }], next: null });
    return jsonResponse({
      status: 'success',
      lines: [
        { at: 3, user: 'clerk1', action: 'order shipped', target: 'order K000003', details: 'kerry, TH1', kcard: 'web' },
        { at: 2, user: 'clerk1', action: 'order paid', target: 'order K000003', details: 'SLIP-1' },
      ],
      next: '2.17',
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderLog(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ActivityPage tools={tools} />
    </Router>,
  );
  return memory;
}

describe('the activity log', () => {
  it('asks with the filters of the URL and pages back with the cursor', async () => {
    renderLog('/admin/activity?actor=clerk1');
    await waitFor(() => expect(screen.getAllByTestId('activity-line')).toHaveLength(2));
    expect(urls()[0]).toBe('/api/admin/activity?actor=clerk1&limit=100');
    expect(screen.getAllByTestId('activity-line')[0]!.textContent).toContain('t3');
    fireEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-line')).toHaveLength(3));
    expect(urls()[1]).toBe('/api/admin/activity?actor=clerk1&limit=100&before=2.17');
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
  });

  it("filters by a person from their name in a line, and by words on Enter", async () => {
    const memory = renderLog('/admin/activity');
    await waitFor(() => expect(screen.getAllByTestId('activity-line')).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('link', { name: 'clerk1' })[0]!);
    await waitFor(() => expect(memory.history.at(-1)).toBe('/admin/activity?actor=clerk1'));
    fireEvent.input(screen.getByLabelText('Words'), { target: { value: 'K000003' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/admin/activity?actor=clerk1&q=K000003'));
  });
  it('shows what changed and filters by the changed item from its name in a line', async () => {
    const memory = renderLog('/admin/activity?actor=clerk1');
    await waitFor(() => expect(screen.getAllByTestId('activity-line')).toHaveLength(2));
    expect(screen.getAllByTestId('activity-line')[0]!.textContent).toContain('Order shipped · order K000003 · kerry, TH1');
    fireEvent.click(screen.getAllByRole('link', { name: 'order K000003' })[0]!);
    await waitFor(() => expect(memory.history.at(-1)).toBe('/admin/activity?actor=clerk1&target=order+K000003'));
    await waitFor(() => expect(urls().at(-1)).toBe('/api/admin/activity?actor=clerk1&target=order+K000003&limit=100'));
    fireEvent.click(screen.getByRole('button', { name: 'All items' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/admin/activity?actor=clerk1'));
  });
});
