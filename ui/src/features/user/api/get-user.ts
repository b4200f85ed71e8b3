//! GET /api/auth/user — the signed-in user (401 `unauthorized` without a valid token).
import { apiGet } from '../../../api/client';

export type Address = { name: string; phone: string; line1: string; district: string; province: string; postcode: string };
export type VatInfo = { name: string; taxId: string; branch: string; address: string };
export type UserInfo = { id: string | number; coin?: number; addInfo?: Address[]; vatInfo?: VatInfo | null };
export type Provider = 'local' | 'google' | 'facebook';

export type User = {
  id: string | number;
  username: string;
  name: string;
  role?: string | null;
  provider?: Provider | string | null;
  email?: string | null;
  phone?: string | null;
  userInfo?: UserInfo | null;
};

export async function getUser(): Promise<User> {
  const body = await apiGet<{ data: User }>('/api/auth/user');
  return body.data;
}
