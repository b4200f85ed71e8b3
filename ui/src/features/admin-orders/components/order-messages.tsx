//! The order's messages: each mail and LINE push the shop sent (or is still trying to send) about
//! it — what, to whom, its state, tries and last error — with "Send again" for a failed one.
import { useEffect, useId, useRef, useState } from 'react';
import type { NotificationView } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { listNotifications, retryNotification } from '../api/notifications';
import type { OrderDeskTools } from '../tools';

const EVENT: Record<NotificationView['event'], MessageKey> = {
  orderPlaced: 'admin.orders.msgPlaced',
  orderPaid: 'admin.orders.msgPaid',
  orderShipped: 'admin.orders.msgShipped',
  orderDelivered: 'admin.orders.msgDelivered',
  orderCancelled: 'admin.orders.msgCancelled',
  passwordReset: 'admin.orders.msgPasswordReset',
  proofRejected: 'admin.orders.msgProofRejected',
  backupFailed: 'admin.orders.msgBackupFailed',
};

/** What an e-Tax Invoice by Email row carries: the tax invoice of a payment, the credit note of a cancellation. */
function what(message: NotificationView): MessageKey {
  if (message.channel !== 'etax') return EVENT[message.event];
  return message.event === 'orderCancelled' ? 'admin.orders.msgEtaxCreditNote' : 'admin.orders.msgEtaxInvoice';
}

const CHANNEL: Record<NotificationView['channel'], MessageKey> = {
  email: 'admin.orders.msgEmail',
  line: 'admin.orders.msgLine',
  etax: 'admin.orders.msgEtax',
};

const STATUS: Record<NotificationView['status'], MessageKey> = {
  pending: 'admin.orders.msgPending',
  sent: 'admin.orders.msgSent',
  failed: 'admin.orders.msgFailed',
};

type Props = { orderId: number; tools: OrderDeskTools; /** Changes when the order changes, to read the messages again. */ version: string };

export function OrderMessages({ orderId, tools, version }: Props) {
  const { t } = useI18n();
  const id = useId();
  const [messages, setMessages] = useState<NotificationView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // The error wording may change with the language; reading messages again must not.
  const errorText = useRef(tools.errorText);
  errorText.current = tools.errorText;

  useEffect(() => {
    const abort = new AbortController();
    listNotifications(orderId, abort.signal)
      .then((list) => {
        setMessages(list);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(errorText.current(failure));
      });
    return () => abort.abort();
  }, [orderId, version]);

  const retry = async (message: number) => {
    setBusy(message);
    setError(null);
    try {
      setMessages(await retryNotification(orderId, message));
    } catch (failure) {
      setError(tools.errorText(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section class="admin-card" aria-labelledby={`${id}-title`} data-testid="order-messages">
      <h2 id={`${id}-title`} class="admin-card__title">
        {t('admin.orders.messages')}
      </h2>
      {messages === null && !error ? <p class="admin-muted">{t('common.loading')}</p> : null}
      {messages && messages.length === 0 ? <p class="admin-muted">{t('admin.orders.noMessages')}</p> : null}
      {messages && messages.length > 0 ? (
        <ul class="message-list">
          {messages.map((message) => (
            <li key={message.id} class="message-list__item" data-status={message.status}>
              <p class="message-list__what">
                <strong>{t(what(message))}</strong>
                <span class={`message-badge message-badge--${message.status}`}>{t(STATUS[message.status])}</span>
              </p>
              <p class="message-list__meta">
                {t(CHANNEL[message.channel])} · {message.audience === 'shop' ? t('admin.orders.msgToShop') : message.to} ·{' '}
                {message.cc ? <>{t('admin.orders.msgCc', { address: message.cc })} · </> : null}
                <time dateTime={new Date(message.sentAt ?? message.createdAt).toISOString()}>{tools.time(message.sentAt ?? message.createdAt)}</time>
                {message.attempts > 1 ? <> · {t('admin.orders.msgAttempts', { count: message.attempts })}</> : null}
              </p>
              {message.lastError ? <p class="message-list__error">{message.lastError}</p> : null}
              {message.status === 'failed' && tools.can('orders.write') ? (
                <button type="button" class="button button--ghost" disabled={busy !== null} onClick={() => void retry(message.id)}>
                  {busy === message.id ? t('admin.common.saving') : t('admin.orders.msgRetry')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
