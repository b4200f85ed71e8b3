//! One move for the selected orders: paid (with an optional reference), preparing, delivered or
//! cancelled (with the reason, after a confirmation). Each order moves on its own; the result says
//! how many moved and names each one that did not, with the reason.
import { useId, useState } from 'react';
import type { BulkFailure, Order } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { bulkStatus } from '../api/bulk-status';
import { BULK_MOVES, checkMove, emptyMove, moveBody, type Move, type MoveForm } from '../order-moves';
import type { OrderDeskTools } from '../tools';
import { ConfirmDialog } from './confirm-dialog';

type BulkBarProps = {
  ids: number[];
  numbers: Map<number, string>;
  tools: OrderDeskTools;
  onMoved: (orders: Order[]) => void;
  onClear: () => void;
};

type Result = { moved: number; failed: BulkFailure[] } | { error: string };

export function BulkBar({ ids, numbers, tools, onMoved, onClear }: BulkBarProps) {
  const { t } = useI18n();
  const id = useId();
  const [form, setForm] = useState<MoveForm>(emptyMove('preparing'));
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const errors = checkMove(form);
  const reasonError = touched && errors.reason ? t(errors.reason) : null;

  const send = async () => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await bulkStatus(ids, moveBody(form));
      onMoved(answer.orders);
      setResult({ moved: answer.orders.length, failed: answer.failed });
      if (!answer.failed.length) setForm(emptyMove(form.status));
      setTouched(false);
    } catch (error) {
      setResult({ error: tools.errorText(error) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const submit = (event: Event) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length) return;
    if (form.status === 'cancelled') setConfirming(true);
    else void send();
  };

  return (
    <section class="bulk-bar" aria-labelledby={`${id}-title`} data-testid="bulk-bar">
      <form class="bulk-bar__form" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} class="bulk-bar__title">
          {t('admin.orders.selected', { count: ids.length })}
        </h2>
        <div class="admin-field">
          <label for={`${id}-move`}>{t('admin.orders.moveTo')}</label>
          <select
            id={`${id}-move`}
            value={form.status}
            onChange={(event) => {
              setForm(emptyMove((event.currentTarget as HTMLSelectElement).value as Move));
              setTouched(false);
            }}
          >
            {BULK_MOVES.map((move) => (
              <option key={move} value={move}>
                {tools.label('orderStatus', move)}
              </option>
            ))}
          </select>
        </div>
        {form.status === 'cancelled' ? (
          <div class="admin-field admin-field--grow">
            <label for={`${id}-reason`}>{t('admin.orders.reason')}</label>
            <input
              id={`${id}-reason`}
              type="text"
              value={form.reason}
              maxLength={500}
              required
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              onInput={(event) => setForm({ ...form, reason: (event.currentTarget as HTMLInputElement).value })}
            />
            {reasonError ? (
              <p id={`${id}-reason-error`} class="admin-error">
                {reasonError}
              </p>
            ) : null}
          </div>
        ) : null}
        {form.status === 'paid' ? (
          <div class="admin-field admin-field--grow">
            <label for={`${id}-reference`}>
              {t('admin.orders.reference')} <span class="admin-optional">({t('admin.common.optional')})</span>
            </label>
            <input
              id={`${id}-reference`}
              type="text"
              value={form.reference}
              maxLength={200}
              onInput={(event) => setForm({ ...form, reference: (event.currentTarget as HTMLInputElement).value })}
            />
          </div>
        ) : null}
        <div class="bulk-bar__actions">
          <button type="submit" class={`button${form.status === 'cancelled' ? ' button--danger' : ''}`} disabled={busy}>
            {busy ? t('admin.common.saving') : t('admin.orders.applyToSelected')}
          </button>
          <button type="button" class="button button--ghost" onClick={onClear} disabled={busy}>
            {t('admin.orders.clearSelection')}
          </button>
        </div>
      </form>
      <div role="status" class="bulk-bar__result">
        {result && 'error' in result ? <p class="admin-alert admin-alert--error">{result.error}</p> : null}
        {result && 'moved' in result ? (
          <div class={`admin-alert${result.failed.length ? ' admin-alert--warn' : ' admin-alert--ok'}`}>
            <p>{t('admin.orders.bulkMoved', { count: result.moved })}</p>
            {result.failed.length ? (
              <>
                <p>{t('admin.orders.bulkFailed', { count: result.failed.length })}</p>
                <ul>
                  {result.failed.map((failure) => (
                    <li key={failure.id}>
                      <strong>{numbers.get(failure.id) ?? `#${failure.id}`}</strong>: {tools.errorText(failure)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('admin.orders.bulkCancelTitle', { count: ids.length })}
          confirmLabel={t('admin.orders.cancelConfirm')}
          cancelLabel={t('admin.orders.keepOrder')}
          danger
          busy={busy}
          onConfirm={() => void send()}
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
