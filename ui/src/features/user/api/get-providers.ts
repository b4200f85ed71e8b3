//! GET /api/auth/providers — the social sign-in providers the shop has configured (maybe none).
import { apiGet } from '../../../api/client';
import type { Provider, ProvidersAnswer } from '../../../api/types';

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'line'] as const satisfies readonly Provider[];
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export async function getProviders(): Promise<SocialProvider[]> {
  const body = await apiGet<Partial<ProvidersAnswer>>('/api/auth/providers', { track: false });
  const list = Array.isArray(body.providers) ? body.providers : [];
  return SOCIAL_PROVIDERS.filter((provider) => list.includes(provider));
}

/** The full-page address that starts a social sign-in; the server returns to `next` afterwards. */
export function socialStartUrl(provider: SocialProvider, next: string): string {
  return `/api/auth/oauth/${provider}/start?next=${encodeURIComponent(next)}`;
}
