import { fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../api/types';
import { jsonResponse } from '../../../testing/products';
import { ResetLink } from './reset-link';

const customer: Customer = {
  id: 7,
  username: 'malee',
  name: 'Malee',
  email: 'malee@example.com',
  phone: '',
  role: 'user',
  provider: 'local',
  coin: 0,
  disabled: false,
  createdAt: 1_790_000_000,
  lastLoginAt: null,
  addInfo: [],
  vatInfo: null,
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse({ status: 'success', emailedTo: 'malee@example.com', expiresAt: 1_790_086_400 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('the password reset', () => {
  it('says where the link was mailed and never shows a link', async () => {
    const { container } = render(<ResetLink customer={customer} errorText={String} time={() => '28 Nov 2026 10:00'} label={String} />);
    fireEvent.click(screen.getByRole('button', { name: 'E-mail a reset link' }));
    expect((await screen.findByTestId('reset-emailed')).textContent).toContain('malee@example.com');
    expect(container.querySelector('input')).toBeNull();
    expect(container.textContent).not.toContain('reset=');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/admin/customers/7/password-reset');
  });
});
