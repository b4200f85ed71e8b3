import { describe, expect, it } from 'vitest';
import type { PaymentProof } from '../../api/types';
import { checkRefundReference, checkRejectReason, pendingProof, proofsNewestFirst, refundDue, refundOwed } from './payment-review';

const proof = (hash: string, status: PaymentProof['status']): PaymentProof => ({ file: `/api/app/order/1/proof/${hash}.jpg`, hash, uploadedAt: 1, status });
const order = (proofs: PaymentProof[], status: 'pending' | 'refund_due' = 'pending') =>
  ({ payment: { method: 'promptpay', status, attempts: [], proofs } }) as unknown as Parameters<typeof pendingProof>[0];

describe('payment review', () => {
  it('finds the latest pending slip', () => {
    expect(pendingProof(order([]))).toBeNull();
    expect(pendingProof(order([proof('a', 'rejected')]))).toBeNull();
    expect(pendingProof(order([proof('a', 'rejected'), proof('b', 'pending')]))?.hash).toBe('b');
    expect(proofsNewestFirst(order([proof('a', 'rejected'), proof('b', 'pending')])).map((p) => p.hash)).toEqual(['b', 'a']);
  });

  it('knows when a refund is due', () => {
    expect(refundDue(order([], 'refund_due'))).toBe(true);
    expect(refundDue(order([]))).toBe(false);
  });

  it('counts a payment received twice as owed until it is refunded', () => {
    const extra = (refundReference?: string) => ({ amount: 5000, method: 'card_2c2p' as const, reference: '2C2P attempt K000001P2ABCD', receivedAt: 1, refundReference });
    const paidTwice = { total: 5000, payment: { method: 'card_2c2p', status: 'paid', refundDue: true, extraPayments: [extra()], attempts: [], proofs: [] } } as unknown as Parameters<typeof refundOwed>[0];
    expect(refundDue(paidTwice)).toBe(true);
    expect(refundOwed(paidTwice)).toBe(5000);
    const refunded = { ...paidTwice, payment: { ...paidTwice.payment, refundDue: false, extraPayments: [extra('R-1')] } } as typeof paidTwice;
    expect(refundDue(refunded)).toBe(false);
    expect(refundOwed(refunded)).toBe(0);
    const both = { ...paidTwice, payment: { ...paidTwice.payment, status: 'refund_due' } } as typeof paidTwice;
    expect(refundOwed(both)).toBe(10000);
  });

  it('needs a reason and a reference', () => {
    expect(checkRejectReason('  ')).toBe('admin.orders.errRejectReason');
    expect(checkRejectReason('x'.repeat(301))).toBe('admin.orders.errTooLong');
    expect(checkRejectReason('Amount does not match')).toBeNull();
    expect(checkRefundReference('')).toBe('admin.orders.errRefundReference');
    expect(checkRefundReference('KBANK 123')).toBeNull();
  });
});
