//! POST /api/auth/password — changes the password; every older token stops working and the answer
//! carries a fresh one for this device (401 `invalid_credentials`, 400 `weak_password`/`no_password`).
import { apiSend } from '../../../api/client';
import type { PasswordBody, TokenAnswer } from '../../../api/types';

export async function changePassword(oldPassword: string, newPassword: string): Promise<string> {
  const request: PasswordBody = { oldPassword, newPassword };
  const body = await apiSend<TokenAnswer>('POST', '/api/auth/password', request);
  return body.token;
}
