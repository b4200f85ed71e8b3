//! POST /api/admin/customers/{id}/password-reset — a one-time link (valid a day) for a local
//! account's owner to choose a new password; `no_password` for Google or Facebook accounts.
import { apiSend } from '../../../api/client';
import type { ResetLinkAnswer } from '../../../api/types';

export function startPasswordReset(id: number): Promise<ResetLinkAnswer> {
  return apiSend<ResetLinkAnswer>('POST', `/api/admin/customers/${encodeURIComponent(String(id))}/password-reset`);
}
