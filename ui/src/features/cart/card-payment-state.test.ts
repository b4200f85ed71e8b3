import { describe, expect, it } from 'vitest';
import type { CardAttempt, Order } from '../../api/types';
import { cardStage, shouldPoll } from './card-payment-state';

function order(status: Order['status'], payment: Partial<Order['payment']>, attempts: Partial<CardAttempt>[] = []): Order {
  return {
    status,
    payment: {
      method: 'card_2c2p',
      status: 'pending',
      attempts: attempts.map((a, i) => ({ id: `K000001P${i + 1}ABCD`, merchant: 'full', merchantId: 'JT01', amount: 100, createdAt: 1, status: 'pending', notices: [], ...a })),
      ...payment,
    },
  } as unknown as Order;
}

describe('cardStage', () => {
  it('is paid only when the server says so', () => {
    expect(cardStage(order('paid', { status: 'paid' }, [{ status: 'paid' }]))).toBe('paid');
    expect(cardStage(order('pending_payment', {}, [{ resultCode: '000', returnedAt: 5 }]))).toBe('waiting');
  });
  it('waits after the browser came back or a pending answer', () => {
    expect(cardStage(order('pending_payment', {}, [{ returnedAt: 5 }]))).toBe('waiting');
    expect(cardStage(order('pending_payment', {}, [{ resultCode: '001' }]))).toBe('waiting');
    expect(shouldPoll('waiting')).toBe(true);
    expect(shouldPoll('paid')).toBe(false);
  });
  it('offers payment before the shopper went to the payment page', () => {
    expect(cardStage(order('pending_payment', {}, [{}]))).toBe('toPay');
    expect(cardStage(order('pending_payment', {}, []))).toBe('toPay');
  });
  it('offers a retry after a failure or a cancel, even with a later retry refused', () => {
    expect(cardStage(order('pending_payment', { status: 'failed' }, [{ status: 'failed' }]))).toBe('failed');
    expect(cardStage(order('pending_payment', {}, [{ status: 'cancelled' }]))).toBe('failed');
    expect(cardStage(order('pending_payment', {}, [{ status: 'failed' }, {}]))).toBe('toPay');
  });
  it('shows refunds and closed orders', () => {
    expect(cardStage(order('cancelled', { status: 'refund_due' }))).toBe('refundDue');
    expect(cardStage(order('cancelled', { status: 'refunded' }))).toBe('refunded');
    expect(cardStage(order('cancelled', {}))).toBe('closed');
    expect(cardStage(order('shipped', {}))).toBe('paid');
  });
});
