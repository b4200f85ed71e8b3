//! GET /api/admin/activity?actor=&q=&day=&limit=&before= — log lines newest first, in pages.
import { apiGet, type RequestOptions } from '../../../api/client';
import type { ActivityAnswer } from '../../../api/types';

export function listActivity(query: string, options: RequestOptions = {}): Promise<ActivityAnswer> {
  return apiGet<ActivityAnswer>(`/api/admin/activity?${query}`, options);
}
