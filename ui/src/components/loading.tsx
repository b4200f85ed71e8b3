//! A quiet loading placeholder; the progress bar carries the motion. A whole page that is still
//! loading takes the screen's height, so the footer does not show and then jump down.
import { t } from '../i18n/i18n-store';

export function Loading({ page = false }: { page?: boolean }) {
  return (
    <p class={page ? 'loading loading--page' : 'loading'} role="status">
      <span class="loading__dot" aria-hidden="true" />
      {t('common.loading')}
    </p>
  );
}
