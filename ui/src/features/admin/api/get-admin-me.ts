//! GET /api/admin/me — the signed-in staff member's role and permissions, so the staff area can hide
//! what the role may not do (the server checks every call anyway).
import { ApiError, apiGet } from '../../../api/client';
import type { Permission } from '../../../api/types';

export const ALL_PERMISSIONS: readonly Permission[] = [
  'orders.read',
  'orders.write',
  'customers.read',
  'customers.write',
  'staff.manage',
  'catalog.write',
  'settings.write',
  'reports.read',
  'activity.read',
];

export type AdminMe = {
  role: string;
  permissions: Permission[];
  /** False when the server could not say (an older server without the endpoint): nothing is hidden. */
  known: boolean;
};

export async function getAdminMe(role: string): Promise<AdminMe> {
  try {
    const body = await apiGet<{ role?: string; permissions?: Permission[] }>('/api/admin/me', { track: false });
    return { role: body.role || role, permissions: Array.isArray(body.permissions) ? body.permissions : [], known: true };
  } catch (error) {
    // Without the endpoint the UI shows everything and lets the server refuse.
    if (error instanceof ApiError && (error.status === 404 || error.status === 405)) {
      return { role, permissions: [...ALL_PERMISSIONS], known: false };
    }
    throw error;
  }
}
