//! The cookie notice (docs/STOREFRONT.md §4): shown until accepted; Accept remembers it for good,
//! Close hides it until the next page load. A bar at the bottom of the screen, slim on a phone so
//! that the first row of products stays in sight. It never covers what the shopper or staff came
//! to do: while it shows, its height is reserved at the end of every page (shop and staff area)
//! and kept clear when something is scrolled into view or focused (`--cookie-notice-height`,
//! cookie-notice.css), and the bars fixed at the bottom sit below it.
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { useI18n } from '../../../i18n/i18n-store';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import './cookie-notice.css';

const HEIGHT_PROPERTY = '--cookie-notice-height';

/** Publishes the notice's height on the root while it shows (after the first paint). */
function useReservedHeight(element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(HEIGHT_PROPERTY, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(HEIGHT_PROPERTY);
    };
  }, [element]);
}

export function CookieNotice() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(() => readStorage(STORAGE_KEYS.cookieAccepted) !== '1');
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const titleId = useId();
  useReservedHeight(visible ? element : null);
  if (!visible) return null;
  const accept = () => {
    writeStorage(STORAGE_KEYS.cookieAccepted, '1');
    setVisible(false);
  };
  return (
    <div
      class="cookie-notice"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      ref={setElement}
    >
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
