//! /room/{key}: the room's title and its products, filtered, sorted and paged by the URL.
//! /room without a key lists every room.
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { ErrorStatus } from '../../../components/error-status';
import { Loading } from '../../../components/loading';
import { errorDetail, httpStatusOf } from '../../../api/client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useResource } from '../../../lib/resource';
import { useI18n, pickText } from '../../../i18n/i18n-store';
import { findRoom, rooms } from '../catalog-store';
import type { CatalogLabels } from '../labels';
import { ProductListing } from '../components/product-listing';
import { RoomIcon } from '../components/room-icon';
import { RoomsGrid } from '../components/rooms-grid';
import { safeDecode } from '../../../lib/url-rules';

export function RoomPage({ roomKey, labels }: { roomKey?: string; labels: CatalogLabels }) {
  const { t, locale } = useI18n();
  const state = useResource(rooms);
  const room = roomKey && state.data ? findRoom(state.data, safeDecode(roomKey)) : undefined;
  const title = roomKey ? (room ? pickText(room.title, locale) : null) : t('rooms.title');
  useDocumentTitle(title ?? undefined);
  if (!roomKey) {
    return (
      <section class="page">
        <header class="page__header">
          <h1 class="page__title">{t('rooms.title')}</h1>
        </header>
        <RoomsGrid />
      </section>
    );
  }
  if (state.status === 'error' && !state.data) {
    return <ErrorStatus status={httpStatusOf(state.error)} detail={errorDetail(state.error)} />;
  }
  if (!state.data) return <Loading page />;
  if (!room) return <ErrorStatus status={404} />;
  return (
    <section class="page">
      <header class="page__header page__header--with-icon">
        <span class="page__icon">
          <RoomIcon room={room} size={28} />
        </span>
        <div>
          <p class="page__eyebrow">{t('pages.roomTitle')}</p>
          <h1 class="page__title">{title}</h1>
        </div>
      </header>
      <ProductListing
        key={room.key}
        scope={{ room: room.key }}
        labels={labels}
        label={title ?? room.key}
        empty={
          <EmptyState icon="sofa" title={t('pages.roomEmpty')} text={t('pages.emptyHint')}>
            <Link href="/room" class="button button--ghost">
              {t('home.browseRooms')}
            </Link>
            <Link href="/" class="button">
              {t('common.home')}
            </Link>
          </EmptyState>
        }
      />
    </section>
  );
}
