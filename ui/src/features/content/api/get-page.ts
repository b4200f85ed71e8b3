//! GET /api/file/pages/get/{name} — one content page, its title and plain-text body per language.
import { apiGet } from '../../../api/client';
import type { LocalizedText } from '../../../i18n/types';

export type ContentPage = { name: string; title: LocalizedText; body: LocalizedText };

export async function getPage(name: string): Promise<ContentPage> {
  const path = name.split('/').map(encodeURIComponent).join('/');
  const body = await apiGet<{ page: ContentPage }>(`/api/file/pages/get/${path}`);
  return body.page;
}
