//! POST /api/auth/login — a local sign-in; answers a token (401 `invalid_credentials`,
//! 429 `too_many_attempts` with Retry-After).
import { apiSend } from '../../../api/client';
import type { LoginBody, TokenAnswer } from '../../../api/types';

export async function login(username: string, password: string): Promise<string> {
  const request: LoginBody = { username, password };
  const body = await apiSend<TokenAnswer>('POST', '/api/auth/login', request);
  return body.token;
}
