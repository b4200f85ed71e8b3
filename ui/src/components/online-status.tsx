//! Tracks online/offline state (docs/STOREFRONT.md §4): a banner while offline, a toast when the
//! connection returns; and the message that stands in for a page whose code is not on this device
//! while offline.
import { useEffect, useState } from 'react';
import { t, useI18n } from '../i18n/i18n-store';
import { Icon } from './icon';
import { showToast } from './toast-store';
import './online-status.css';

export function OnlineStatus() {
  useI18n();
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      showToast(t('status.online'), 'success');
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, []);
  if (online) return null;
  return (
    <div class="offline-banner" role="status">
      <Icon name="offline" size={18} />
      <span>{t('status.offline')}</span>
    </div>
  );
}

/**
 * In place of a page (or part of one) whose code could not be loaded without a connection. Its
 * code is fetched again only by a fresh load of the page, which "Try again" does.
 */
export function OfflinePage() {
  const { t } = useI18n();
  return (
    <section class="offline-page" role="alert">
      <Icon name="offline" size={32} />
      <p class="offline-page__title">{t('details.offline.title')}</p>
      <p class="offline-page__text">{t('details.offline.text')}</p>
      <button type="button" class="button" onClick={() => window.location.reload()}>
        {t('details.offline.retry')}
      </button>
    </section>
  );
}
