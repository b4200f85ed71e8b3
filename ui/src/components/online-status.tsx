//! Tracks online/offline state (SPEC §4): a banner while offline, a toast when the connection returns.
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
