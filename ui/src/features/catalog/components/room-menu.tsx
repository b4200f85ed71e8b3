//! The room menu: a horizontal menu on wide screens, a scrollable icon row at 700 px and below.
import { Link, useLocation } from 'wouter';
import { useResource } from '../../../lib/resource';
import { useI18n, pickText } from '../../../i18n/i18n-store';
import { rooms, roomPath } from '../catalog-store';
import { RoomIcon } from './room-icon';
import './room-menu.css';

export function RoomMenu() {
  const { t, locale } = useI18n();
  const state = useResource(rooms);
  const [location] = useLocation();
  const list = state.data ?? [];
  if (list.length === 0) {
    if (state.status === 'error' || state.status === 'ready') return null;
    // While the rooms load, an invisible row of the same height keeps the page from jumping.
    return (
      <div class="room-menu" aria-hidden="true">
        <ul class="room-menu__list container room-menu__list--placeholder">
          <li>
            <span class="room-menu__link">
              <span class="room-menu__icon">
                <RoomIcon room={{ key: 'living', icon: null }} size={22} />
              </span>
              <span class="room-menu__label">&nbsp;</span>
            </span>
          </li>
        </ul>
      </div>
    );
  }
  return (
    <nav class="room-menu" aria-label={t('rooms.menuLabel')}>
      <ul class="room-menu__list container">
        {list.map((room) => {
          const href = roomPath(room);
          return (
            <li key={room.key}>
              <Link href={href} class="room-menu__link" aria-current={location === href ? 'page' : undefined}>
                <span class="room-menu__icon">
                  <RoomIcon room={room} size={22} />
                </span>
                <span class="room-menu__label">{pickText(room.title, locale)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
