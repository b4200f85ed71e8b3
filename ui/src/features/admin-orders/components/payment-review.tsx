//! The money of one order at the desk: the shopper's payment slips (image, when, a reused slip
//! flagged, the shop's decision), "Reject slip" with a reason the shopper sees (confirming is the
//! "paid" move with a reference, which accepts the slip), the card payment attempts with every
//! answer the provider sent, and "Record refund" for a cancelled paid order or a payment
//! received twice (each extra payment listed with its refund).
import { useEffect, useId, useState } from 'react';
import type { AttemptStatus, Order, PaymentProof } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { formatMoney } from '../../../lib/format';
import { recordRefund, rejectProof, slipUrl } from '../api/payment-review';
import { checkRefundReference, checkRejectReason, pendingProof, PROOF_LIMITS, proofsNewestFirst, refundDue, refundOwed } from '../payment-review';
import type { OrderDeskTools } from '../tools';

const ATTEMPT_STATUS: Record<AttemptStatus, MessageKey> = {
  pending: 'admin.orders.attemptPending',
  paid: 'admin.orders.attemptPaid',
  failed: 'admin.orders.attemptFailed',
  cancelled: 'admin.orders.attemptCancelled',
};

type Props = { order: Order; tools: OrderDeskTools; onChanged: (order: Order) => void };

const PROOF_STATUS: Record<PaymentProof['status'], MessageKey> = {
  pending: 'admin.orders.slipPending',
  accepted: 'admin.orders.slipAccepted',
  rejected: 'admin.orders.slipRejected',
};

function Slip({ proof, tools }: { proof: PaymentProof; tools: OrderDeskTools }) {
  const { t } = useI18n();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    setFailed(false);
    slipUrl(proof.file, abort.signal).then(
      (u) => setUrl(u),
      (error: unknown) => {
        if (!abort.signal.aborted) setFailed(true);
        console.warn('slip not shown', error);
      },
    );
    return () => abort.abort();
  }, [proof.file]);
  return (
    <li class="slip-item" data-testid="admin-slip" data-status={proof.status}>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          <img class="slip-item__image" src={url} alt={t('admin.orders.slipAlt')} />
        </a>
      ) : failed ? (
        <p class="admin-muted">{t('admin.orders.slipMissing')}</p>
      ) : null}
      <p class="slip-item__meta">
        <span class={`slip-item__status slip-item__status--${proof.status}`}>{t(PROOF_STATUS[proof.status])}</span> ·{' '}
        <time dateTime={new Date(proof.uploadedAt).toISOString()}>{tools.time(proof.uploadedAt)}</time>
      </p>
      {proof.duplicateOf ? (
        <p class="admin-alert admin-alert--warn" data-testid="slip-duplicate">
          {t('admin.orders.slipDuplicate', { number: proof.duplicateOf })}
        </p>
      ) : null}
      {proof.reason ? <p class="admin-muted">{t('admin.orders.slipReason', { reason: proof.reason })}</p> : null}
    </li>
  );
}

