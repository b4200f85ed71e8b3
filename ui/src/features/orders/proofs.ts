//! What the order page says about payment slips: whether the shopper may upload one (an unpaid
//! PromptPay or bank transfer order, no slip waiting to be checked, or a rejected one to replace)
//! and the latest slip's state.
import { errorCodeKey } from '../../i18n/error-message';
import type { MessageKey } from '../../i18n/types';
import type { OrderView, ProofView } from './order';

export type SlipState =
  | { kind: 'none' }
  | { kind: 'waiting'; proof: ProofView }
  | { kind: 'rejected'; proof: ProofView }
  | { kind: 'accepted'; proof: ProofView };

/** The latest slip's state (older ones do not matter to the shopper). */
export function slipState(order: Pick<OrderView, 'proofs'>): SlipState {
  const proof = order.proofs.at(-1);
  if (!proof) return { kind: 'none' };
  if (proof.status === 'accepted') return { kind: 'accepted', proof };
  if (proof.status === 'rejected') return { kind: 'rejected', proof };
  return { kind: 'waiting', proof };
}

/** A slip can be sent for an unpaid PromptPay or bank transfer order (again after a rejection). */
export function canUploadSlip(order: Pick<OrderView, 'status' | 'payment' | 'proofs'>): boolean {
  if (order.status !== 'pending_payment') return false;
  if (order.payment.method !== 'promptpay' && order.payment.method !== 'bank_transfer') return false;
  return order.proofs.length < 10;
}

/** The error message key for a refused upload, by the server's error code. */
export function slipProblemKey(code: string): MessageKey {
  switch (code) {
    case 'invalid_image':
      return 'orders.slipErrImage';
    case 'payload_too_large':
    case 'image_too_large':
      return 'orders.slipErrTooLarge';
    case 'not_payable':
    case 'wrong_method':
    case 'too_many_proofs':
      return 'orders.slipErrNotNow';
    default:
      return errorCodeKey(code) ?? 'errors.requestFailed';
  }
}
