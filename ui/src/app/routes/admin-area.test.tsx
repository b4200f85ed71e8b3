import { render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { menus } from '../../features/admin/admin-store';
import { labels } from '../../features/labels/labels-store';
import { userinfo } from '../../features/user/user-store';
import { AdminGuard } from './admin-guard';

const ALERT = 'ไม่สามารถดึงข้อมูลรหัสได้ กรุณาแจ้งผู้ดูแลระบบ';

function mockAdminApi(labelsAnswer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/file/menus/admin') {
        return Response.json({
          status: 'success',
          data: {
            admin: [
              { name: 'Orders', icon: 'package', link: '/admin/orders' },
              { name: 'Catalogue', icon: 'sofa', link: '/admin/products', subMenus: [{ name: 'Rooms', icon: 'table', link: '/admin/rooms' }] },
            ],
            'admin-sales': [{ name: 'Sales', icon: 'coin', link: '/admin/sales' }],
          },
        });
      }
      if (url === '/api/file/labels/system') return labelsAnswer.clone();
      if (url === '/api/admin/codes/orderStatus') {
        return Response.json({
          status: 'success',
          group: {
            group: 'orderStatus',
            title: { en: 'Order statuses', th: 'สถานะคำสั่งซื้อ', my: '', km: '', id: '' },
            system: true,
            entries: [{ key: 'paid', title: { en: 'Paid', th: 'ชำระเงินแล้ว', my: '', km: '', id: '' }, active: true, used: 2 }],
          },
        });
      }
      return Response.json({ status: 'error', error: { code: 'not_found', message: url } }, { status: 404 });
    }),
  );
}

const realAlert = window.alert;

function stubAlert() {
  const alert = vi.fn();
  window.alert = alert;
  return alert;
}

function renderAdmin(path = '/admin') {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook}>
      <AdminGuard />
    </Router>,
  );
  return memory;
}

beforeEach(() => {
  labels.set({ loaded: false, groups: {} });
  menus.store.set({ status: 'idle', data: null, error: null });
  userinfo.set({ status: 'signedIn', user: { id: 1, username: 'boss', name: 'Boss', role: 'admin' } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.alert = realAlert;
});

describe('admin area', () => {
  it("shows the role's menus and a Code submenu of label groups by name, with their translated titles", async () => {
    mockAdminApi(Response.json({ status: 'success', data: { role: { admin: { en: 'Admin' } }, orderStatus: { paid: { en: 'Paid' } }, province: {} } }));
    const alert = stubAlert();
    renderAdmin();
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(await within(nav).findByRole('link', { name: 'Orders' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Sales' })).toBeNull();
    const code = await within(nav).findByRole('button', { name: 'Code' });
    const groups = within(code.closest('li')!).getAllByRole('link').map((link) => link.textContent);
    expect(groups).toEqual(['Order statuses', 'Provinces', 'Roles']);
    expect(alert).not.toHaveBeenCalled();
  });

  it('alerts in Thai when the code tables cannot be fetched', async () => {
    mockAdminApi(Response.json({ status: 'error', error: { code: 'internal', message: 'x' } }, { status: 500 }));
    const alert = stubAlert();
    renderAdmin();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(ALERT));
  });

  it('alerts in Thai when there are no code tables', async () => {
    mockAdminApi(Response.json({ status: 'success', data: {} }));
    const alert = stubAlert();
    renderAdmin();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(ALERT));
  });

  it('edits a code table: its translated name, each title in place, the key fixed', async () => {
    mockAdminApi(Response.json({ status: 'success', data: { orderStatus: { paid: { en: 'Paid', th: 'ชำระเงินแล้ว' } } } }));
    renderAdmin('/admin/code/orderStatus');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order statuses' })).toBeTruthy();
    const row = screen.getByRole('row', { name: /paid/ });
    expect((within(row).getByLabelText(/paid · ไทย/) as HTMLInputElement).value).toBe('ชำระเงินแล้ว');
    expect(within(row).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('redirects a role that does not begin with "admin" to home', async () => {
    userinfo.set({ status: 'signedIn', user: { id: 2, username: 'x', name: 'X', role: 'superadmin' } });
    mockAdminApi(Response.json({ status: 'success', data: {} }));
    const memory = renderAdmin('/admin/orders');
    await waitFor(() => expect(memory.history.at(-1)).toBe('/'));
  });
});
