//! A quiet loading placeholder; the progress bar carries the motion.
import { t } from '../i18n/i18n-store';

export function Loading() {
  return (
    <p class="loading" role="status">
      <span class="loading__dot" aria-hidden="true" />
      {t('common.loading')}
    </p>
  );
}
