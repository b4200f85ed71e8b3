//! POST /api/admin/customers/{id}/coins {amount, reason} — the one staff coin endpoint.
import { apiSend } from '../../../api/client';
import type { Customer, CustomerChangeAnswer } from '../../../api/types';

export async function adjustCoins(id: number, amount: number, reason: string): Promise<Customer> {
  const answer = await apiSend<CustomerChangeAnswer>('POST', `/api/admin/customers/${encodeURIComponent(String(id))}/coins`, { amount, reason });
  return answer.customer;
}
