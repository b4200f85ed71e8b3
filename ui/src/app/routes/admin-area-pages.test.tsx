import { render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { menus } from '../../features/admin/admin-store';
import { labels } from '../../features/labels/labels-store';
import { userinfo } from '../../features/user/user-store';
import { pageStatus } from '../../lib/page-status';
import { jsonResponse } from '../../testing/products';
import seededMenus from '../../../../assets/seed/admin-menus.json';
import { AdminGuard } from './admin-guard';

const SALES = ['orders.read', 'orders.write', 'customers.read', 'customers.write', 'reports.read'];
const MENU = [
  { name: 'Dashboard', icon: 'home', link: '/admin' },
  { name: 'Orders', icon: 'package', link: '/admin/orders' },
  { name: 'Customers', icon: 'user', link: '/admin/customers' },
  { name: 'Activity log', icon: 'shield', link: '/admin/activity' },
];

function mockApi(me: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/file/menus/admin') return jsonResponse({ status: 'success', data: { 'admin-sales': MENU, 'admin-owner': MENU, 'admin-older': MENU, 'admin-late': MENU } });
      if (url === '/api/file/labels/system') return jsonResponse({ status: 'success', data: { orderStatus: { paid: { en: 'Paid' } } } });
      if (url === '/api/admin/me') return me.clone();
      return jsonResponse({ status: 'error', error: { code: 'not_found', message: url } }, 404);
    }),
  );
}

function renderAdmin(path: string, role: string) {
  userinfo.set({ status: 'signedIn', user: { id: 3, username: 'clerk1', name: 'Clerk', role } as never });
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook}>
      <AdminGuard />
    </Router>,
  );
}

const nav = () => screen.findByRole('navigation', { name: 'Administration' });

beforeEach(() => {
  labels.set({ loaded: false, groups: {} });
  menus.store.set({ status: 'idle', data: null, error: null });
  pageStatus.set(null);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => vi.unstubAllGlobals());

describe('the staff area shell', () => {
  it('answers an unknown staff page with its own "not found", inside the admin layout', async () => {
    mockApi(jsonResponse({ status: 'success', role: 'admin-sales', permissions: SALES }));
    renderAdmin('/admin/no-such-page', 'admin-sales');
    expect(await screen.findByTestId('admin-not-found')).toBeTruthy();
    expect(await nav()).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/admin');
    // Not the shop's error screen.
    expect(pageStatus.get()).toBeNull();
  });

  it("leaves out of the menu what the role may not open, and says so on the page itself", async () => {
    mockApi(jsonResponse({ status: 'success', role: 'admin-sales', permissions: SALES }));
    renderAdmin('/admin/activity', 'admin-sales');
    expect(await screen.findByTestId('admin-no-access')).toBeTruthy();
    expect(screen.getByText('This page needs the permission “Read the activity log”, which your role does not have.')).toBeTruthy();
    const menu = await nav();
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Orders' })).toBeTruthy());
    expect(within(menu).queryByRole('link', { name: 'Activity log' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Staff' })).toBeNull();
  });

  it('adds Staff for a role that manages staff, and marks the current page', async () => {
    mockApi(jsonResponse({ status: 'success', role: 'admin-owner', permissions: [...SALES, 'activity.read', 'staff.manage'] }));
    renderAdmin('/admin/orders/12', 'admin-owner');
    const menu = await nav();
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe('/admin/staff'));
    expect(within(menu).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('hides nothing when the server cannot say what the role may do', async () => {
    mockApi(jsonResponse({ status: 'error', error: { code: 'not_found', message: 'no route' } }, 404));
    renderAdmin('/admin', 'admin-older');
    const menu = await nav();
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Activity log' })).toBeTruthy());
    expect(within(menu).queryByRole('link', { name: 'Staff' })).toBeNull();
  });
});

describe('the staff texts', () => {
  it('are read once when the boot data left them out', async () => {
    const { i18nStore } = await import('../../i18n/i18n-store');
    const full = i18nStore.get().messages;
    const { admin, ...storefront } = full as typeof full & { admin: unknown };
    i18nStore.set((state) => ({ ...state, messages: { ...storefront, admin: { title: 'Administration' } } as typeof full }));
    mockApi(jsonResponse({ status: 'success', role: 'admin-late', permissions: SALES }));
    const answer = vi.fn(async () => jsonResponse({ status: 'success', data: { ...storefront, admin } }));
    const base = globalThis.fetch as unknown as (url: string) => Promise<Response>;
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/file/locales/en' ? answer() : base(url))));
    renderAdmin('/admin/nowhere', 'admin-late');
    expect(await screen.findByTestId('admin-not-found')).toBeTruthy();
    expect(screen.getByText('There is no staff page at this address.')).toBeTruthy();
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it('opens a staff page, never the "not found", for every link of the shipped menus', async () => {
    type Item = { link: string; subMenus?: Item[] };
    const links = new Set<string>();
    const walk = (items: Item[]) => items.forEach((item) => (links.add(item.link), walk(item.subMenus ?? [])));
    Object.values(seededMenus as Record<string, Item[]>).forEach(walk);
    expect(links.size).toBeGreaterThan(10);
    const ALL = ['orders.read', 'orders.write', 'customers.read', 'customers.write', 'staff.manage', 'catalog.write', 'settings.write', 'reports.read', 'activity.read'];
    for (const link of links) {
      mockApi(jsonResponse({ status: 'success', role: 'admin-owner', permissions: ALL }));
      const view = render(
        <Router hook={memoryLocation({ path: link }).hook}>
          <AdminGuard />
        </Router>,
      );
      userinfo.set({ status: 'signedIn', user: { id: 3, username: 'boss', name: 'Boss', role: 'admin-owner' } as never });
      await screen.findByRole('navigation', { name: 'Administration' });
      // The route resolves at once (pages load lazily after): no admin 404 for a shipped link.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByTestId('admin-not-found'), link).toBeNull();
      view.unmount();
    }
  });
});
