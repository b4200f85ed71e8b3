//! GET /api/app/category/tree — the nested product categories.
import { apiGet } from '../../../api/client';
import type { LocalizedText } from '../../../i18n/types';

export type CategoryNode = { key: string; title: LocalizedText; pageName?: string | null; children?: CategoryNode[] };

export async function getCategoryTree(): Promise<CategoryNode[]> {
  const body = await apiGet<{ categories: CategoryNode[] }>('/api/app/category/tree');
  return body.categories ?? [];
}
