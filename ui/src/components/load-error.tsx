//! A failed load with a retry button: the one block every page (shop and staff) shows when what
//! it reads did not arrive. Shop pages say the generic "request failed"; staff pages pass the
//! server's own explanation (`message`, from their `errorText`) because staff can act on it.
import { t } from '../i18n/i18n-store';

export function LoadError({ onRetry, message }: { onRetry: () => void; message?: string }) {
  return (
    <div class="load-error" role="alert">
      <p>{message ?? t('errors.requestFailed')}</p>
      <button type="button" class="button button--ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
