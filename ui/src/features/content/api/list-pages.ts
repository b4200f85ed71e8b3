//! GET /api/file/pages/listdir — the names and titles of the content pages.
import { apiGet } from '../../../api/client';
import type { PageListAnswer, PageSummary } from '../../../api/types';

export async function listPages(): Promise<PageSummary[]> {
  const body = await apiGet<PageListAnswer>('/api/file/pages/listdir');
  return body.pages ?? [];
}
