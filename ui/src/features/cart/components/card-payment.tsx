//! The card payment of an order on /cartres: paid; waiting for the provider's confirmation (the
//! page asks again by itself); not yet paid (to the payment page); or failed/cancelled, with
//! "try again" (a new attempt of the same order) and a switch to PromptPay when the shop takes it.
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import type { Order } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import { errorCodeKey } from '../../../i18n/error-message';
import type { MessageKey } from '../../../i18n/types';
import { useStore } from '../../../lib/create-store';
import { formatMoney } from '../../../lib/format';
import { websitedata } from '../../../lib/website-data';
import { goToCardPayment, postPayOrder } from '../api/pay-order';
import { cardStage } from '../card-payment-state';

type Props = {
  order: Order;
  /** The order changed here (switched to PromptPay, or asked again). */
  onChange: (order: Order) => void;
  onCheckAgain: () => void;
  /** A guest order's secret key. */
  accessKey?: string | null;
  /** The panel leads the page (a failed payment): its title is the page's heading, with the order's number. */
  leads?: boolean;
};

export function CardPayment({ order, onChange, onCheckAgain, accessKey, leads = false }: Props) {
  const { t } = useI18n();
  const offered = useStore(websitedata, (data) => data.paymentMethods);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const stage = cardStage(order);
  const amount = formatMoney(order.total);

  const pay = async (method: 'card_2c2p' | 'promptpay') => {
    setBusy(true);
    setError(null);
    try {
      const next = await postPayOrder(order.id, method, accessKey);
      if (method === 'card_2c2p' && goToCardPayment(next)) return;
      onChange(next);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.code === 'not_payable' ? 'orders.payment.errNotPayable' : failure instanceof ApiError ? (errorCodeKey(failure.code) ?? 'orders.payment.errStart') : 'orders.payment.errStart');
    } finally {
      setBusy(false);
    }
  };
  const toPaymentPage = () => {
    if (!goToCardPayment(order)) void pay('card_2c2p');
  };

  const title: MessageKey =
    stage === 'paid'
      ? 'orders.payment.paidTitle'
      : stage === 'waiting'
        ? 'orders.payment.waitingTitle'
        : stage === 'failed'
          ? 'orders.payment.failedTitle'
          : stage === 'refunded'
            ? 'orders.payment.refunded'
            : 'checkout.card.title';
  return (
    <section class={`card pay-card card-pay card-pay--${stage}`} aria-labelledby="card-pay-title" data-testid="card-payment" data-stage={stage}>
      {leads ? (
        <h1 id="card-pay-title" class="page__title card-pay__lead-title">
          <Icon name={stage === 'failed' ? 'alert' : 'card'} size={26} />
          {t(title)}
        </h1>
      ) : (
        <h2 id="card-pay-title" class="checkout-summary__title">
          <Icon name={stage === 'paid' ? 'check' : stage === 'failed' ? 'alert' : 'card'} size={22} />
          {t(title)}
        </h2>
      )}
      <div class="pay-card__details" aria-live="polite">
        {leads ? (
          <p class="card-pay__order" data-testid="order-number">
            {t('orders.payment.orderKept', { number: order.number })}
          </p>
        ) : null}
        {stage === 'paid' ? <p>{t('orders.payment.paidText', { amount })}</p> : null}
        {stage === 'waiting' ? <p>{t('orders.payment.waitingText', { amount })}</p> : null}
        {stage === 'toPay' ? <p>{t('orders.payment.notStartedText', { amount })}</p> : null}
        {stage === 'failed' ? <p>{t('orders.payment.failedText')}</p> : null}
        {stage === 'refundDue' ? <p>{t('orders.payment.refundDue', { amount })}</p> : null}
        {error ? (
          <p class="card-pay__error" role="alert">
            {t(error)}
          </p>
        ) : null}
      </div>
      {stage === 'toPay' || stage === 'failed' || stage === 'waiting' ? (
        <div class="card-pay__actions">
          {stage === 'toPay' ? (
            <button type="button" class="button" disabled={busy} onClick={toPaymentPage} data-testid="card-go">
              {busy ? t('orders.payment.working') : t('checkout.card.goToPayment')}
            </button>
          ) : null}
          {stage === 'failed' ? (
            <button type="button" class="button" disabled={busy} onClick={() => void pay('card_2c2p')} data-testid="card-retry">
              {busy ? t('orders.payment.working') : t('orders.payment.tryAgain')}
            </button>
          ) : null}
          {stage === 'waiting' ? (
            <button type="button" class="button button--ghost" disabled={busy} onClick={onCheckAgain} data-testid="card-check">
              {t('orders.payment.checkAgain')}
            </button>
          ) : null}
          {stage === 'failed' && offered.includes('promptpay') ? (
            <button type="button" class="button button--ghost" disabled={busy} onClick={() => void pay('promptpay')} data-testid="card-to-promptpay">
              <Icon name="qr" size={20} />
              {t('orders.payment.usePromptpay')}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
