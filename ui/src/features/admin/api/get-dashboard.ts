//! GET /api/admin/dashboard — today / 7 / 30 days, what needs attention, best sellers, low stock.
import { apiGet, type RequestOptions } from '../../../api/client';
import type { DashboardAnswer } from '../../../api/types';

export function getDashboard(options: RequestOptions = {}): Promise<DashboardAnswer> {
  return apiGet<DashboardAnswer>('/api/admin/dashboard', options);
}
