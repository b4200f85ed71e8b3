//! GET /api/file/menus/admin — the admin menus of every role (401 without a token, 403 for non-admins).
import { apiGet } from '../../../api/client';

export type AdminMenuItem = { name: string; icon?: string; link: string; subMenus?: AdminMenuItem[] };
export type AdminMenus = Record<string, AdminMenuItem[]>;

export async function getAdminMenus(): Promise<AdminMenus> {
  const body = await apiGet<{ data: AdminMenus }>('/api/file/menus/admin');
  return body.data ?? {};
}
