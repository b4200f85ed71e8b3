//! The application shell: the router with the language prefix as its base, the error screen
//! switch, the error boundary and the app-wide overlays (progress bar, toasts, cookie notice).
import { useEffect, useRef } from 'react';
import { Router } from 'wouter';
import { useBrowserLocation, useSearch as useBrowserSearch } from 'wouter/use-browser-location';
import { sendPageHit } from '../api/page-hits';
import { OnlineStatus } from '../components/online-status';
import { ProgressBar } from '../components/progress-bar';
import { Toasts } from '../components/toasts';
import { CookieNotice } from '../features/consent/components/cookie-notice';
import { i18nStore, setLocale } from '../i18n/i18n-store';
import { useStore } from '../lib/create-store';
import { localeBase, splitLocalePath, type LocaleCode } from '../lib/locale-path';
import { keepsPosition } from '../lib/navigation-state';
import { pageStatus } from '../lib/page-status';
import { ErrorBoundary } from './error-boundary';
import { ErrorScreen } from './error-screen';
import { CleanLayout } from './layouts/clean-layout';
import { cleanHref, useKioskLocation } from './location-hook';
import { ProductSlotsProvider } from './product-slots';
import { AppRoutes } from './routes';

/** Keeps the interface language in step with the URL prefix (back/forward between languages). */
function useLocaleFollowsUrl(urlLocale: LocaleCode): void {
  useEffect(() => {
    if (urlLocale === i18nStore.get().locale) return;
    setLocale(urlLocale, { persist: false }).catch(() => window.location.reload());
  }, [urlLocale]);
}

/**
 * After following a link, start at the top of the new page and move focus to its content, so
 * keyboard and screen-reader users land on the page they asked for. Back/forward keep the
 * browser's own scroll restoration, and so do changes that only refine the page shown (a filter,
 * the sort order: their history state says so), leaving focus on the control that was used.
 */
function useNewPageStartsAtTop(): void {
  useEffect(() => {
    const onNavigate = (event: Event) => {
      const args = (event as Event & { arguments?: ArrayLike<unknown> }).arguments;
      if (args && keepsPosition(args[0])) return;
      requestAnimationFrame(() => {
        window.scrollTo(0, 0);
        document.getElementById('main')?.focus({ preventScroll: true });
      });
    };
    window.addEventListener('pushState', onNavigate);
    return () => window.removeEventListener('pushState', onNavigate);
  }, []);
}

/**
 * Tells the server each page shown (docs/INSIGHTS.md): the first is the page the server sent,
 * then every new path, and a search's new keyword. A filter or sort change is not a new page.
 */
function usePageHits(pathname: string, search: string): void {
  const last = useRef<string | null>(null);
  const keyword = pathname.endsWith('/search') || pathname.endsWith('/searchcode') ? (new URLSearchParams(search).get('keyword') ?? '') : '';
  const page = `${pathname}\n${keyword}`;
  useEffect(() => {
    if (last.current === page) return;
    const first = last.current === null;
    last.current = page;
    sendPageHit(pathname + (search ? `?${search}` : ''), first);
    // Only a new page sends; `search` alone (a filter) does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);
}

export function App() {
  const [pathname] = useBrowserLocation();
  const search = useBrowserSearch();
  const { locale: urlLocale } = splitLocalePath(pathname);
  useLocaleFollowsUrl(urlLocale);
  useNewPageStartsAtTop();
  usePageHits(pathname, search);
  const status = useStore(pageStatus);
  const href = pathname + (search ? `?${search}` : '');
  const error = status && status.href === href ? status : null;
  return (
    <Router base={localeBase(urlLocale)} hook={useKioskLocation} hrefs={cleanHref}>
      <ProgressBar />
      <OnlineStatus />
      <ErrorBoundary key={pathname}>
        {error ? (
          <CleanLayout>
            <ErrorScreen status={error.status} detail={error.detail} />
          </CleanLayout>
        ) : (
          <ProductSlotsProvider>
            <AppRoutes />
          </ProductSlotsProvider>
        )}
      </ErrorBoundary>
      <Toasts />
      <CookieNotice />
    </Router>
  );
}
