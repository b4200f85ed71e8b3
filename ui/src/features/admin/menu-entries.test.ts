import { describe, expect, it } from 'vitest';
import type { AdminMenuItem, Permission } from '../../api/types';
import { menuEntries, menuMessageKey } from './menu-entries';

const item = (name: string, link: string, subMenus?: AdminMenuItem[]): AdminMenuItem => ({ name, icon: 'home', link, subMenus });
const MENU = [
  item('Dashboard', '/admin'),
  item('Orders', '/admin/orders'),
  item('Catalogue', '/admin/products', [item('Products', '/admin/products')]),
  item('Customers', '/admin/customers'),
  item('Activity log', '/admin/activity'),
];
const names = (items: AdminMenuItem[]) => items.map((i) => i.name);
const only = (...permissions: Permission[]) => (p: Permission) => permissions.includes(p);

describe('the admin menu a staff member sees', () => {
  it("is the role's document while the permissions are not known", () => {
    expect(menuEntries(MENU, () => true, false)).toEqual(MENU);
  });

  it('leaves out the pages the role may not open', () => {
    expect(names(menuEntries(MENU, only('orders.read', 'reports.read'), true))).toEqual(['Dashboard', 'Orders', 'Catalogue', 'Insights']);
  });

  it('adds the pages the role may use that the document does not list', () => {
    expect(names(menuEntries(MENU, only('orders.read', 'customers.read', 'activity.read', 'staff.manage'), true))).toEqual([
      'Dashboard',
      'Orders',
      'Catalogue',
      'Customers',
      'Activity log',
      'Staff',
    ]);
    expect(names(menuEntries([], only('orders.read'), true))).toEqual(['Orders']);
  });

  it('drops a submenu left empty', () => {
    const menu = [item('People', '/admin/people', [item('Customers', '/admin/customers')])];
    expect(menuEntries(menu, only(), true)).toEqual([]);
  });
});

it('translates menu names by their English name', () => {
  expect(menuMessageKey('Activity log')).toBe('admin.menu.activityLog');
  expect(menuMessageKey(' Orders ')).toBe('admin.menu.orders');
});
