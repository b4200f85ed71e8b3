//! What staff can do with an order next and what each move needs, as the server's rules say
//! (orders::model::Status::can_move_to, orders::store): paid may carry a payment reference,
//! shipped needs a carrier and a tracking number (1–40 letters, digits or -), cancelled needs a
//! reason. The server checks again; these rules only spare a round trip.
import type { OrderStatus, StatusBody } from '../../api/types';
import type { MessageKey } from '../../i18n/types';

export type Move = Exclude<OrderStatus, 'pending_payment'>;

const NEXT: Record<OrderStatus, Move[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['preparing', 'cancelled'],
  preparing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The moves the server allows from a status (cancelling comes last). */
export function nextMoves(status: OrderStatus): Move[] {
  return NEXT[status] ?? [];
}

/** The moves offered for several orders at once: shipping needs one tracking number per order. */
export const BULK_MOVES: readonly Move[] = ['paid', 'preparing', 'delivered', 'cancelled'];

/** The carriers of the server's `carrier` code table when the labels do not name any. */
export const FALLBACK_CARRIERS = ['kerry', 'flash', 'thaipost', 'jt', 'dhl', 'own'] as const;

export const LIMITS = { tracking: 40, reason: 500, reference: 200, note: 1000 } as const;

export type MoveForm = { status: Move; carrier: string; tracking: string; reason: string; reference: string };
export type MoveField = 'carrier' | 'tracking' | 'reason' | 'reference';
export type MoveErrors = Partial<Record<MoveField, MessageKey>>;

export function emptyMove(status: Move): MoveForm {
  return { status, carrier: '', tracking: '', reason: '', reference: '' };
}

const TRACKING = /^[A-Za-z0-9-]{1,40}$/;

/** What is wrong with a move's fields (nothing: an empty object). */
export function checkMove(form: MoveForm): MoveErrors {
  const errors: MoveErrors = {};
  if (form.status === 'shipped') {
    if (!form.carrier.trim()) errors.carrier = 'admin.orders.errCarrier';
    if (!TRACKING.test(form.tracking.trim())) errors.tracking = 'admin.orders.errTracking';
  }
  if (form.status === 'cancelled') {
    if (!form.reason.trim()) errors.reason = 'admin.orders.errReason';
    else if (form.reason.trim().length > LIMITS.reason) errors.reason = 'admin.orders.errTooLong';
  }
  if (form.status === 'paid' && form.reference.trim().length > LIMITS.reference) errors.reference = 'admin.orders.errTooLong';
  return errors;
}

/** The request body of a move: only the fields that move uses, trimmed. */
export function moveBody(form: MoveForm): StatusBody {
  const body: StatusBody = { status: form.status };
  if (form.status === 'shipped') {
    body.carrier = form.carrier.trim();
    body.tracking = form.tracking.trim();
  }
  if (form.status === 'cancelled') body.reason = form.reason.trim();
  if (form.status === 'paid' && form.reference.trim()) body.reference = form.reference.trim();
  return body;
}

/** A note is 1 to 1000 characters. */
export function checkNote(text: string): MessageKey | null {
  const trimmed = text.trim();
  if (!trimmed) return 'admin.orders.errNote';
  if (trimmed.length > LIMITS.note) return 'admin.orders.errTooLong';
  return null;
}
