//! How to pay a placed order: the PromptPay QR with the amount and PromptPay id, or the bank
//! account (bank, name, number) and the exact amount to transfer; `children` (the slip upload)
//! follow in the same card.
import type { ComponentChildren } from 'preact';
import type { Order } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import { formatMoney } from '../../../lib/format';
import { PromptPayQr } from './promptpay-qr';

export function PaymentInstructions({ order, children }: { order: Order; children?: ComponentChildren }) {
  const { t } = useI18n();
  const amount = formatMoney(order.total);
  const payment = order.payment;
  return (
    <section class="card pay-card" aria-labelledby="pay-title">
      <h2 id="pay-title" class="checkout-summary__title">
        <Icon name={payment.method === 'promptpay' ? 'qr' : 'bank'} size={22} />
        {t('checkout.payTitle')}
      </h2>
      {payment.method === 'promptpay' ? (
        <div class="pay-card__promptpay">
          <PromptPayQr payload={payment.promptpayPayload ?? ''} label={t('checkout.qrLabel', { amount })} />
          <div class="pay-card__details">
            <p>{t('checkout.promptpayScan', { amount })}</p>
            <dl class="pay-facts">
              <div>
                <dt>{t('checkout.amount')}</dt>
                <dd class="pay-facts__amount" data-testid="pay-amount">
                  {amount}
                </dd>
              </div>
              <div>
                <dt>{t('checkout.promptpayId')}</dt>
                <dd data-testid="promptpay-id">{payment.promptpayId}</dd>
              </div>
            </dl>
          </div>
        </div>
      ) : (
        <div class="pay-card__details">
          <p>{t('checkout.bankHint', { amount })}</p>
          <dl class="pay-facts">
            <div>
              <dt>{t('checkout.bankName')}</dt>
              <dd data-testid="bank-name">{payment.bank?.bankName}</dd>
            </div>
            <div>
              <dt>{t('checkout.accountName')}</dt>
              <dd data-testid="bank-account-name">{payment.bank?.accountName}</dd>
            </div>
            <div>
              <dt>{t('checkout.accountNumber')}</dt>
              <dd data-testid="bank-account-number">{payment.bank?.accountNumber}</dd>
            </div>
            <div>
              <dt>{t('checkout.amount')}</dt>
              <dd class="pay-facts__amount" data-testid="pay-amount">
                {amount}
              </dd>
            </div>
          </dl>
        </div>
      )}
      {children}
    </section>
  );
}
