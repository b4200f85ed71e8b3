import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../api/types';
import { jsonResponse } from '../../../testing/products';
import { CoinForm } from './coin-form';

const customer: Customer = {
  id: 7,
  username: 'malee',
  name: 'Malee',
  email: '',
  phone: '',
  role: 'user',
  provider: 'local',
  coin: 50,
  disabled: false,
  createdAt: 1_790_000_000,
  lastLoginAt: null,
  addInfo: [],
  vatInfo: null,
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse({ status: 'success', customer: { ...customer, coin: 30 } }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('the coin form', () => {
  it('asks for an amount and a reason before sending', async () => {
    render(<CoinForm customer={customer} errorText={String} onChanged={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Credit coins' }));
    expect(await screen.findByText('Enter a whole number of coins above 0.')).toBeTruthy();
    expect(screen.getByText('Write the reason: it is kept in the coin ledger.')).toBeTruthy();
    expect(screen.getByLabelText('Coins').getAttribute('aria-describedby')).toMatch(/amount-error/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes back no more than the balance, and sends a debit as a negative amount', async () => {
    const onChanged = vi.fn();
    render(<CoinForm customer={customer} errorText={String} onChanged={onChanged} />);
    fireEvent.click(screen.getByLabelText('Take back'));
    fireEvent.input(screen.getByLabelText('Coins'), { target: { value: '80' } });
    fireEvent.input(screen.getByLabelText('Reason'), { target: { value: 'Credited twice by mistake' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take back coins' }));
    expect(await screen.findByText('Only 50 coins can be taken back: the balance cannot go below 0.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Coins'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take back coins' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/customers/7/coins');
    expect(JSON.parse(String((fetchMock.mock.calls[0]![1] as RequestInit).body))).toEqual({ amount: -20, reason: 'Credited twice by mistake' });
    expect(onChanged.mock.calls[0]).toEqual([{ ...customer, coin: 30 }, -20]);
    // Sent: the form is empty again for the next change.
    expect((screen.getByLabelText('Coins') as HTMLInputElement).value).toBe('');
  });
});
