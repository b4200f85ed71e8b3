//! POST /api/auth/password/reset — sets a new password with the one-time link staff made
//! (400 `invalid_reset_link` when used, expired or unknown; 400 `weak_password`).
import { apiSend } from '../../../api/client';
import type { Done, ResetBody } from '../../../api/types';

export async function resetPassword(token: string, password: string): Promise<void> {
  const request: ResetBody = { token, password };
  await apiSend<Done>('POST', '/api/auth/password/reset', request);
}
