//! The not-found and error screens (docs/STOREFRONT.md §2): 'Page not found' for 404 with 'This
//! page could not be found.', otherwise 'An error occurred' with details; always a link home.
import { Link } from 'wouter';
import { Icon } from '../components/icon';
import { useDocumentTitle } from '../lib/document-title';
import { useI18n } from '../i18n/i18n-store';
import './error-screen.css';

export function ErrorScreen({ status, detail }: { status: number; detail?: string }) {
  const { t } = useI18n();
  const notFound = status === 404;
  // 403 is the guard of pages that need the signed-in user when none could be loaded
  // (docs/STOREFRONT.md §6).
  const notConnected = status === 403;
  const title = notFound ? t('errors.notFound') : notConnected ? t('errors.notConnected') : t('errors.other');
  useDocumentTitle(title);
  return (
    <section class="error-screen">
      <p class="error-screen__code" aria-hidden="true">
        {status}
      </p>
      <h1 class="error-screen__title">{title}</h1>
      {notFound ? <p class="error-screen__message">{t('errors.routeNotFound')}</p> : null}
      {!notFound && !notConnected && detail ? (
        <details class="error-screen__details">
          <summary>{t('errors.details')}</summary>
          <pre>{detail}</pre>
        </details>
      ) : null}
      <div class="error-screen__actions">
        {status >= 500 ? (
          // A failure on the server's side may pass: the page can be asked for again.
          <button type="button" class="button button--ghost error-screen__home" onClick={() => window.location.reload()}>
            <span>{t('common.retry')}</span>
          </button>
        ) : null}
        {notConnected ? (
          <Link href="/user/login" class="button button--ghost error-screen__home">
            <Icon name="login" size={18} />
            <span>{t('header.login')}</span>
          </Link>
        ) : null}
        <Link href="/" class="button error-screen__home">
          <Icon name="home" size={18} />
          <span>{t('errors.homeLink')}</span>
        </Link>
      </div>
    </section>
  );
}

/** Shown when the error screen itself fails: no router, no layout, only a plain link home. */
export function ErrorPageFailed({ detail }: { detail: string }) {
  const { t } = useI18n();
  return (
    <section class="error-screen error-screen--bare">
      <h1 class="error-screen__title">{t('errors.errorPageFailed')}</h1>
      <details class="error-screen__details" open>
        <summary>{t('errors.details')}</summary>
        <pre>{detail}</pre>
      </details>
      <a href="/" class="button error-screen__home">
        {t('errors.homeLink')}
      </a>
    </section>
  );
}
