import { describe, expect, it } from 'vitest';
import { checkMove, checkNote, emptyMove, moveBody, nextMoves } from './order-moves';

describe('next moves', () => {
  it('follows the server: forward one step, or cancel before shipping', () => {
    expect(nextMoves('pending_payment')).toEqual(['paid', 'cancelled']);
    expect(nextMoves('paid')).toEqual(['preparing', 'cancelled']);
    expect(nextMoves('preparing')).toEqual(['shipped', 'cancelled']);
    expect(nextMoves('shipped')).toEqual(['delivered']);
    expect(nextMoves('delivered')).toEqual([]);
    expect(nextMoves('cancelled')).toEqual([]);
  });
});

describe('a move and what it needs', () => {
  it('ships only with a carrier and a plain tracking number', () => {
    expect(checkMove(emptyMove('shipped'))).toEqual({ carrier: 'admin.orders.errCarrier', tracking: 'admin.orders.errTracking' });
    expect(checkMove({ ...emptyMove('shipped'), carrier: 'kerry', tracking: 'TH 123' })).toEqual({ tracking: 'admin.orders.errTracking' });
    expect(checkMove({ ...emptyMove('shipped'), carrier: 'kerry', tracking: 'x'.repeat(41) })).toEqual({ tracking: 'admin.orders.errTracking' });
    expect(checkMove({ ...emptyMove('shipped'), carrier: 'kerry', tracking: ' TH-0099887766 ' })).toEqual({});
  });

  it('cancels only with a reason of at most 500 characters', () => {
    expect(checkMove({ ...emptyMove('cancelled'), reason: '   ' })).toEqual({ reason: 'admin.orders.errReason' });
    expect(checkMove({ ...emptyMove('cancelled'), reason: 'x'.repeat(501) })).toEqual({ reason: 'admin.orders.errTooLong' });
    expect(checkMove({ ...emptyMove('cancelled'), reason: 'Customer changed their mind' })).toEqual({});
  });

  it('confirms a payment with or without a reference', () => {
    expect(checkMove(emptyMove('paid'))).toEqual({});
    expect(checkMove({ ...emptyMove('paid'), reference: 'x'.repeat(201) })).toEqual({ reference: 'admin.orders.errTooLong' });
  });

  it('sends only the fields of the move, trimmed', () => {
    const form = { status: 'shipped' as const, carrier: ' kerry ', tracking: ' TH1 ', reason: 'left over', reference: 'left over' };
    expect(moveBody(form)).toEqual({ status: 'shipped', carrier: 'kerry', tracking: 'TH1' });
    expect(moveBody({ ...emptyMove('paid'), reference: ' SLIP-1 ' })).toEqual({ status: 'paid', reference: 'SLIP-1' });
    expect(moveBody(emptyMove('paid'))).toEqual({ status: 'paid' });
    expect(moveBody({ ...emptyMove('cancelled'), reason: ' why ' })).toEqual({ status: 'cancelled', reason: 'why' });
    expect(moveBody(emptyMove('delivered'))).toEqual({ status: 'delivered' });
  });

  it('needs a note of 1 to 1000 characters', () => {
    expect(checkNote('  ')).toBe('admin.orders.errNote');
    expect(checkNote('x'.repeat(1001))).toBe('admin.orders.errTooLong');
    expect(checkNote('Call before delivery')).toBeNull();
  });
});
