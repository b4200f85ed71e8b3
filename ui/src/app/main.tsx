//! Entry: reads the boot data, fills the stores, clears the server's no-JS fallback and renders.
import { render } from 'react-dom';
import '../styles/fonts.css';
import '../styles/variables.css';
import '../styles/base.css';
import '../styles/layout.css';
import '../styles/first-paint.css';
// The home page's introduction and slider: the server draws them before the scripts run.
import './routes/home-page.css';
import '../features/catalog/components/featured-slider.css';
import { rememberChannel } from '../api/page-hits';
import { readPrefetched } from '../api/prefetched';
import { consumeAuthFragment, loadUser } from '../features/user/user-store';
import { DEFAULT_LANGUAGES } from '../i18n/default-languages';
import { i18nStore, initI18n, loadMessages } from '../i18n/i18n-store';
import { reloadForChunkError } from '../lib/chunk-reload';
import { splitLocalePath } from '../lib/locale-path';
import { currentHref, setPageStatus } from '../lib/page-status';
import { websitedata } from '../lib/website-data';
import { deferBelowTheFold } from '../components/later';
import { App } from './app';
import { startCartSession } from './cart-session';
import { readBoot, type Boot } from './boot';
import { FIRST_PAINT_CHUNKS } from './routes';
import './service-worker';

/** Without server boot data (vite dev server, a static preview): fixture in dev, API otherwise. */
async function bootWithoutServerData(): Promise<Boot> {
  const { locale } = splitLocalePath(window.location.pathname);
  if (import.meta.env.DEV) {
    const { fixtureBoot } = await import('../testing/fixture-boot');
    return fixtureBoot({ locale });
  }
  i18nStore.set((s) => ({ ...s, languages: DEFAULT_LANGUAGES }));
  const messages = await loadMessages(locale);
  return { ...websitedata.get(), locale, languages: DEFAULT_LANGUAGES, messages, status: 200 };
}

/** How long the app waits for the drawn page's photos before replacing the drawing. */
const PHOTO_WAIT_MS = 2500;

/**
 * Resolves once a server-drawn photo is on the screen (or failed, or is late): replaced before
 * that, the photo would show only after the app's own copy loads, later than the shopper could
 * have seen it — and the app's copy, not the drawn one, would be the page's largest paint.
 * Loaded is not yet painted (`decoding="async"`): the photo is decoded, then a frame passes.
 */
function shownOrLate(image: HTMLImageElement | null): Promise<void> {
  if (!image) return Promise.resolve();
  const loaded = image.complete
    ? Promise.resolve()
    : new Promise<void>((done) => {
        image.addEventListener('load', () => done(), { once: true });
        image.addEventListener('error', () => done(), { once: true });
      });
  const painted = loaded
    .then(() => image.decode())
    .catch(() => undefined)
    .then(() => new Promise<void>((done) => window.requestAnimationFrame(() => window.setTimeout(done, 0))));
  // A hidden tab draws no frames: the wait is bounded all the same.
  const late = new Promise<void>((done) => window.setTimeout(done, PHOTO_WAIT_MS));
  return Promise.race([painted, late]);
}

/**
 * Ends the current task so the browser can paint and answer taps: a phone runs the start-up
 * in several short tasks rather than one long one (Lighthouse's "total blocking time").
 */
function nextTask(): Promise<void> {
  return new Promise((done) => window.setTimeout(done, 0));
}

async function start(): Promise<void> {
  // `?kcard=` names the channel before the first request is sent.
  rememberChannel(window.location.search);
  readPrefetched();
  const boot = readBoot() ?? (await bootWithoutServerData());
  initI18n(boot.locale, boot.messages, boot.languages);
  websitedata.set({ shop: boot.shop, features: boot.features, paymentMethods: boot.paymentMethods });
  if (boot.status === 404) setPageStatus(404, undefined, currentHref());
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
  await nextTask();
  // A social sign-in ends on this page with its token (or error) in the fragment
  // (docs/ARCHITECTURE.md, "Decisions worth knowing").
  consumeAuthFragment();
  void loadUser();
  // The cart badge is right from the first page: the cart follows the user as soon as it is known.
  startCartSession();
  await nextTask();
  const container = document.getElementById('app');
  if (!container) throw new Error('index.html has no #app container');
  // The server drew the top of the page: it stays until the page's code is here, then the app
  // replaces it in one go (same answers, same layout).
  const drawn = container.querySelector<HTMLElement>('.first-paint')?.dataset.route;
  const chunk = drawn ? FIRST_PAINT_CHUNKS[drawn] : undefined;
  if (chunk) await chunk().catch(() => undefined);
  await Promise.all(Array.from(container.querySelectorAll<HTMLImageElement>('.first-paint img'), shownOrLate));
  container.textContent = '';
  deferBelowTheFold();
  render(<App />, container);
}

void start();
