import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../api/types';
import { rawOrder } from '../../../testing/orders';
import { jsonResponse } from '../../../testing/products';
import type { OrderDeskTools } from '../tools';
import { OrderActions } from './order-actions';

const tools: OrderDeskTools = {
  can: () => true,
  label: (_group, key) => key,
  labelKeys: () => [],
  // The app hands in the real translator; here the code itself shows which error arrived.
  errorText: (error) => `refused: ${(error as { code?: string }).code}`,
  time: () => '',
  today: () => '2026-11-24',
  narrow: false,
};

let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;

beforeEach(() => {
  answer = () => jsonResponse({ status: 'success', order: rawOrder({ status: 'shipped' }) });
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderActions(status: Order['status']) {
  const onMoved = vi.fn();
  render(<OrderActions order={rawOrder({ status }) as unknown as Order} tools={tools} onMoved={onMoved} />);
  return { onMoved, panel: screen.getByTestId('order-actions') };
}

function choose(element: HTMLElement, value: string) {
  (element as HTMLSelectElement).value = value;
  fireEvent(element, new Event('change', { bubbles: true }));
}

const sentBody = () => JSON.parse(String((fetchMock.mock.calls[0]![1] as RequestInit).body)) as unknown;

describe('moving an order', () => {
  it('offers only the moves its status allows', () => {
    const { panel } = renderActions('pending_payment');
    expect(within(panel).getAllByRole('button').map((button) => button.textContent)).toEqual(['Confirm payment', 'Cancel order']);
  });

  it('shows nothing for a finished order', () => {
    render(<OrderActions order={rawOrder({ status: 'delivered' }) as unknown as Order} tools={tools} onMoved={vi.fn()} />);
    expect(screen.queryByTestId('order-actions')).toBeNull();
  });

  it('ships only with a carrier and a tracking number, then sends both', async () => {
    const { panel, onMoved } = renderActions('preparing');
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark shipped' }));
    const form = panel.querySelector('form')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(form).findByText('Choose the carrier.')).toBeTruthy();
    expect(within(form).getByText('Enter the tracking number: 1 to 40 letters, digits or -.')).toBeTruthy();
    expect(within(form).getByLabelText('Tracking number').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    // Without a `carrier` code table the server's fixed list is offered, with readable names.
    const carrier = within(form).getByLabelText('Carrier') as HTMLSelectElement;
    expect([...carrier.options].map((option) => option.textContent)).toContain('Thailand Post');
    choose(carrier, 'flash');
    fireEvent.input(within(form).getByLabelText('Tracking number'), { target: { value: ' TH123 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/order/12/status');
    expect(sentBody()).toEqual({ status: 'shipped', carrier: 'flash', tracking: 'TH123' });
    expect(onMoved.mock.calls[0]![1]).toBe('shipped');
  });

  it('cancels only with a reason and after saying what cancelling does', async () => {
    answer = () => jsonResponse({ status: 'success', order: rawOrder({ status: 'cancelled' }) });
    const { panel, onMoved } = renderActions('paid');
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel order' }));
    const form = panel.querySelector('form')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel order' }));
    expect(await within(form).findByText('Write why the order is cancelled.')).toBeTruthy();
    fireEvent.input(within(form).getByLabelText('Reason'), { target: { value: 'Out of stock at the supplier' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order K000012?' });
    expect(dialog.textContent).toContain('The stock, the coins and the coupon use come back');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(sentBody()).toEqual({ status: 'cancelled', reason: 'Out of stock at the supplier' });
  });

  it("shows the server's refusal through the app's error words", async () => {
    answer = () => jsonResponse({ status: 'error', error: { code: 'invalid_transition', message: 'order K000012 is shipped' } }, 409);
    const { panel, onMoved } = renderActions('paid');
    fireEvent.click(within(panel).getByRole('button', { name: 'Start preparing' }));
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', 'refused: invalid_transition');
    expect(onMoved).not.toHaveBeenCalled();
  });
});
