//! POST /api/admin/customers/{id}/disabled {disabled} — a disabled account cannot sign in and its
//! tokens stop working at once.
import { apiSend } from '../../../api/client';
import type { Customer, CustomerChangeAnswer } from '../../../api/types';

export async function setDisabled(id: number, disabled: boolean): Promise<Customer> {
  const answer = await apiSend<CustomerChangeAnswer>('POST', `/api/admin/customers/${encodeURIComponent(String(id))}/disabled`, { disabled });
  return answer.customer;
}
