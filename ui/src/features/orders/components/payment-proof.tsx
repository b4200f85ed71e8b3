//! The payment slip of an unpaid PromptPay or bank transfer order: the deadline to pay, the
//! latest slip's state (waiting to be checked, or rejected with the shop's reason) and the upload
//! of a photo or screenshot of the transfer. The slip is private: shown from a `data:` URL.
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/client';
import { Icon } from '../../../components/icon';
import { t as translate, useI18n } from '../../../i18n/i18n-store';
import { proofImageUrl, uploadProof } from '../api/upload-proof';
import type { OrderView } from '../order';
import { isoTime, orderTime } from '../order-time';
import { canUploadSlip, slipProblemKey, slipState } from '../proofs';

function SlipImage({ path, alt, accessKey }: { path: string; alt: string; accessKey?: string | null }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    proofImageUrl(path, abort.signal, accessKey).then(
      (u) => setUrl(u),
      (error: unknown) => console.warn('slip not shown', error),
    );
    return () => abort.abort();
  }, [path, accessKey]);
  return url ? <img class="slip__image" src={url} alt={alt} /> : null;
}

/** `accessKey`: a guest order's secret key, which opens it without an account. */
export function PaymentProof({ order, onChanged, accessKey }: { order: OrderView; onChanged: (order: OrderView) => void; accessKey?: string | null }) {
  const { t, locale } = useI18n();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const state = slipState(order);
  const can = canUploadSlip(order);
  const deadline =
    order.payBy !== null && order.status === 'pending_payment' ? (
      <p class="slip__deadline" data-testid="pay-by">
        <time dateTime={isoTime(order.payBy)}>{t('orders.payBy', { date: orderTime(order.payBy, locale) })}</time>
      </p>
    ) : null;
  // A card order: only the deadline (no slip to send).
  if (!can && state.kind === 'none') return deadline;

  const send = (event: Event) => {
    event.preventDefault();
    if (!file) {
      setProblem(t('orders.slipChoose'));
      return;
    }
    setSending(true);
    setProblem(null);
    uploadProof(order.id, file, accessKey).then(
      (changed) => {
        setSending(false);
        setFile(null);
        onChanged(changed);
      },
      (error: unknown) => {
        console.warn('slip not sent', error);
        setSending(false);
        const code = error instanceof ApiError ? error.code : '';
        setProblem(translate(slipProblemKey(code)) + (code === 'invalid_image' && error instanceof Error ? ` (${error.message})` : ''));
      },
    );
  };

  return (
    <section class="order-section slip" aria-labelledby={`${id}-title`} data-testid="payment-proof">
      <h2 class="order-section__title" id={`${id}-title`}>
        {t('orders.slipTitle')}
      </h2>
      {deadline}
      {state.kind === 'waiting' ? (
        <p class="order-alert" role="status" data-testid="slip-waiting">
          <Icon name="check" size={18} />
          <span>{t('orders.slipWaiting')}</span>
        </p>
      ) : null}
      {state.kind === 'rejected' && state.proof.reason ? (
        <p class="order-alert order-alert--error" role="alert" data-testid="slip-rejected">
          <Icon name="alert" size={18} />
          <span>{t('orders.slipRejected', { reason: state.proof.reason })}</span>
        </p>
      ) : null}
      {state.kind !== 'none' ? <SlipImage path={state.proof.file} alt={t('orders.slipAlt')} accessKey={accessKey} /> : null}
      {can && state.kind !== 'waiting' ? (
        <form class="slip__form" onSubmit={send}>
          <label class="slip__label" for={`${id}-file`}>
            {state.kind === 'rejected' ? t('orders.slipAgain') : t('orders.slipLabel')}
          </label>
          <input
            id={`${id}-file`}
            class="slip__input"
            type="file"
            name="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(event) => setFile((event.currentTarget as HTMLInputElement).files?.[0] ?? null)}
          />
          <button type="submit" class="button" disabled={sending}>
            {sending ? t('orders.slipSending') : t('orders.slipSend')}
          </button>
          {problem ? (
            <p class="slip__error" role="alert">
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
