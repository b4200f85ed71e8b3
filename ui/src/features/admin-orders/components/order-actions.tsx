//! The moves an order can make now, for staff who may move orders: confirm payment (with an
//! optional bank or slip reference), start preparing, ship (carrier and tracking number), mark
//! delivered, cancel (reason required, then a confirmation: stock, coins and coupon come back).
//! A refusal shows the server's reason; the order on screen is replaced by the server's answer.
import { useEffect, useId, useRef, useState } from 'react';
import type { Order } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { setOrderStatus } from '../api/set-order-status';
import { carrierKeys, carrierTitle } from '../carriers';
import { checkMove, emptyMove, LIMITS, moveBody, nextMoves, type Move, type MoveErrors, type MoveForm } from '../order-moves';
import type { OrderDeskTools } from '../tools';
import { ConfirmDialog } from './confirm-dialog';

const BUTTON: Record<Move, MessageKey> = {
  paid: 'admin.orders.confirmPayment',
  preparing: 'admin.orders.startPreparing',
  shipped: 'admin.orders.ship',
  delivered: 'admin.orders.markDelivered',
  cancelled: 'admin.orders.cancelOrder',
};

/** Moves that need no more than a click. */
const AT_ONCE: readonly Move[] = ['preparing', 'delivered'];

type ActionsProps = { order: Order; tools: OrderDeskTools; onMoved: (order: Order, move: Move) => void };

export function OrderActions({ order, tools, onMoved }: ActionsProps) {
  const { t } = useI18n();
  const id = useId();
  const moves = nextMoves(order.status);
  const [form, setForm] = useState<MoveForm | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstField = useRef<HTMLElement | null>(null);

  // Another order, or this one moved: start again.
  useEffect(() => {
    setForm(null);
    setTouched(false);
    setError(null);
  }, [order.id, order.status]);
  // A form opened: its first field takes focus.
  const openForm = form?.status;
  useEffect(() => {
    if (openForm) firstField.current?.focus();
  }, [openForm]);

  if (!moves.length) return null;
  const errors: MoveErrors = form ? checkMove(form) : {};
  const shown = (field: keyof MoveErrors) => (touched && errors[field] ? t(errors[field]!) : null);

  const send = async (body: MoveForm) => {
    setBusy(true);
    setError(null);
    try {
      const moved = await setOrderStatus(order.id, moveBody(body));
      onMoved(moved, body.status);
    } catch (failure) {
      setError(tools.errorText(failure));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const choose = (move: Move) => {
    setError(null);
    setTouched(false);
    if (AT_ONCE.includes(move)) {
      setForm(null);
      void send(emptyMove(move));
    } else {
      setForm(emptyMove(move));
    }
  };
  const submit = (event: Event) => {
    event.preventDefault();
    if (!form) return;
    setTouched(true);
    if (Object.keys(checkMove(form)).length) return;
    if (form.status === 'cancelled') setConfirming(true);
    else void send(form);
  };
  const field = (name: 'carrier' | 'tracking' | 'reason' | 'reference') => ({
    id: `${id}-${name}`,
    'aria-invalid': shown(name) ? true : undefined,
    'aria-describedby': shown(name) ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: 'carrier' | 'tracking' | 'reason' | 'reference') =>
    shown(name) ? (
      <p id={`${id}-${name}-error`} class="admin-error">
        {shown(name)}
      </p>
    ) : null;

  return (
    <section class="admin-card order-actions" aria-labelledby={`${id}-title`} data-testid="order-actions">
      <h2 id={`${id}-title`} class="admin-card__title">
        {t('admin.orders.actions')}
      </h2>
      <div class="order-actions__buttons">
        {moves.map((move) => (
          <button
            key={move}
            type="button"
            class={`button${move === 'cancelled' ? ' button--danger-ghost' : form?.status === move ? '' : ' button--ghost'}`}
            aria-expanded={AT_ONCE.includes(move) ? undefined : form?.status === move}
            aria-controls={AT_ONCE.includes(move) ? undefined : `${id}-form`}
            disabled={busy}
            onClick={() => choose(move)}
          >
            {t(BUTTON[move])}
          </button>
        ))}
      </div>
      {form ? (
        <form id={`${id}-form`} class="order-actions__form" onSubmit={submit} noValidate>
          {form.status === 'paid' ? (
            <div class="admin-field">
              <label for={`${id}-reference`}>
                {t('admin.orders.reference')} <span class="admin-optional">({t('admin.common.optional')})</span>
              </label>
              <input
                {...field('reference')}
                ref={(el) => {
                  firstField.current = el;
                }}
                type="text"
                value={form.reference}
                maxLength={LIMITS.reference}
                autoComplete="off"
                onInput={(event) => setForm({ ...form, reference: (event.currentTarget as HTMLInputElement).value })}
              />
              {fieldError('reference')}
            </div>
          ) : null}
          {form.status === 'shipped' ? (
            <>
              <div class="admin-field">
                <label for={`${id}-carrier`}>{t('admin.orders.carrier')}</label>
                <select
                  {...field('carrier')}
                  ref={(el) => {
                  firstField.current = el;
                }}
                  value={form.carrier}
                  required
                  onChange={(event) => setForm({ ...form, carrier: (event.currentTarget as HTMLSelectElement).value })}
                >
                  <option value="">{t('admin.orders.chooseCarrier')}</option>
                  {carrierKeys(tools).map((key) => (
                    <option key={key} value={key}>
                      {carrierTitle(key, tools)}
                    </option>
                  ))}
                </select>
                {fieldError('carrier')}
              </div>
              <div class="admin-field">
                <label for={`${id}-tracking`}>{t('admin.orders.tracking')}</label>
                <input
                  {...field('tracking')}
                  type="text"
                  value={form.tracking}
                  maxLength={LIMITS.tracking}
                  required
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellcheck={false}
                  onInput={(event) => setForm({ ...form, tracking: (event.currentTarget as HTMLInputElement).value })}
                />
                {fieldError('tracking')}
              </div>
            </>
          ) : null}
          {form.status === 'cancelled' ? (
            <div class="admin-field">
              <label for={`${id}-reason`}>{t('admin.orders.reason')}</label>
              <textarea
                {...field('reason')}
                ref={(el) => {
                  firstField.current = el;
                }}
                rows={3}
                value={form.reason}
                maxLength={LIMITS.reason}
                required
                onInput={(event) => setForm({ ...form, reason: (event.currentTarget as HTMLTextAreaElement).value })}
              />
              {fieldError('reason')}
            </div>
          ) : null}
          <div class="order-actions__submit">
            <button type="submit" class={`button${form.status === 'cancelled' ? ' button--danger' : ''}`} disabled={busy}>
              {busy ? t('admin.common.saving') : t(BUTTON[form.status])}
            </button>
            <button type="button" class="button button--ghost" onClick={() => setForm(null)} disabled={busy}>
              {t('admin.common.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {confirming && form ? (
        <ConfirmDialog
          title={t('admin.orders.cancelTitle', { number: order.number })}
          confirmLabel={t('admin.orders.cancelConfirm')}
          cancelLabel={t('admin.orders.keepOrder')}
          danger
          busy={busy}
          onConfirm={() => void send(form)}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('admin.orders.cancelEffects')}</p>
          <p>
            {t('admin.orders.reason')}: <strong>{form.reason.trim()}</strong>
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
