//! One order for its page, read fresh on every visit (staff need it as the server has it now),
//! replaced in place after a move or a note.
import { useCallback, useEffect, useState } from 'react';
import type { Order } from '../../api/types';
import { getOrder } from './api/get-order';

export type OrderState = { status: 'loading' } | { status: 'ready'; order: Order } | { status: 'error'; error: unknown };

export function useOrder(id: number | null) {
  const [state, setState] = useState<{ id: number | null; value: OrderState }>({ id, value: { status: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (id === null) return undefined;
    const controller = new AbortController();
    setState({ id, value: { status: 'loading' } });
    getOrder(id, { signal: controller.signal }).then(
      (order) => !controller.signal.aborted && setState({ id, value: { status: 'ready', order } }),
      (error: unknown) => !controller.signal.aborted && setState({ id, value: { status: 'error', error } }),
    );
    return () => controller.abort();
  }, [id, attempt]);
  const replace = useCallback((order: Order) => setState({ id: order.id, value: { status: 'ready', order } }), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const value: OrderState = state.id === id ? state.value : { status: 'loading' };
  return { state: value, replace, retry };
}
