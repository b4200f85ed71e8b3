//! Start a password reset for a local account: the server makes a one-time link that works for a
//! day; staff give it to the customer (read it out, paste it in a chat). Accounts that sign in
//! with Google or Facebook have no password to reset.
import { useId, useState } from 'react';
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
  const id = useId();
  const [link, setLink] = useState<ResetLinkAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (customer.provider !== 'local') {
    return <p class="admin-muted">{t('admin.customers.resetSocial', { provider: label('provider', customer.provider) })}</p>;
  }
  const start = async () => {
    setBusy(true);
    setError(null);
    setCopied(false);
    try {
      setLink(await startPasswordReset(customer.id));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refusal): the field is selected to copy by hand.
      (document.getElementById(`${id}-link`) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div class="reset-link" data-testid="reset-link">
      <p class="admin-muted">{t('admin.customers.resetLead')}</p>
      <button type="button" class="button button--ghost button--small" disabled={busy} onClick={() => void start()}>
        {busy ? t('admin.common.saving') : link ? t('admin.customers.resetAgain') : t('admin.customers.resetButton')}
      </button>
      {link ? (
        <div class="admin-field">
          <label for={`${id}-link`}>{t('admin.customers.resetLink')}</label>
          <div class="reset-link__row">
            <input id={`${id}-link`} type="text" readOnly value={link.url} aria-describedby={`${id}-expires`} onFocus={(event) => (event.currentTarget as HTMLInputElement).select()} />
            <button type="button" class="button button--small" onClick={() => void copy()}>
              {copied ? t('admin.customers.copied') : t('admin.customers.copy')}
            </button>
          </div>
          <p id={`${id}-expires`} class="admin-muted">
            {t('admin.customers.resetExpires', { date: time(link.expiresAt * 1000) })}
          </p>
          {link.emailedTo ? (
            <p class="admin-muted" data-testid="reset-emailed">
              {t('admin.customers.resetEmailed', { email: link.emailedTo })}
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
