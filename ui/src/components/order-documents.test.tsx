import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeStorage } from '../lib/storage';
import { OrderDocuments } from './order-documents';

const paid = { id: 7, number: 'K000007', history: [{ status: 'pending_payment' }, { status: 'paid' }], documents: { taxInvoice: { number: 'INV-000003' } } };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:doc'), revokeObjectURL: vi.fn() }));
  writeStorage(STORAGE_KEYS.token, 'shopper-token');
});

afterEach(() => vi.unstubAllGlobals());

describe('the order documents', () => {
  it('shows nothing for an unpaid order', () => {
    render(<OrderDocuments order={{ ...paid, history: [{ status: 'pending_payment' }], documents: {} }} />);
    expect(screen.queryByTestId('order-documents')).toBeNull();
  });

  it('downloads with the token in a header, never in the URL', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<OrderDocuments order={paid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tax invoice INV-000003 (PDF)' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(path).toBe('/api/app/order/7/tax-invoice.pdf');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer shopper-token');
    expect(screen.getByRole('button', { name: 'Receipt (PDF)' })).toBeTruthy();
  });

  it('says so when the download fails', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ status: 'error', error: { code: 'not_found', message: 'x' } }), { status: 404 }));
    render(<OrderDocuments order={paid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Receipt (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not be downloaded');
  });
});
