//! Where the order goes: one of the shopper's saved addresses (userInfo.addInfo) or a new one —
//! recipient, phone, address line, district, province (the `province` labels, sorted by name in
//! the current language) and postcode. A new address is saved with the order by the server.
import type { Address } from '../../../api/types';
import { FormField } from '../../../components/form-field';
import { collatorOf, pickText, useI18n } from '../../../i18n/i18n-store';
import type { LocalizedText } from '../../../i18n/types';
import { LIMITS } from '../checkout-rules';
import { SelectField } from './select-field';
import type { CheckoutForm } from './use-checkout-form';

export type Provinces = Record<string, LocalizedText>;

export function provinceOptions(provinces: Provinces, locale: string): { value: string; label: string }[] {
  const collator = collatorOf(locale);
  return Object.entries(provinces)
    .map(([value, title]) => ({ value, label: pickText(title, locale as never) || value }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

export function AddressLines({ address, provinces }: { address: Address; provinces: Provinces }) {
  const { locale } = useI18n();
  const province = pickText(provinces[address.province], locale) || address.province;
  return (
    <span class="address-lines">
      <strong>{address.name}</strong> · {address.phone}
      <br />
      {address.line1}, {address.district}, {province} {address.postcode}
    </span>
  );
}

export function AddressSection({ form, provinces }: { form: CheckoutForm; provinces: Provinces }) {
  const { t, locale } = useI18n();
  const message = (field: keyof Address) => {
    const problem = form.errorOf(`address.${field}`);
    return problem ? t(problem.key, problem.params) : null;
  };
  const field = (name: keyof Address, label: string, autoComplete: string, max: number, extra: Partial<Parameters<typeof FormField>[0]> = {}) => (
    <FormField
      id={`address-${name}`}
      name={`address.${name}`}
      label={label}
      value={form.address[name]}
      onValue={(value) => form.setAddressField(name, value)}
      autoComplete={autoComplete}
      required
      maxLength={max}
      error={message(name)}
      {...extra}
    />
  );

  return (
    <fieldset class="checkout-section">
      <legend class="checkout-section__title">{t('checkout.addressTitle')}</legend>
      {form.saved.length > 0 ? (
        <div class="choice-list" role="radiogroup" aria-label={t('checkout.savedAddresses')}>
          {form.saved.map((saved, index) => (
            <label key={index} class={`choice${form.choice === index ? ' is-chosen' : ''}`}>
              <input type="radio" name="address-choice" checked={form.choice === index} onChange={() => form.setChoice(index)} />
              <AddressLines address={saved} provinces={provinces} />
            </label>
          ))}
          <label class={`choice${form.choice === 'new' ? ' is-chosen' : ''}`}>
            <input type="radio" name="address-choice" checked={form.choice === 'new'} onChange={() => form.setChoice('new')} />
            <span>{t('checkout.newAddress')}</span>
          </label>
        </div>
      ) : null}
      {form.newAddress ? (
        <div class="checkout-grid">
          {field('name', t('checkout.recipient'), 'shipping name', LIMITS.name)}
          {field('phone', t('checkout.phone'), 'shipping tel', 20, { type: 'tel', inputMode: 'tel', hint: t('checkout.phoneHint') })}
          <div class="checkout-grid__wide">{field('line1', t('checkout.line1'), 'shipping address-line1', LIMITS.line1)}</div>
          {field('district', t('checkout.district'), 'shipping address-level2', LIMITS.district)}
          <SelectField
            id="address-province"
            name="address.province"
            label={t('checkout.province')}
            placeholder={t('checkout.chooseProvince')}
            value={form.address.province}
            options={provinceOptions(provinces, locale)}
            onValue={(value) => form.setAddressField('province', value)}
            autoComplete="off"
            required
            error={message('province')}
          />
          {field('postcode', t('checkout.postcode'), 'shipping postal-code', 10, { inputMode: 'numeric' })}
        </div>
      ) : null}
    </fieldset>
  );
}
