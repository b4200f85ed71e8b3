import { describe, expect, it } from 'vitest';
import { checkCoins, parseCoins, signedAmount } from './coin-rules';

describe('the staff coin form', () => {
  it('reads whole numbers typed with spaces, commas or a plus', () => {
    expect(parseCoins('200')).toBe(200);
    expect(parseCoins(' 1,500 ')).toBe(1500);
    expect(parseCoins('+20')).toBe(20);
    expect(parseCoins('2.5')).toBeNull();
    expect(parseCoins('-5')).toBeNull();
    expect(parseCoins('')).toBeNull();
  });

  it('sends a debit as a negative amount', () => {
    expect(signedAmount({ direction: 'credit', amount: '200', reason: 'x' })).toBe(200);
    expect(signedAmount({ direction: 'debit', amount: '50', reason: 'x' })).toBe(-50);
    expect(signedAmount({ direction: 'credit', amount: '0', reason: 'x' })).toBeNull();
  });

  it('needs an amount above 0, at most a million, and a reason', () => {
    expect(checkCoins({ direction: 'credit', amount: '', reason: '' }, 0)).toEqual({ amount: 'admin.customers.errAmount', reason: 'admin.customers.errReason' });
    expect(checkCoins({ direction: 'credit', amount: '0', reason: 'thanks' }, 0)).toEqual({ amount: 'admin.customers.errAmount' });
    expect(checkCoins({ direction: 'credit', amount: '1000001', reason: 'thanks' }, 0)).toEqual({ amount: 'admin.customers.errAmountMax' });
    expect(checkCoins({ direction: 'credit', amount: '200', reason: 'x'.repeat(201) }, 0)).toEqual({ reason: 'admin.customers.errReasonLong' });
    expect(checkCoins({ direction: 'credit', amount: '200', reason: 'Loyal customer' }, 0)).toEqual({});
  });

  it('never takes back more than the balance', () => {
    expect(checkCoins({ direction: 'debit', amount: '51', reason: 'mistake' }, 50)).toEqual({ amount: 'admin.customers.errBelowZero' });
    expect(checkCoins({ direction: 'debit', amount: '50', reason: 'mistake' }, 50)).toEqual({});
  });
});
