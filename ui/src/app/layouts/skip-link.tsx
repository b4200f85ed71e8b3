//! "Skip to content" for keyboard users; the first focusable element of every layout.
import { t } from '../../i18n/i18n-store';

export function SkipLink() {
  return (
    <a href="#main" class="skip-link">
      {t('common.skipToContent')}
    </a>
  );
}
