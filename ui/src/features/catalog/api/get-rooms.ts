//! GET /api/app/room/list — the rooms products are shown by.
import { apiGet } from '../../../api/client';
import type { Room, RoomsAnswer } from '../../../api/types';

export async function getRooms(): Promise<Room[]> {
  const body = await apiGet<RoomsAnswer>('/api/app/room/list');
  return body.rooms ?? [];
}
