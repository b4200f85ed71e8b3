import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '../../../api/types';
import { jsonResponse } from '../../../testing/products';
import type { OrderDeskTools } from '../tools';
import { OrderMessages } from './order-messages';

const tools = (canWrite: boolean): OrderDeskTools => ({
  can: (permission) => canWrite || permission !== 'orders.write',
  label: (_group, key) => key,
  labelKeys: () => [],
  errorText: (error) => `refused: ${(error as { code?: string }).code}`,
  time: () => '24 Nov 2026 22:10',
  today: () => '2026-11-24',
  narrow: true,
});

const message = (overrides: Partial<NotificationView>): NotificationView => ({
  id: 1,
  event: 'orderPlaced',
  channel: 'email',
  audience: 'shopper',
  to: 'malee@example.com',
  cc: null,
  status: 'sent',
  attempts: 1,
  createdAt: 1_764_000_000_000,
  sentAt: 1_764_000_001_000,
  nextAt: null,
  lastError: null,
  ...overrides,
});

let fetchMock: ReturnType<typeof vi.fn>;
let list: NotificationView[];

beforeEach(() => {
  list = [
    message({}),
    message({ id: 2, channel: 'line', audience: 'shop', to: '' }),
    message({ id: 3, event: 'orderPaid', status: 'failed', attempts: 40, sentAt: null, lastError: 'the mail server refused the message: 550 no such user' }),
  ];
  fetchMock = vi.fn(async (_path: string, init?: RequestInit) => {
    if (init?.method === 'POST') list = list.map((m) => (m.id === 3 ? { ...m, status: 'pending', attempts: 0, lastError: null } : m));
    return jsonResponse({ status: 'success', notifications: list });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe("the order's messages", () => {
  it('lists each message with its channel, reader, state and last error', async () => {
    render(<OrderMessages orderId={12} tools={tools(true)} version="a" />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Order confirmation');
    expect(items[0]!.textContent).toContain('malee@example.com');
    expect(items[0]!.textContent).toContain('Sent');
    expect(items[1]!.textContent).toContain('LINE');
    expect(items[1]!.textContent).toContain('the shop');
    expect(items[2]!.textContent).toContain('Failed');
    expect(items[2]!.textContent).toContain('550 no such user');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/order/12/notifications');
  });

  it('sends a failed one again for staff who may change orders', async () => {
    render(<OrderMessages orderId={12} tools={tools(true)} version="a" />);
    const items = await screen.findAllByRole('listitem');
    fireEvent.click(within(items[2]!).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')[2]!.textContent).toContain('Waiting to send'));
    const [path, init] = fetchMock.mock.calls[1]! as [string, RequestInit];
    expect([path, init.method]).toEqual(['/api/admin/order/12/notifications/3/retry', 'POST']);
  });

  it('names each e-Tax Invoice by Email send by its document, with the time-stamp copy', async () => {
    list = [
      message({ id: 4, event: 'orderPaid', channel: 'etax', cc: 'csemail@etax.teda.th', attempts: 2 }),
      message({ id: 5, event: 'orderCancelled', channel: 'etax', cc: 'csemail@etax.teda.th', status: 'pending', sentAt: null, nextAt: 1_764_000_100_000, lastError: '451 busy' }),
    ];
    render(<OrderMessages orderId={12} tools={tools(true)} version="a" />);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Tax invoice (e-Tax)');
    expect(items[0]!.textContent).toContain('e-Tax Invoice by Email');
    expect(items[0]!.textContent).toContain('copy to csemail@etax.teda.th');
    expect(items[0]!.textContent).toContain('2 tries');
    expect(items[1]!.textContent).toContain('Credit note (e-Tax)');
    expect(items[1]!.textContent).toContain('Waiting to send');
    expect(items[1]!.textContent).toContain('451 busy');
  });

  it('offers no button to staff who may only read orders', async () => {
    render(<OrderMessages orderId={12} tools={tools(false)} version="a" />);
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
