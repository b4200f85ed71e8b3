import { describe, expect, it } from 'vitest';
import { orderDocuments } from './order-documents';

const order = (history: string[], documents = {}) => ({ id: 7, number: 'K000007', history: history.map((status) => ({ status })), documents });

describe('the documents of an order', () => {
  it('has none before it is paid', () => {
    expect(orderDocuments(order(['pending_payment']))).toEqual([]);
  });

  it('has the receipt once paid, and the tax invoice and credit note once issued', () => {
    expect(orderDocuments(order(['pending_payment', 'paid'])).map((d) => d.kind)).toEqual(['receipt']);
    const all = orderDocuments(
      order(['pending_payment', 'paid', 'cancelled'], { taxInvoice: { number: 'INV-000003' }, creditNote: { number: 'CN-000001' } }),
    );
    expect(all).toEqual([
      { kind: 'receipt', path: '/api/app/order/7/receipt.pdf', fileName: 'receipt-K000007.pdf', number: 'K000007' },
      { kind: 'taxInvoice', path: '/api/app/order/7/tax-invoice.pdf', fileName: 'tax-invoice-INV-000003.pdf', number: 'INV-000003' },
      { kind: 'creditNote', path: '/api/app/order/7/credit-note.pdf', fileName: 'credit-note-CN-000001.pdf', number: 'CN-000001' },
    ]);
  });
});
