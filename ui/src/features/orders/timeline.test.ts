import { describe, expect, it } from 'vitest';
import { orderTimeline } from './timeline';

const at = (day: number) => Date.UTC(2026, 0, day);

describe('orderTimeline', () => {
  it('marks the steps up to the current one as reached, with their times', () => {
    const steps = orderTimeline({
      status: 'preparing',
      history: [
        { status: 'pending_payment', at: at(1) },
        { status: 'paid', at: at(2) },
        { status: 'preparing', at: at(3) },
      ],
    });
    expect(steps.map((s) => [s.status, s.reached, s.current, s.at])).toEqual([
      ['pending_payment', true, false, at(1)],
      ['paid', true, false, at(2)],
      ['preparing', true, true, at(3)],
      ['shipped', false, false, null],
      ['delivered', false, false, null],
    ]);
  });

  it('reaches every step once delivered', () => {
    const history = ['pending_payment', 'paid', 'preparing', 'shipped', 'delivered'].map((status, i) => ({ status, at: at(i + 1) }));
    const steps = orderTimeline({ status: 'delivered', history });
    expect(steps.every((s) => s.reached)).toBe(true);
    expect(steps.at(-1)).toMatchObject({ status: 'delivered', current: true, at: at(5) });
  });

  it('shows a new order waiting for payment as the first step only', () => {
    const steps = orderTimeline({ status: 'pending_payment', history: [{ status: 'pending_payment', at: at(1) }] });
    expect(steps.filter((s) => s.reached).map((s) => s.status)).toEqual(['pending_payment']);
    expect(steps).toHaveLength(5);
  });

  it('ends a cancelled order at the cancellation, after the steps it had reached', () => {
    const steps = orderTimeline({
      status: 'cancelled',
      history: [
        { status: 'pending_payment', at: at(1) },
        { status: 'paid', at: at(2) },
        { status: 'cancelled', at: at(4) },
      ],
    });
    expect(steps.map((s) => [s.status, s.reached, s.current, s.at])).toEqual([
      ['pending_payment', true, false, at(1)],
      ['paid', true, false, at(2)],
      ['cancelled', true, true, at(4)],
    ]);
  });

  it('cancelled while waiting for payment: pending payment, then cancelled', () => {
    const steps = orderTimeline({ status: 'cancelled', history: [{ status: 'pending_payment', at: at(1) }, { status: 'cancelled', at: at(1) }] });
    expect(steps.map((s) => s.status)).toEqual(['pending_payment', 'cancelled']);
  });

  it('claims no more than it knows for a missing history or an unknown status', () => {
    expect(orderTimeline({ status: 'shipped', history: [] }).map((s) => [s.reached, s.at])).toEqual([
      [true, null],
      [true, null],
      [true, null],
      [true, null],
      [false, null],
    ]);
    expect(orderTimeline({ status: 'on_hold', history: [] }).filter((s) => s.reached)).toHaveLength(1);
  });
});
