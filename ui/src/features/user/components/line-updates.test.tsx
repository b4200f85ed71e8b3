import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userinfo } from '../user-store';
import { LineUpdatesToggle } from './line-updates';

const ADDRESS = { name: 'Nok', phone: '0812345678', line1: '1 Road', district: 'Khlong Toei', province: 'bangkok', postcode: '10110' };
const LINE_USER = {
  id: 9,
  username: 'line-9',
  name: 'นก',
  role: 'user',
  provider: 'line',
  userInfo: { id: 9, coin: 0, addInfo: [ADDRESS], vatInfo: null, lineUpdates: true, lineFriend: true },
};

beforeEach(() => userinfo.set({ status: 'signedIn', user: LINE_USER }));
afterEach(() => vi.restoreAllMocks());

describe('the LINE order-updates switch', () => {
  it('is only for accounts signed in with LINE', () => {
    userinfo.set({ status: 'signedIn', user: { ...LINE_USER, provider: 'google' } });
    render(<LineUpdatesToggle />);
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('saves the choice at once and keeps the addresses it sends back', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ status: 'success', userInfo: { ...LINE_USER.userInfo, lineUpdates: false } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    render(<LineUpdatesToggle />);
    const toggle = screen.getByRole('switch', { name: 'Order updates on LINE' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/auth/userInfo');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ addInfo: [ADDRESS], vatInfo: null, lineUpdates: false });
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false);
  });

  it('asks a shopper who is not the shop\'s LINE friend to add it', () => {
    userinfo.set({ status: 'signedIn', user: { ...LINE_USER, userInfo: { ...LINE_USER.userInfo, lineFriend: false } } });
    render(<LineUpdatesToggle />);
    expect(screen.getByText(/Add our LINE Official Account as a friend/)).toBeTruthy();
  });
});
