//! POST /api/admin/customers/{id}/password-reset — mails a one-time link (valid a day) to a local
//! account's own address; answers where it went, never the link. `no_password` for Google or
//! Facebook accounts, `reset_needs_email` when e-mail is off or the account has no address.
import { apiSend } from '../../../api/client';
import type { ResetLinkAnswer } from '../../../api/types';

export function startPasswordReset(id: number): Promise<ResetLinkAnswer> {
  return apiSend<ResetLinkAnswer>('POST', `/api/admin/customers/${encodeURIComponent(String(id))}/password-reset`);
}
