//! The status timeline of one order: which of pending payment → paid → preparing → shipped →
//! delivered it has reached, when (from its history), and where a cancellation ended it. The steps
//! after a cancellation are left out: they will never happen.
import { ORDER_STEPS, type OrderView } from './order';

export type TimelineStep = {
  status: string;
  reached: boolean;
  /** The step the order is at now. */
  current: boolean;
  /** Unix ms of the step's latest entry in the history; null when not reached or not recorded. */
  at: number | null;
};

function stepIndex(status: string): number {
  return (ORDER_STEPS as readonly string[]).indexOf(status);
}

function timeOf(history: OrderView['history'], status: string): number | null {
  let at: number | null = null;
  for (const entry of history) if (entry.status === status && entry.at > 0) at = entry.at;
  return at;
}

export function orderTimeline(order: Pick<OrderView, 'status' | 'history'>): TimelineStep[] {
  const { status, history } = order;
  if (status === 'cancelled') {
    // How far the order got before it was cancelled: the furthest step its history records.
    const furthest = Math.max(0, ...history.map((entry) => stepIndex(entry.status)));
    const steps: TimelineStep[] = ORDER_STEPS.slice(0, furthest + 1).map((step) => ({
      status: step,
      reached: true,
      current: false,
      at: timeOf(history, step),
    }));
    return [...steps, { status: 'cancelled', reached: true, current: true, at: timeOf(history, 'cancelled') }];
  }
  // An unknown status counts as the first step, so the timeline never claims more than it knows.
  const reachedUpTo = Math.max(0, stepIndex(status));
  return ORDER_STEPS.map((step, index) => ({
    status: step,
    reached: index <= reachedUpTo,
    current: index === reachedUpTo,
    at: index <= reachedUpTo ? timeOf(history, step) : null,
  }));
}
