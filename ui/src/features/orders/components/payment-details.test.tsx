import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { rawOrder } from '../../../testing/orders';
import { parseOrder } from '../order';
import { PaymentDetails } from './payment-details';

const order = (payment: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  parseOrder(rawOrder({ status: 'cancelled', total: 1_701_000, payment: { method: 'promptpay', ...payment }, ...extra }));

describe('the payment of a cancelled order', () => {
  it('says the money is owed back while the refund is due', () => {
    render(<PaymentDetails order={order({ status: 'refund_due' })} labels={{}} />);
    expect(screen.getByTestId('order-refund').textContent).toBe('Refund due: ฿17,010');
  });

  it('says it was refunded once staff recorded it', () => {
    render(<PaymentDetails order={order({ status: 'refunded', refundReference: 'KBANK 77' })} labels={{}} />);
    expect(screen.getByTestId('order-refund').textContent).toBe('Refunded');
  });

  it('says nothing about refunds for an order never paid', () => {
    render(<PaymentDetails order={order({ status: 'pending' })} labels={{}} />);
    expect(screen.queryByTestId('order-refund')).toBeNull();
  });
});

describe('the documents an order carries', () => {
  it('reads the tax invoice and credit note numbers', () => {
    const parsed = parseOrder(rawOrder({ documents: { taxInvoice: { number: 'INV-000001', issuedAt: 1 }, creditNote: { number: 'CN-000001', issuedAt: 2 } } }));
    expect(parsed.documents).toEqual({ taxInvoice: { number: 'INV-000001' }, creditNote: { number: 'CN-000001' } });
    expect(parseOrder(rawOrder({})).documents).toEqual({ taxInvoice: null, creditNote: null });
  });
});
