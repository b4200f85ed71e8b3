//! GET /api/admin/customers/{id} — the customer with their orders (newest first) and coin ledger.
import { apiGet, type RequestOptions } from '../../../api/client';
import type { CustomerAnswer } from '../../../api/types';

export function getCustomer(id: number, options: RequestOptions = {}): Promise<CustomerAnswer> {
  return apiGet<CustomerAnswer>(`/api/admin/customers/${encodeURIComponent(String(id))}`, options);
}
