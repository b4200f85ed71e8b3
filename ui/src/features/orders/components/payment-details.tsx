//! How the order is paid (method from the `paymentMethod` labels) and, while it waits for payment,
//! what to pay where: the PromptPay ID and amount, or the shop's bank account and amount. The QR
//! code itself is drawn where the app provides a component for it (the cart result page's).
import type { ComponentType } from 'preact';
import { useI18n } from '../../../i18n/i18n-store';
import type { LabelTitles } from '../../../i18n/types';
import { formatMoney } from '../../../lib/format';
import { labelText } from '../account';
import type { OrderView } from '../order';

/** Draws a PromptPay payload as a QR code; handed in by the app when one is available. */
export type PromptPayQr = ComponentType<{ payload: string; amount: number }>;

type Props = { order: OrderView; labels: LabelTitles; qr?: PromptPayQr };

export function PaymentDetails({ order, labels, qr: Qr }: Props) {
  const { t, locale } = useI18n();
  const { payment } = order;
  const pending = order.status === 'pending_payment';
  return (
    <section class="order-section" aria-labelledby="order-payment-title">
      <h2 class="order-section__title" id="order-payment-title">
        {t('orders.paymentTitle')}
      </h2>
      <p class="order-payment__method">{labelText(labels, 'paymentMethod', payment.method, locale)}</p>
      {order.refund ? (
        <p class="order-alert" data-testid="order-refund">
          {order.refund === 'due' ? t('orders.payment.refundDue', { amount: formatMoney(order.amounts.total) }) : t('orders.payment.refunded')}
        </p>
      ) : null}
      {pending && 'promptpayId' in payment ? (
        <div class="pay-box" data-testid="payment-instructions">
          <h3 class="order-section__subtitle">{t('orders.payHowTitle')}</h3>
          <p>{t('orders.promptpayText')}</p>
          {Qr && payment.promptpayPayload ? <Qr payload={payment.promptpayPayload} amount={order.amounts.total} /> : null}
          <dl class="pay-box__facts">
            <div>
              <dt>{t('orders.promptpayId')}</dt>
              <dd class="pay-box__value">{payment.promptpayId}</dd>
            </div>
            <div>
              <dt>{t('orders.amountToPay')}</dt>
              <dd class="pay-box__value">{formatMoney(order.amounts.total)}</dd>
            </div>
          </dl>
          <p class="order-section__note">{t('orders.payLater')}</p>
        </div>
      ) : null}
      {pending && 'bank' in payment ? (
        <div class="pay-box" data-testid="payment-instructions">
          <h3 class="order-section__subtitle">{t('orders.payHowTitle')}</h3>
          <p>{t('orders.bankText')}</p>
          <dl class="pay-box__facts">
            <div>
              <dt>{t('orders.bankName')}</dt>
              <dd>{payment.bank.bankName}</dd>
            </div>
            <div>
              <dt>{t('orders.accountName')}</dt>
              <dd>{payment.bank.accountName}</dd>
            </div>
            <div>
              <dt>{t('orders.accountNumber')}</dt>
              <dd class="pay-box__value">{payment.bank.accountNumber}</dd>
            </div>
            <div>
              <dt>{t('orders.amountToPay')}</dt>
              <dd class="pay-box__value">{formatMoney(order.amounts.total)}</dd>
            </div>
          </dl>
          <p class="order-section__note">{t('orders.payLater')}</p>
        </div>
      ) : null}
    </section>
  );
}
