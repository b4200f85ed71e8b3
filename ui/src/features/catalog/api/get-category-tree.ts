//! GET /api/app/category/tree — the nested product categories.
import { apiGet } from '../../../api/client';
import type { CategoriesAnswer, CategoryNode } from '../../../api/types';

export async function getCategoryTree(): Promise<CategoryNode[]> {
  const body = await apiGet<CategoriesAnswer>('/api/app/category/tree');
  return body.categories ?? [];
}
