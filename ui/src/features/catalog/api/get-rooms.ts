//! GET /api/app/room/list — the rooms products are shown by.
import { apiGet } from '../../../api/client';
import type { LocalizedText } from '../../../i18n/types';

export type Room = { key: string; title: LocalizedText; pageName?: string | null; image?: string | null; icon?: string | null };

export async function getRooms(): Promise<Room[]> {
  const body = await apiGet<{ rooms: Room[] }>('/api/app/room/list');
  return body.rooms ?? [];
}
