//! Credit or take back coins with a reason the ledger keeps (staff who may change customers). The
//! amount is whole coins; taking back more than the balance is refused here and by the server.
import { useId, useState } from 'react';
import type { Customer } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { formatNumber } from '../../../lib/format';
import { adjustCoins } from '../api/adjust-coins';
import { checkCoins, MAX_REASON, signedAmount, type CoinForm as Form } from '../coin-rules';

type CoinFormProps = { customer: Customer; errorText: (error: unknown) => string; onChanged: (customer: Customer, amount: number) => void };

const EMPTY: Form = { direction: 'credit', amount: '', reason: '' };

export function CoinForm({ customer, errorText, onChanged }: CoinFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = checkCoins(form, customer.coin);
  const shown = (field: 'amount' | 'reason') => (touched && errors[field] ? t(errors[field]!, { max: formatNumber(customer.coin) }) : null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    const amount = signedAmount(form);
    if (Object.keys(errors).length || amount === null) return;
    setBusy(true);
    setError(null);
    try {
      const changed = await adjustCoins(customer.id, amount, form.reason.trim());
      onChanged(changed, amount);
      setForm(EMPTY);
      setTouched(false);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const described = (field: 'amount' | 'reason') => (shown(field) ? `${id}-${field}-error` : undefined);

  return (
    <form class="coin-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`} data-testid="coin-form">
      <h3 id={`${id}-title`} class="coin-form__title">
        {t('admin.customers.adjustCoins')}
      </h3>
      <fieldset class="coin-form__direction">
        <legend class="visually-hidden">{t('admin.customers.direction')}</legend>
        <label>
          <input type="radio" name={`${id}-direction`} checked={form.direction === 'credit'} onChange={() => setForm({ ...form, direction: 'credit' })} />
          {t('admin.customers.credit')}
        </label>
        <label>
          <input type="radio" name={`${id}-direction`} checked={form.direction === 'debit'} onChange={() => setForm({ ...form, direction: 'debit' })} />
          {t('admin.customers.debit')}
        </label>
      </fieldset>
      <div class="admin-field">
        <label for={`${id}-amount`}>{t('admin.customers.amount')}</label>
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={form.amount}
          aria-invalid={shown('amount') ? true : undefined}
          aria-describedby={described('amount')}
          onInput={(event) => setForm({ ...form, amount: (event.currentTarget as HTMLInputElement).value })}
        />
        {shown('amount') ? (
          <p id={`${id}-amount-error`} class="admin-error">
            {shown('amount')}
          </p>
        ) : null}
      </div>
      <div class="admin-field admin-field--grow">
        <label for={`${id}-reason`}>{t('admin.customers.reason')}</label>
        <input
          id={`${id}-reason`}
          type="text"
          value={form.reason}
          maxLength={MAX_REASON}
          aria-invalid={shown('reason') ? true : undefined}
          aria-describedby={described('reason')}
          onInput={(event) => setForm({ ...form, reason: (event.currentTarget as HTMLInputElement).value })}
        />
        {shown('reason') ? (
          <p id={`${id}-reason-error`} class="admin-error">
            {shown('reason')}
          </p>
        ) : null}
      </div>
      <button type="submit" class="button" disabled={busy}>
        {busy ? t('admin.common.saving') : form.direction === 'debit' ? t('admin.customers.debitButton') : t('admin.customers.creditButton')}
      </button>
      {error ? (
        <p class="admin-alert admin-alert--error coin-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
