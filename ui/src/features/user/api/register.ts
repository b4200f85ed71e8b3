//! POST /api/auth/register — creates a local account and answers its first token
//! (409 `username_taken`, 400 `weak_password` or `invalid_input`).
import { apiSend } from '../../../api/client';
import type { RegisterBody, TokenAnswer } from '../../../api/types';

/** What the form sends: the server refuses an empty name (`invalid_input`). */
export type Registration = RegisterBody & { name: string };

export async function register(registration: Registration): Promise<string> {
  const body = await apiSend<TokenAnswer>('POST', '/api/auth/register', registration);
  return body.token;
}
