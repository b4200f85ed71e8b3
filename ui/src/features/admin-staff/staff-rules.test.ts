import { describe, expect, it } from 'vitest';
import { changed, checkNewRole, checkNewStaff, isStaffRole, permissionKey, roleOrder, toggled } from './staff-rules';

describe('a new staff account', () => {
  const ok = { username: 'clerk.one', name: 'Clerk One', password: 'walnut-desk-1', role: 'admin-sales' };

  it('passes the server rules', () => {
    expect(checkNewStaff(ok)).toEqual({});
    expect(checkNewStaff({ ...ok, username: 'สมชาย_01' })).toEqual({});
  });

  it('names each field at fault', () => {
    expect(checkNewStaff({ username: 'ab', name: 'x'.repeat(101), password: 'short', role: 'user' })).toEqual({
      username: 'admin.staff.errUsername',
      name: 'admin.staff.errName',
      password: 'admin.staff.errPassword',
      role: 'admin.staff.errRole',
    });
    expect(checkNewStaff({ ...ok, username: 'has space' }).username).toBe('admin.staff.errUsername');
  });
});

describe('roles', () => {
  it('are staff roles when they begin with admin and use lowercase letters, digits and -', () => {
    expect(isStaffRole('admin')).toBe(true);
    expect(isStaffRole('admin-stock')).toBe(true);
    expect(isStaffRole('Admin-x')).toBe(false);
    expect(isStaffRole('superadmin')).toBe(false);
    expect(isStaffRole(`admin-${'x'.repeat(30)}`)).toBe(false);
  });

  it('refuses a new role that is not one or already exists', () => {
    const roles = { admin: [], 'admin-sales': [] };
    expect(checkNewRole('Admin-Support ', roles)).toBeNull();
    expect(checkNewRole('support', roles)).toBe('admin.roles.errName');
    expect(checkNewRole('admin-sales', roles)).toBe('admin.roles.errTaken');
  });

  it('switches one permission of one role, in the fixed order, and never the owner', () => {
    const roles = { admin: ['orders.read' as const], 'admin-sales': ['orders.read' as const] };
    expect(toggled(roles, 'admin-sales', 'activity.read')['admin-sales']).toEqual(['orders.read', 'activity.read']);
    expect(toggled(roles, 'admin-sales', 'orders.read')['admin-sales']).toEqual([]);
    expect(toggled(roles, 'admin', 'orders.read')).toBe(roles);
  });

  it('lists the owner first, then by name, and sees changes', () => {
    expect(roleOrder({ 'admin-stock': [], admin: [], 'admin-sales': [] })).toEqual(['admin', 'admin-sales', 'admin-stock']);
    expect(changed({ a: ['orders.read'] }, { a: ['orders.read'] })).toBe(false);
    expect(changed({ a: ['orders.read', 'orders.write'] }, { a: ['orders.write', 'orders.read'] })).toBe(false);
    expect(changed({ a: [] }, { a: [], b: [] })).toBe(true);
    expect(changed({ a: [] }, { a: ['orders.read'] })).toBe(true);
  });

  it('names a permission by its message key', () => {
    expect(permissionKey('orders.read')).toBe('admin.permissions.ordersRead');
    expect(permissionKey('staff.manage')).toBe('admin.permissions.staffManage');
  });
});
