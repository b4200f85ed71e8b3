//! GET /api/file/menus/admin — the admin menus of every role (401 without a token, 403 for non-admins).
import { apiGet } from '../../../api/client';
import type { AdminMenusAnswer } from '../../../api/types';

export type AdminMenus = AdminMenusAnswer['data'];

export async function getAdminMenus(): Promise<AdminMenus> {
  const body = await apiGet<AdminMenusAnswer>('/api/file/menus/admin');
  return body.data ?? {};
}
