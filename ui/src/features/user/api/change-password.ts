//! POST /api/auth/password — changes the password; every older token stops working and the answer
//! carries a fresh one for this device (401 `invalid_credentials`, 400 `weak_password`/`no_password`).
import { apiSend } from '../../../api/client';

export async function changePassword(oldPassword: string, newPassword: string): Promise<string> {
  const body = await apiSend<{ token: string }>('POST', '/api/auth/password', { oldPassword, newPassword });
  return body.token;
}
