//! A room's picture: the API's icon when it is an image path, else a matching inline icon.
import type { Room } from '../../../api/types';
import { Icon } from '../../../components/icon';

export function RoomIcon({ room, size = 24 }: { room: Pick<Room, 'key' | 'icon'>; size?: number }) {
  const icon = room.icon?.trim();
  if (icon && /^(\/|https?:)/.test(icon)) {
    return <img class="room-icon" src={icon} alt="" width={size} height={size} loading="lazy" />;
  }
  return <Icon name={icon || room.key} size={size} fallback="sofa" />;
}
