//! What the order desk shows and checks about the money of one order: the slip waiting to be
//! checked (the latest pending one), whether a refund can be recorded, and the two staff texts
//! (a rejection reason, a refund reference).
import type { Order, PaymentProof } from '../../api/types';
import type { MessageKey } from '../../i18n/types';

export const PROOF_LIMITS = { reason: 300, reference: 200 } as const;

/** The slip staff are asked to check: the latest one still pending. */
export function pendingProof(order: Pick<Order, 'payment'>): PaymentProof | null {
  return [...(order.payment.proofs ?? [])].reverse().find((proof) => proof.status === 'pending') ?? null;
}

/** Slips newest first, as the desk lists them. */
export function proofsNewestFirst(order: Pick<Order, 'payment'>): PaymentProof[] {
  return [...(order.payment.proofs ?? [])].reverse();
}

/** Whether the shop owes money back: the order's payment, or a payment received twice. */
export function refundDue(order: Pick<Order, 'payment'>): boolean {
  return order.payment.refundDue || order.payment.status === 'refund_due';
}

/** What is still owed back, in satang: the total of a `refund_due` order and every extra
 * payment not refunded yet. */
export function refundOwed(order: Pick<Order, 'payment' | 'total'>): number {
  const extra = (order.payment.extraPayments ?? []).filter((e) => !e.refundReference).reduce((sum, e) => sum + e.amount, 0);
  return (order.payment.status === 'refund_due' ? order.total : 0) + extra;
}

export function checkRejectReason(text: string): MessageKey | null {
  const trimmed = text.trim();
  if (!trimmed) return 'admin.orders.errRejectReason';
  if (trimmed.length > PROOF_LIMITS.reason) return 'admin.orders.errTooLong';
  return null;
}

export function checkRefundReference(text: string): MessageKey | null {
  const trimmed = text.trim();
  if (!trimmed) return 'admin.orders.errRefundReference';
  if (trimmed.length > PROOF_LIMITS.reference) return 'admin.orders.errTooLong';
  return null;
}
