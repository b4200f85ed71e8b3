//! The form-level message above the fields (the server's answer that concerns no single field).
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import type { Message } from './use-account-form';

export function FormAlert({ message, kind = 'error' }: { message: Message | null; kind?: 'error' | 'success' }) {
  const { t } = useI18n();
  return (
    <div class="form-alert-slot" role={kind === 'error' ? 'alert' : 'status'}>
      {message ? (
        <p class={`form-alert form-alert--${kind}`}>
          <Icon name={kind === 'error' ? 'alert' : 'check'} size={18} />
          <span>{t(message.key, message.params)}</span>
        </p>
      ) : null}
    </div>
  );
}
