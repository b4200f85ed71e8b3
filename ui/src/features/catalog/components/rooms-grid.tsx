//! Rooms as picture cards (home page and /room without a key).
import { Link } from 'wouter';
import { useState } from 'react';
import type { Room } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useResource } from '../../../lib/resource';
import { useI18n, pickText } from '../../../i18n/i18n-store';
import { rooms, roomPath } from '../catalog-store';
import { RoomIcon } from './room-icon';
import './rooms-grid.css';

function RoomCard({ room }: { room: Room }) {
  const { locale } = useI18n();
  const [imageFailed, setImageFailed] = useState(false);
  const title = pickText(room.title, locale);
  return (
    <li class="room-card">
      <Link href={roomPath(room)} class="room-card__link">
        <span class="room-card__media">
          {room.image && !imageFailed ? (
            <img src={room.image} alt="" loading="lazy" decoding="async" onError={() => setImageFailed(true)} />
          ) : (
            <span class="room-card__art">
              <RoomIcon room={room} size={56} />
            </span>
          )}
        </span>
        <span class="room-card__body">
          <span class="room-card__title">{title}</span>
          <Icon name="chevron-right" size={18} class="room-card__arrow" />
        </span>
      </Link>
    </li>
  );
}

export function RoomsGrid() {
  const state = useResource(rooms);
  if (state.status === 'error' && !state.data) return <LoadError onRetry={() => void rooms.reload()} />;
  if (!state.data) return <Loading />;
  return (
    <ul class="rooms-grid">
      {state.data.map((room) => (
        <RoomCard key={room.key} room={room} />
      ))}
    </ul>
  );
}
