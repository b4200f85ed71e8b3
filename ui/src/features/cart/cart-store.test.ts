import { describe, expect, it } from 'vitest';
import { cart, cartamt, cartRes, replaceCart, replaceCartResult } from './cart-store';

describe('cart state (SPEC §4)', () => {
  it('replaces the cart wholesale and counts its items', () => {
    replaceCart({ lines: [{ code: 'SF-10', qty: 2, price: 1_500_000 }, { code: 'BD-01', qty: 1, price: 990_000 }] });
    expect(cartamt.get()).toBe(3);
    replaceCart({ lines: [{ code: 'TB-7', qty: 1, price: 450_000 }] });
    expect(cart.get().lines.map((line) => line.code)).toEqual(['TB-7']);
    expect(cartamt.get()).toBe(1);
    replaceCart({ lines: [] });
    expect(cartamt.get()).toBe(0);
  });

  it('replaces the cart result wholesale', () => {
    replaceCartResult({ orderId: 'K-1001', status: 'paid' });
    replaceCartResult({ orderId: 'K-1002', status: 'pending_payment' });
    expect(cartRes.get()).toEqual({ orderId: 'K-1002', status: 'pending_payment' });
    replaceCartResult(null);
    expect(cartRes.get()).toBeNull();
  });
});
