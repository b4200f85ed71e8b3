//! GET /api/file/pages/listdir — the names and titles of the content pages.
import { apiGet } from '../../../api/client';
import type { LocalizedText } from '../../../i18n/types';

export type PageSummary = { name: string; title: LocalizedText };

export async function listPages(): Promise<PageSummary[]> {
  const body = await apiGet<{ pages: PageSummary[] }>('/api/file/pages/listdir');
  return body.pages ?? [];
}
