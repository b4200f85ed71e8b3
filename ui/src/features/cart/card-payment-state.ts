//! Where a card order stands for the shopper, from the order the server answers: paid, waiting
//! for the provider's confirmation (the browser came back or the provider said "pending"), not
//! yet paid (the shopper has not been to the payment page), failed or cancelled (try again), or a
//! refund. Only the server's verified notification makes it "paid".
import type { Order } from '../../api/types';

export type CardStage = 'paid' | 'waiting' | 'toPay' | 'failed' | 'refundDue' | 'refunded' | 'closed';

export function cardStage(order: Order): CardStage {
  const payment = order.payment;
  if (payment.status === 'refund_due') return 'refundDue';
  if (payment.status === 'refunded') return 'refunded';
  if (payment.status === 'paid' || (order.status !== 'pending_payment' && order.status !== 'cancelled')) return 'paid';
  if (order.status !== 'pending_payment') return 'closed';
  if (payment.status === 'failed') return 'failed';
  const latest = payment.attempts.at(-1);
  if (!latest) return 'toPay';
  if (latest.status === 'failed' || latest.status === 'cancelled') return 'failed';
  if (latest.returnedAt !== undefined || latest.resultCode !== undefined) return 'waiting';
  return 'toPay';
}

/** How often /cartres asks again while it waits, and for how long at most. */
export const POLL_EVERY_MS = 2500;
export const POLL_FOR_MS = 3 * 60 * 1000;

export function shouldPoll(stage: CardStage): boolean {
  return stage === 'waiting';
}
