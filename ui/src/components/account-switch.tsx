//! Disable or enable an account (a customer's or a staff member's), asked twice: a disabled account
//! is signed out everywhere at once and cannot sign in until enabled again. The staff pages pass
//! the call that makes the change (the customer and staff endpoints differ in permission).
import { useRef, useState } from 'react';
import type { Customer } from '../api/types';
import { useI18n } from '../i18n/i18n-store';
import './account-switch.css';

type SwitchProps = {
  customer: Customer;
  setDisabled: (id: number, disabled: boolean) => Promise<Customer>;
  errorText: (error: unknown) => string;
  onChanged: (customer: Customer) => void;
};

export function AccountSwitch({ customer, setDisabled, errorText, onChanged }: SwitchProps) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLButtonElement>(null);
  const next = !customer.disabled;
  const name = customer.name || customer.username;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await setDisabled(customer.id, next));
      setAsking(false);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="account-switch">
      {asking ? (
        <div class="admin-alert admin-alert--warn account-switch__ask" role="alertdialog" aria-labelledby="account-switch-question">
          <p id="account-switch-question">
            {next ? t('admin.customers.disableQuestion', { name }) : t('admin.customers.enableQuestion', { name })}
          </p>
          <div class="account-switch__buttons">
            <button ref={first} type="button" class={`button button--small${next ? ' button--danger' : ''}`} disabled={busy} onClick={() => void confirm()}>
              {next ? t('admin.customers.disable') : t('admin.customers.enable')}
            </button>
            <button type="button" class="button button--ghost button--small" disabled={busy} onClick={() => setAsking(false)}>
              {t('admin.common.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          class={`button button--small${next ? ' button--danger-ghost' : ' button--ghost'}`}
          onClick={() => {
            setAsking(true);
            requestAnimationFrame(() => first.current?.focus());
          }}
        >
          {next ? t('admin.customers.disable') : t('admin.customers.enable')}
        </button>
      )}
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
