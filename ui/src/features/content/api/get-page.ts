//! GET /api/file/pages/get/{name} — one content page, its title and plain-text body per language.
import { apiGet } from '../../../api/client';
import type { Page, PageAnswer } from '../../../api/types';

export async function getPage(name: string): Promise<Page> {
  const path = name.split('/').map(encodeURIComponent).join('/');
  const body = await apiGet<PageAnswer>(`/api/file/pages/get/${path}`);
  return body.page;
}
