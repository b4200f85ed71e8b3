//! The cookie notice (docs/STOREFRONT.md §4): shown until accepted; Accept remembers it for good,
//! Close hides it until the next page load. A bar at the bottom of the screen, slim on a phone so
//! that the first row of products stays in sight.
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useI18n } from '../../../i18n/i18n-store';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import './cookie-notice.css';

export function CookieNotice() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(() => readStorage(STORAGE_KEYS.cookieAccepted) !== '1');
  const titleId = useId();
  if (!visible) return null;
  const accept = () => {
    writeStorage(STORAGE_KEYS.cookieAccepted, '1');
    setVisible(false);
  };
  return (
    <div class="cookie-notice" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <div class="cookie-notice__panel">
        <p id={titleId} class="cookie-notice__text">
          {t('cookie.message')}{' '}
          <Link href="/privacy" class="cookie-notice__policy">
            {t('cookie.policy')}
          </Link>
        </p>
        <div class="cookie-notice__actions">
          <button type="button" class="button button--accent" onClick={accept}>
            {t('cookie.accept')}
          </button>
          <button type="button" class="button button--ghost-light" onClick={() => setVisible(false)}>
            {t('cookie.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
