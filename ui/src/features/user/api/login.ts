//! POST /api/auth/login — a local sign-in; answers a token (401 `invalid_credentials`,
//! 429 `too_many_attempts` with Retry-After).
import { apiSend } from '../../../api/client';

export async function login(username: string, password: string): Promise<string> {
  const body = await apiSend<{ token: string }>('POST', '/api/auth/login', { username, password });
  return body.token;
}
