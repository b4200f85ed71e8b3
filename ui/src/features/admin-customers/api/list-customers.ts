//! GET /api/admin/customers?q=&limit=&after= — customers newest first, searched by username, name,
//! email or phone, in keyset pages.
import { apiGet, type RequestOptions } from '../../../api/client';
import type { CustomerPageAnswer } from '../../../api/types';

export const CUSTOMER_PAGE = 50;

export function listCustomers(q: string, after: number | null, options: RequestOptions = {}): Promise<CustomerPageAnswer> {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  params.set('limit', String(CUSTOMER_PAGE));
  if (after !== null) params.set('after', String(after));
  return apiGet<CustomerPageAnswer>(`/api/admin/customers?${params.toString()}`, options);
}
