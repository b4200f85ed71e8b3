import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartLoaded } from '../features/cart/cart-store';
import { userinfo } from '../features/user/user-store';
import { i18nStore } from '../i18n/i18n-store';
import { pageStatus, setPageStatus } from '../lib/page-status';
import { App } from './app';

const pages: Record<string, unknown> = {
  about: {
    name: 'about',
    title: { en: 'About us', th: 'เกี่ยวกับเรา' },
    body: { en: 'We sell sofas.\n\n<b>Not bold</b> and <script>alert(1)</script>' },
  },
};

function mockApi() {
  const fetchMock = vi.fn(async (url: string) => {
    const page = /^\/api\/file\/pages\/get\/(.+)$/.exec(url);
    if (page) {
      const found = pages[page[1]!];
      return found
        ? Response.json({ status: 'success', page: found })
        : Response.json({ status: 'error', error: { code: 'not_found', message: 'no such page' } }, { status: 404 });
    }
    if (url === '/api/app/room/list') return Response.json({ status: 'success', rooms: [{ key: 'living', title: { en: 'Living room', th: 'ห้องนั่งเล่น' }, pageName: 'living', icon: 'sofa' }] });
    if (url === '/api/app/category/tree') return Response.json({ status: 'success', categories: [{ key: 'sofas', title: { en: 'Sofas' }, pageName: 'sofas', children: [] }] });
    if (url === '/api/file/locales/th') return Response.json({ status: 'success', data: { header: { cart: 'ตะกร้าสินค้า' }, errors: { notFound: 'ไม่พบหน้าที่ต้องการ' } } });
    return Response.json({ status: 'error', error: { code: 'not_found', message: url } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function visit(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

beforeEach(() => {
  mockApi();
  pageStatus.set(null);
  userinfo.set({ status: 'signedOut', user: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = 'en';
});

describe('not-found and error screens', () => {
  it('shows the not-found screen when the server said 404', () => {
    setPageStatus(404, undefined, '/xx/about');
    visit('/xx/about');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('This page could not be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Please click to go to Kiosk furniture online shop' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-found screen for an unmatched route', () => {
    visit('/one/two/three');
    expect(screen.getByText('This page could not be found.')).toBeTruthy();
  });

  it('shows the not-found screen when the pages API answers 404', async () => {
    visit('/no-such-page');
    expect(await screen.findByText('This page could not be found.')).toBeTruthy();
  });

  it('shows the not-found screen when the product API answers 404 after client-side navigation', async () => {
    visit('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    await act(async () => {
      window.history.pushState(null, '', '/products/NO-SUCH-1');
    });
    expect(await screen.findByText('This page could not be found.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('links home within the current language', () => {
    setPageStatus(404, undefined, '/th/missing/page/deep');
    visit('/th/missing/page/deep');
    expect(screen.getByRole('link', { name: 'Please click to go to Kiosk furniture online shop' }).getAttribute('href')).toBe('/th');
  });
});

describe('content pages', () => {
  it('render plain-text paragraphs, never HTML', async () => {
    const { container } = visit('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    const body = container.querySelector('.content-page__body')!;
    expect(body.querySelectorAll('p')).toHaveLength(2);
    expect(body.querySelector('b, script')).toBeNull();
    expect(body.textContent).toContain('<b>Not bold</b>');
  });
});

describe('menus and links', () => {
  it('prefixes internal links with the language and keeps external ones plain', async () => {
    i18nStore.set((s) => ({ ...s, locale: 'th', locales: { ...s.locales, th: s.messages } }));
    visit('/th/search?keyword=sofa');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/th');
    const facebook = within(menu).getByRole('link', { name: 'Facebook' });
    expect(facebook.getAttribute('href')).toBe('https://www.facebook.com/kioskfurniture');
    expect(facebook.getAttribute('rel')).toContain('noopener');
    expect(within(menu).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/th/user/login');
    // The search page is a lazy chunk.
    expect(await screen.findByText('Results for “sofa”')).toBeTruthy();
  });

  it('offers the five languages in the order th, my, km, en, id, each keeping the path and query', () => {
    visit('/search?keyword=sofa');
    const chooser = screen.getAllByRole('navigation', { name: 'Language' })[0]!;
    const links = within(chooser).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('data-locale'))).toEqual(['th', 'my', 'km', 'en', 'id']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/th/search?keyword=sofa',
      '/my/search?keyword=sofa',
      '/km/search?keyword=sofa',
      '/search?keyword=sofa',
      '/id/search?keyword=sofa',
    ]);
  });

  it('switches language in place: URL prefix, html lang, texts, storage and cookie', async () => {
    visit('/search?keyword=sofa');
    const chooser = screen.getAllByRole('navigation', { name: 'Language' })[0]!;
    await act(async () => {
      fireEvent.click(within(chooser).getAllByRole('link')[0]!);
    });
    await waitFor(() => expect(window.location.pathname).toBe('/th/search'));
    expect(window.location.search).toBe('?keyword=sofa');
    expect(document.documentElement.lang).toBe('th');
    expect(window.localStorage.getItem('kiosk.locale')).toBe('th');
    expect(document.cookie).toContain('i18n_redirected=th');
    await waitFor(() => expect(screen.getAllByText('ตะกร้าสินค้า').length).toBeGreaterThan(0));
  });
});

describe('cookie notice', () => {
  it('accept hides it for good', () => {
    visit('/cart');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem('kiosk.cookieAccepted')).toBe('1');
  });

  it('close hides it for this page load only', () => {
    visit('/cart');
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem('kiosk.cookieAccepted')).toBeNull();
  });
});

describe('admin guard', () => {
  it('sends a signed-out visitor to the home page of the current language', async () => {
    visit('/th/admin/orders');
    await waitFor(() => expect(window.location.pathname).toBe('/th'));
  });

  it('sends a signed-in customer home too', async () => {
    userinfo.set({ status: 'signedIn', user: { id: 1, username: 'som', name: 'Som', role: 'user' } });
    visit('/admin');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});

describe('cart', () => {
  it('shows the honest empty cart with a zero badge', async () => {
    // The visitor's cart has been loaded (app/cart-session.ts does it at start) and is empty.
    cartLoaded.set(true);
    visit('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeTruthy();
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
  });
});
