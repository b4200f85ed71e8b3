//! POST /api/auth/register — creates a local account and answers its first token
//! (409 `username_taken`, 400 `weak_password` or `invalid_input`).
import { apiSend } from '../../../api/client';

export type Registration = { username: string; password: string; name: string; email?: string; phone?: string };

export async function register(registration: Registration): Promise<string> {
  const body = await apiSend<{ token: string }>('POST', '/api/auth/register', registration);
  return body.token;
}
