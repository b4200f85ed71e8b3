import { describe, expect, it } from 'vitest';
import type { OrderView, ProofView } from './order';
import { canUploadSlip, slipProblemKey, slipState } from './proofs';

const proof = (status: ProofView['status'], reason: string | null = null): ProofView => ({ file: '/api/app/order/1/proof/ab.jpg', uploadedAt: 1, status, reason });
const order = (over: Partial<Pick<OrderView, 'status' | 'payment' | 'proofs'>> = {}) => ({
  status: 'pending_payment',
  payment: { method: 'promptpay', promptpayId: '0812345678', promptpayPayload: 'x' },
  proofs: [] as ProofView[],
  ...over,
});

describe('payment slips', () => {
  it('uses the latest slip only', () => {
    expect(slipState(order()).kind).toBe('none');
    expect(slipState(order({ proofs: [proof('rejected', 'blurred'), proof('pending')] })).kind).toBe('waiting');
    const rejected = slipState(order({ proofs: [proof('rejected', 'blurred')] }));
    expect(rejected.kind === 'rejected' && rejected.proof.reason).toBe('blurred');
    expect(slipState(order({ proofs: [proof('accepted')] })).kind).toBe('accepted');
  });

  it('takes a slip only for an unpaid PromptPay or bank transfer order', () => {
    expect(canUploadSlip(order())).toBe(true);
    expect(canUploadSlip(order({ payment: { method: 'bank_transfer', bank: { bankName: 'K', accountName: 'A', accountNumber: '1' } } }))).toBe(true);
    expect(canUploadSlip(order({ payment: { method: 'card_2c2p' } }))).toBe(false);
    expect(canUploadSlip(order({ status: 'paid' }))).toBe(false);
    expect(canUploadSlip(order({ proofs: Array.from({ length: 10 }, () => proof('rejected')) }))).toBe(false);
  });

  it('names a message for each refusal', () => {
    expect(slipProblemKey('invalid_image')).toBe('orders.slipErrImage');
    expect(slipProblemKey('payload_too_large')).toBe('orders.slipErrTooLarge');
    expect(slipProblemKey('image_too_large')).toBe('orders.slipErrTooLarge');
    expect(slipProblemKey('not_payable')).toBe('orders.slipErrNotNow');
    expect(slipProblemKey('weird')).toBe('errors.requestFailed');
  });
});
