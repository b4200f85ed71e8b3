//! How the shopper pays: PromptPay QR (shown after placing the order), a bank transfer, or a
//! credit/debit card on 2C2P's payment page (only when the shop configured a merchant).
import type { PaymentMethod } from '../../../api/types';
import { Icon, type IconName } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { useStore } from '../../../lib/create-store';
import { websitedata } from '../../../lib/website-data';

const METHODS: { value: PaymentMethod; icon: IconName; title: MessageKey; hint: MessageKey }[] = [
  { value: 'promptpay', icon: 'qr', title: 'checkout.promptpay', hint: 'checkout.promptpayHint' },
  { value: 'bank_transfer', icon: 'bank', title: 'checkout.bankTransfer', hint: 'checkout.bankTransferHint' },
  { value: 'card_2c2p', icon: 'card', title: 'checkout.card.title', hint: 'checkout.card.hint' },
];

export function PaymentSection({ value, onChange }: { value: PaymentMethod; onChange: (value: PaymentMethod) => void }) {
  const { t } = useI18n();
  const offered = useStore(websitedata, (data) => data.paymentMethods);
  return (
    <fieldset class="checkout-section">
      <legend class="checkout-section__title">{t('checkout.paymentTitle')}</legend>
      <div class="choice-list choice-list--row">
        {METHODS.filter((method) => offered.includes(method.value)).map((method) => (
          <label key={method.value} class={`choice choice--payment${value === method.value ? ' is-chosen' : ''}`}>
            <input type="radio" name="payment" value={method.value} checked={value === method.value} onChange={() => onChange(method.value)} />
            <Icon name={method.icon} size={26} />
            <span class="choice__text">
              <strong>{t(method.title)}</strong>
              <span class="choice__hint">{t(method.hint)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
