//! Mail a password reset for a local account: the server sends a one-time link that works for a
//! day to the customer's own address and answers only where it went. Staff never see the link (it
//! would let them sign in as the customer); without e-mail the operator resets the password with
//! `kiosk user reset-password`. Accounts that sign in with Google or Facebook have no password.
import { useState } from 'react';
import type { Customer, ResetLinkAnswer } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { startPasswordReset } from '../api/start-password-reset';

type ResetProps = {
  customer: Customer;
  errorText: (error: unknown) => string;
  time: (ms: number) => string;
  label: (group: string, key: string) => string;
};

export function ResetLink({ customer, errorText, time, label }: ResetProps) {
  const { t } = useI18n();
  const [sent, setSent] = useState<ResetLinkAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (customer.provider !== 'local') {
    return <p class="admin-muted">{t('admin.customers.resetSocial', { provider: label('provider', customer.provider) })}</p>;
  }
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent(await startPasswordReset(customer.id));
    } catch (failure) {
      setSent(null);
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="reset-link" data-testid="reset-link">
      <p class="admin-muted">{t('admin.customers.resetLead')}</p>
      <button type="button" class="button button--ghost button--small" disabled={busy} onClick={() => void start()}>
        {busy ? t('admin.common.saving') : sent ? t('admin.customers.resetAgain') : t('admin.customers.resetButton')}
      </button>
      {sent ? (
        <p class="admin-muted" role="status" data-testid="reset-emailed">
          {t('admin.customers.resetEmailed', { email: sent.emailedTo })} {t('admin.customers.resetExpires', { date: time(sent.expiresAt * 1000) })}
        </p>
      ) : null}
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
