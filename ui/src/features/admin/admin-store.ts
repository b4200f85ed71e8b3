//! Admin client state (SPEC §3 `menus`): the admin menus by role, loaded once.
import { createResource } from '../../lib/resource';
import { getAdminMenus } from './api/get-admin-menus';

export const menus = createResource(getAdminMenus);

/** SPEC §8 fixes this alert text in Thai, whatever the interface language. */
export const CODE_FETCH_FAILED_ALERT = 'ไม่สามารถดึงข้อมูลรหัสได้ กรุณาแจ้งผู้ดูแลระบบ';

export function codeTablePath(group: string): string {
  return `/admin/code/${encodeURIComponent(group)}`;
}
