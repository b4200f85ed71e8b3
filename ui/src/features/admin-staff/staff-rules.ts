//! The rules of the staff forms, as the server has them (accounts::model, accounts::password,
//! admin::permissions): usernames of 3–64 letters, digits or . _ - @; passwords of at least 8
//! characters; role names beginning with "admin" (lowercase letters, digits, -, at most 32); the
//! owner role `admin` always holds every permission.
import type { Permission } from '../../api/types';
import { permissionNameKey } from '../../lib/staff-wording';
import type { MessageKey } from '../../i18n/types';

export const PERMISSIONS: readonly Permission[] = [
  'orders.read',
  'orders.write',
  'customers.read',
  'customers.write',
  'reports.read',
  'activity.read',
  'catalog.write',
  'settings.write',
  'staff.manage',
];

export const OWNER_ROLE = 'admin';

/** The message key of a permission's name: 'orders.read' → 'admin.permissions.ordersRead'. */
export function permissionKey(permission: Permission): MessageKey {
  return permissionNameKey(permission) as MessageKey;
}

export type NewStaff = { username: string; name: string; password: string; role: string };
export type NewStaffErrors = Partial<Record<keyof NewStaff, MessageKey>>;

export function checkNewStaff(form: NewStaff): NewStaffErrors {
  const errors: NewStaffErrors = {};
  const username = form.username.trim();
  if (!/^[\p{L}\p{N}._@-]{3,64}$/u.test(username)) errors.username = 'admin.staff.errUsername';
  if (form.name.trim().length > 100) errors.name = 'admin.staff.errName';
  if ([...form.password].length < 8) errors.password = 'admin.staff.errPassword';
  if (!isStaffRole(form.role)) errors.role = 'admin.staff.errRole';
  return errors;
}

export function isStaffRole(role: string): boolean {
  return /^admin[a-z0-9-]{0,27}$/.test(role.trim());
}

export type RoleMatrix = Record<string, Permission[]>;

/** A role name typed for a new role: trimmed and lowercase; an error key when it cannot be one. */
export function checkNewRole(name: string, roles: RoleMatrix): MessageKey | null {
  const role = name.trim().toLowerCase();
  if (!isStaffRole(role)) return 'admin.roles.errName';
  if (role in roles) return 'admin.roles.errTaken';
  return null;
}

/** The matrix with one permission of one role switched (the owner role never changes). */
export function toggled(roles: RoleMatrix, role: string, permission: Permission): RoleMatrix {
  if (role === OWNER_ROLE) return roles;
  const current = roles[role] ?? [];
  const next = current.includes(permission) ? current.filter((p) => p !== permission) : [...current, permission];
  return { ...roles, [role]: PERMISSIONS.filter((p) => next.includes(p)) };
}

/** Roles in a stable order: the owner first, then by name. */
export function roleOrder(roles: RoleMatrix): string[] {
  return Object.keys(roles).sort((a, b) => (a === OWNER_ROLE ? -1 : b === OWNER_ROLE ? 1 : a.localeCompare(b)));
}

/** Has the matrix changed from what the server has? */
export function changed(a: RoleMatrix, b: RoleMatrix): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = [...(a[key] ?? [])].sort().join();
    const y = [...(b[key] ?? [])].sort().join();
    if (!(key in a) || !(key in b) || x !== y) return true;
  }
  return false;
}
