//! The room, category, product and search pages. Each is a lazy chunk, so the home page does not
//! download them. The app hands the catalogue pages the system labels they need for material and
//! colour titles (features do not import each other; the app composes them).
import { Suspense, useEffect, useState } from 'react';
import { Loading } from '../../components/loading';
import type { CatalogLabels } from '../../features/catalog/labels';
import { ensureLabels, labels } from '../../features/labels/labels-store';
import { useStore } from '../../lib/create-store';
import { lazyWithReload } from '../lazy-with-reload';

const loadRoomPage = () => import('../../features/catalog/routes/room-page').then((m) => ({ default: m.RoomPage }));
const loadCategoryPage = () => import('../../features/catalog/routes/category-page').then((m) => ({ default: m.CategoryPage }));
const loadProductPage = () => import('../../features/catalog/routes/product-page').then((m) => ({ default: m.ProductPage }));
const loadSearchResultsPage = () =>
  import('../../features/catalog/routes/search-results-page').then((m) => ({ default: m.SearchResultsPage }));

const RoomPage = lazyWithReload<{ roomKey?: string; labels: CatalogLabels }>(loadRoomPage);
const CategoryPage = lazyWithReload<{ categoryKey?: string; labels: CatalogLabels }>(loadCategoryPage);
const ProductPage = lazyWithReload<{ code?: string; labels: CatalogLabels }>(loadProductPage);
const SearchResultsPage = lazyWithReload<{ labels: CatalogLabels }>(loadSearchResultsPage);

/** The catalogue's page chunks by the name of a server-drawn first paint (see routes.tsx). */
export const CATALOG_PAGE_CHUNKS: Record<string, () => Promise<unknown>> = {
  room: loadRoomPage,
  category: loadCategoryPage,
  product: loadProductPage,
  search: loadSearchResultsPage,
};
const CodeSearchPage = lazyWithReload<Record<string, never>>(() =>
  import('../../features/search/routes/search-page').then((m) => ({ default: m.CodeSearchPage })),
);

/** The system labels, loaded on first use; a failed load leaves keys to stand for themselves. */
function useCatalogLabels(): CatalogLabels {
  const state = useStore(labels);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    ensureLabels().catch((error: unknown) => {
      console.warn('labels failed to load', error);
      setFailed(true);
    });
  }, []);
  return { groups: state.groups, loaded: state.loaded || failed };
}

export function RoomRoute({ roomKey }: { roomKey?: string }) {
  const catalogLabels = useCatalogLabels();
  return (
    <Suspense fallback={<Loading page />}>
      <RoomPage roomKey={roomKey} labels={catalogLabels} />
    </Suspense>
  );
}

export function CategoryRoute({ categoryKey }: { categoryKey?: string }) {
  const catalogLabels = useCatalogLabels();
  return (
    <Suspense fallback={<Loading page />}>
      <CategoryPage categoryKey={categoryKey} labels={catalogLabels} />
    </Suspense>
  );
}

export function ProductRoute({ code }: { code?: string }) {
  const catalogLabels = useCatalogLabels();
  return (
    <Suspense fallback={<Loading page />}>
      <ProductPage code={code} labels={catalogLabels} />
    </Suspense>
  );
}

/** Word searches are listings (filters, sorts, counts); code searches a plain list of codes. */
export function SearchRoute({ mode }: { mode: 'words' | 'code' }) {
  const catalogLabels = useCatalogLabels();
  return <Suspense fallback={<Loading page />}>{mode === 'words' ? <SearchResultsPage labels={catalogLabels} /> : <CodeSearchPage />}</Suspense>;
}
