import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Order, Permission } from '../../../api/types';
import { rawOrder } from '../../../testing/orders';
import { jsonResponse } from '../../../testing/products';
import type { OrderDeskTools } from '../tools';
import { OrdersDeskPage } from './orders-desk-page';

const order = (id: number, status = 'paid') => rawOrder({ id, number: `K${String(id).padStart(6, '0')}`, status }) as unknown as Order;

function tools(overrides: Partial<OrderDeskTools> = {}): OrderDeskTools {
  return {
    can: () => true,
    label: (_group, key) => key,
    labelKeys: () => [],
    errorText: (error) => (error as { message?: string }).message ?? 'failed',
    time: (ms) => new Date(ms).toISOString(),
    today: () => '2026-11-24',
    narrow: false,
    ...overrides,
  };
}

let fetchMock: ReturnType<typeof vi.fn>;
const urls = () => fetchMock.mock.calls.map((call) => String(call[0]));

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const params = new URL(url, 'http://x').searchParams;
    if (url.startsWith('/api/admin/orders/status')) {
      const body = JSON.parse(String(init?.body)) as { ids: number[] };
      return jsonResponse({
        status: 'success',
        orders: [order(body.ids[0]!, 'cancelled')],
        failed: body.ids.slice(1).map((id) => ({ id, code: 'invalid_transition', message: `order ${id} is shipped` })),
      });
    }
    if (params.get('status') === 'preparing') return jsonResponse({ status: 'success', orders: [order(8, 'preparing')], next: null });
    if (params.get('after') === '9') return jsonResponse({ status: 'success', orders: [order(5)], next: null });
    return jsonResponse({ status: 'success', orders: [order(10), order(9)], next: 9 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderDesk(path = '/admin/orders', desk: OrderDeskTools = tools()) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <OrdersDeskPage tools={desk} />
    </Router>,
  );
  return memory;
}

/** @testing-library/preact turns fireEvent.change into an input event; a select fires change. */
function choose(element: HTMLElement, value: string) {
  (element as HTMLSelectElement).value = value;
  fireEvent(element, new Event('change', { bubbles: true }));
}

const numbers = () => screen.getAllByTestId('desk-order').map((row) => row.getAttribute('data-order'));

describe('the order desk', () => {
  it('lists a page as a table and loads the next one from its cursor', async () => {
    renderDesk();
    await waitFor(() => expect(numbers()).toEqual(['K000010', 'K000009']));
    expect(screen.getByRole('table')).toBeTruthy();
    expect(urls()[0]).toBe('/api/admin/orders?limit=50');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(numbers()).toEqual(['K000010', 'K000009', 'K000005']));
    expect(urls()[1]).toBe('/api/admin/orders?limit=50&after=9');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows cards on a phone', async () => {
    renderDesk('/admin/orders', tools({ narrow: true }));
    await waitFor(() => expect(numbers()).toHaveLength(2));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('list', { name: 'Orders' })).toBeTruthy();
  });

  it('puts the filters in the URL; "Paid, not shipped" reads paid and preparing as one list', async () => {
    const memory = renderDesk();
    await waitFor(() => expect(numbers()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Paid, not shipped' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/admin/orders?status=unshipped'));
    expect(await screen.findByText('Orders shown: 2')).toBeTruthy();
    expect(urls()).toContain('/api/admin/orders?status=paid&limit=50');
    expect(urls()).toContain('/api/admin/orders?status=preparing&limit=50');
    // Paid may still hold orders above K000008 on its next page: it waits until paid has passed it.
    expect(numbers()).toEqual(['K000010', 'K000009']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(numbers()).toEqual(['K000010', 'K000009', 'K000008', 'K000005']));
    expect(urls().at(-1)).toBe('/api/admin/orders?status=paid&limit=50&after=9');
    expect(screen.getByRole('button', { name: 'Paid, not shipped' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('searches by the typed text on Enter and refuses a backwards date range', async () => {
    const memory = renderDesk('/admin/orders?status=paid');
    await waitFor(() => expect(numbers()).toHaveLength(2));
    fireEvent.input(screen.getByLabelText('Search'), { target: { value: '0812' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Order filters' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/admin/orders?status=paid&q=0812'));
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.focusOut(screen.getByLabelText('From'));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/admin/orders?status=paid&from=2026-11-20&q=0812'));
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.focusOut(screen.getByLabelText('To'));
    expect(await screen.findByText('The first day must not be after the last day.')).toBeTruthy();
    expect(memory.history.at(-1)).toBe('/admin/orders?status=paid&from=2026-11-20&q=0812');
  });

  it('moves the selected orders together and names those that did not move', async () => {
    renderDesk();
    await waitFor(() => expect(numbers()).toHaveLength(2));
    fireEvent.click(screen.getByLabelText('Select all orders shown'));
    const bar = screen.getByTestId('bulk-bar');
    expect(within(bar).getByText('Selected orders: 2')).toBeTruthy();
    choose(within(bar).getByLabelText('Change status to'), 'cancelled');
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply to selected' }));
    expect(await within(bar).findByText('Write why the order is cancelled.')).toBeTruthy();
    expect(urls().some((url) => url.includes('/status'))).toBe(false);
    fireEvent.input(within(bar).getByLabelText('Reason'), { target: { value: 'Duplicate orders' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply to selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 selected orders?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(within(bar).getByText('Orders changed: 1.')).toBeTruthy());
    const [, init] = fetchMock.mock.calls.find((call) => String(call[0]) === '/api/admin/orders/status')!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ ids: [10, 9], change: { status: 'cancelled', reason: 'Duplicate orders' } });
    expect(within(bar).getByText('Not changed: 1.')).toBeTruthy();
    expect(within(bar).getByText('K000009')).toBeTruthy();
    // The moved order shows its new status where it was.
    expect(screen.getAllByTestId('desk-order')[0]!.querySelector('.status-chip')!.getAttribute('data-status')).toBe('cancelled');
  });

  it('offers no selection to a role that may only read orders', async () => {
    renderDesk('/admin/orders', tools({ can: (p: Permission) => p === 'orders.read' }));
    await waitFor(() => expect(numbers()).toHaveLength(2));
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
