//! GET /api/auth/user — the signed-in user (401 `unauthorized` without a valid token).
import { apiGet } from '../../../api/client';
import type { CurrentUserAnswer, Provider, UserInfo, UserView } from '../../../api/types';

/**
 * The signed-in user as the app keeps it: the API's `UserView`, with what the app may not know
 * (yet) left optional, e.g. the user info the app updates itself after an order.
 */
export type User = Pick<UserView, 'username' | 'name'> & {
  id: string | number;
  role?: string | null;
  provider?: Provider | string | null;
  email?: string | null;
  phone?: string | null;
  userInfo?: (Partial<Omit<UserInfo, 'id'>> & { id: string | number }) | null;
};

export async function getUser(): Promise<User> {
  const body = await apiGet<CurrentUserAnswer>('/api/auth/user');
  return body.data;
}
