//! The optional full tax invoice: company or person name, 13-digit tax id, 5-digit branch
//! ("00000" = head office) and the invoice address, prefilled from the shopper's vatInfo.
import type { VatInfo } from '../../../api/types';
import { FormField } from '../../../components/form-field';
import { useI18n } from '../../../i18n/i18n-store';
import { LIMITS } from '../checkout-rules';
import type { CheckoutForm } from './use-checkout-form';

export function VatSection({ form }: { form: CheckoutForm }) {
  const { t } = useI18n();
  const message = (field: keyof VatInfo) => {
    const problem = form.errorOf(`vatInfo.${field}`);
    return problem ? t(problem.key, problem.params) : null;
  };
  const field = (name: keyof VatInfo, label: string, max: number, extra: Partial<Parameters<typeof FormField>[0]> = {}) => (
    <FormField
      id={`vat-${name}`}
      name={`vatInfo.${name}`}
      label={label}
      value={form.vat[name]}
      onValue={(value) => form.setVatField(name, value)}
      autoComplete="off"
      maxLength={max}
      error={message(name)}
      {...extra}
    />
  );
  return (
    <fieldset class="checkout-section">
      <legend class="checkout-section__title">{t('checkout.vatTitle')}</legend>
      <label class="check">
        <input type="checkbox" checked={form.vatWanted} onChange={(event) => form.setVatWanted((event.currentTarget as HTMLInputElement).checked)} />
        <span>{t('checkout.vatWanted')}</span>
      </label>
      {form.vatWanted ? (
        <div class="checkout-grid">
          <div class="checkout-grid__wide">{field('name', t('checkout.vatName'), LIMITS.vatName, { required: true, autoComplete: 'organization' })}</div>
          {field('taxId', t('checkout.taxId'), 17, { required: true, inputMode: 'numeric', hint: t('checkout.taxIdHint') })}
          {field('branch', t('checkout.branch'), 5, { inputMode: 'numeric', hint: t('checkout.branchHint') })}
          <div class="checkout-grid__wide">{field('address', t('checkout.vatAddress'), LIMITS.vatAddress, { required: true })}</div>
        </div>
      ) : null}
    </fieldset>
  );
}
