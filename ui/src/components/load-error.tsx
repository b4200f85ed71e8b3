//! A failed load with a retry button.
import { t } from '../i18n/i18n-store';

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div class="load-error" role="alert">
      <p>{t('errors.requestFailed')}</p>
      <button type="button" class="button button--ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