function TextAction({
  label,
  busyLabel,
  placeholder,
  max,
  check,
  send,
  testId,
}: {
  label: string;
  busyLabel: string;
  placeholder: string;
  max: number;
  check: (text: string) => MessageKey | null;
  send: (text: string) => Promise<void>;
  testId: string;
}) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = touched ? check(text) : null;
  const submit = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    if (check(text)) return;
    setBusy(true);
    setError(null);
    try {
      await send(text.trim());
      setText('');
      setTouched(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="note-form" onSubmit={(event) => void submit(event)} noValidate data-testid={testId}>
      <label for={`${id}-text`}>{placeholder}</label>
      <input
        id={`${id}-text`}
        class="payment-review__input"
        type="text"
        value={text}
        maxLength={max}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onInput={(event) => setText((event.currentTarget as HTMLInputElement).value)}
      />
      {problem ? (
        <p id={`${id}-error`} class="admin-error">
          {t(problem)}
        </p>
      ) : null}
      <button type="submit" class="button button--ghost" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function PaymentReview({ order, tools, onChanged }: Props) {
  const { t } = useI18n();
  const id = useId();
  const proofs = proofsNewestFirst(order);
  const attempts = order.payment.attempts ?? [];
  const waiting = pendingProof(order);
  const canWrite = tools.can('orders.write');
  const refund = refundDue(order);
  const extras = order.payment.extraPayments ?? [];
  if (!proofs.length && !attempts.length && !refund && !order.payment.refundReference && !extras.length) return null;
  const withErrors = async (work: () => Promise<Order>) => {
    try {
      onChanged(await work());
    } catch (failure) {
      throw new Error(tools.errorText(failure), { cause: failure });
    }
  };

  return (
    <section class="admin-card" aria-labelledby={`${id}-title`} data-testid="payment-review">
      <h2 id={`${id}-title`} class="admin-card__title">
        {t('admin.orders.paymentCheck')}
      </h2>
      {refund ? (
        <p class="admin-alert admin-alert--warn" data-testid="refund-due">
          {t('admin.orders.refundDue', { amount: formatMoney(refundOwed(order)) })}
        </p>
      ) : null}
      {extras.length ? (
        <ul class="attempt-list__notices" data-testid="extra-payments">
          {extras.map((extra) => (
            <li key={`${extra.receivedAt}-${extra.reference}`}>
              <time dateTime={new Date(extra.receivedAt).toISOString()}>{tools.time(extra.receivedAt)}</time> ·{' '}
              {t('admin.orders.extraPayment', { amount: formatMoney(extra.amount), reference: extra.reference })}
              {extra.refundReference ? ` · ${t('admin.orders.extraRefunded', { reference: extra.refundReference })}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {order.payment.refundReference ? (
        <p class="admin-alert admin-alert--ok" data-testid="refunded">
          {t('admin.orders.refunded', { reference: order.payment.refundReference })}
        </p>
      ) : null}
      {refund && canWrite ? (
        <TextAction
          testId="refund-form"
          label={t('admin.orders.recordRefund')}
          busyLabel={t('admin.common.saving')}
          placeholder={t('admin.orders.refundReference')}
          max={PROOF_LIMITS.reference}
          check={checkRefundReference}
          send={(reference) => withErrors(() => recordRefund(order.id, reference))}
        />
      ) : null}
      {proofs.length ? (
        <>
          <h3 class="admin-card__subtitle">{t('admin.orders.slips')}</h3>
          {waiting ? <p class="admin-muted">{t('admin.orders.slipConfirmHint')}</p> : null}
          <ul class="slip-list">
            {proofs.map((proof) => (
              <Slip key={proof.file} proof={proof} tools={tools} />
            ))}
          </ul>
          {waiting && canWrite ? (
            <TextAction
              testId="reject-slip"
              label={t('admin.orders.rejectSlip')}
              busyLabel={t('admin.common.saving')}
              placeholder={t('admin.orders.rejectReason')}
              max={PROOF_LIMITS.reason}
              check={checkRejectReason}
              send={(reason) => withErrors(() => rejectProof(order.id, reason))}
            />
          ) : null}
        </>
      ) : null}
      {attempts.length ? (
        <>
          <h3 class="admin-card__subtitle">{t('admin.orders.cardAttempts')}</h3>
          <ol class="attempt-list" data-testid="card-attempts">
            {attempts.map((attempt) => (
              <li key={attempt.id} class="attempt-list__item">
                <p>
                  <strong>{attempt.id}</strong> · {attempt.merchant} · {formatMoney(attempt.amount)} · {t(ATTEMPT_STATUS[attempt.status])}
                  {attempt.resultCode ? ` (${attempt.resultCode})` : ''}
                </p>
                {attempt.notices.length ? (
                  <ul class="attempt-list__notices">
                    {attempt.notices.map((notice, i) => (
                      <li key={`${notice.at}-${i}`}>
                        <time dateTime={new Date(notice.at).toISOString()}>{tools.time(notice.at)}</time> · {notice.channel} ·{' '}
                        {notice.verified ? t('admin.orders.noticeVerified') : t('admin.orders.noticeUnverified')} · {notice.verdict}
                        {notice.paymentStatus ? ` (${notice.paymentStatus})` : ''}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
