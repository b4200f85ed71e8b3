//! Admin client state (docs/STOREFRONT.md §3 `menus`): the admin menus by role, loaded once, and
//! the signed-in staff member's permissions (what the role may do), loaded once per role.
import { createResource, createResourceMap } from '../../lib/resource';
import { getAdminMe } from './api/get-admin-me';
import { getAdminMenus } from './api/get-admin-menus';

export const menus = createResource(getAdminMenus);

/** The caller's permissions by role name (a role change ends the session, so one role per visit). */
export const adminMe = createResourceMap(getAdminMe);

/** docs/STOREFRONT.md §8 fixes this alert text in Thai, whatever the interface language. */
export const CODE_FETCH_FAILED_ALERT = 'ไม่สามารถดึงข้อมูลรหัสได้ กรุณาแจ้งผู้ดูแลระบบ';

export function codeTablePath(group: string): string {
  return `/admin/code/${encodeURIComponent(group)}`;
}
