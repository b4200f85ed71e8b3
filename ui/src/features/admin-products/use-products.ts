//! The product list for one set of filters: the first page, then "Load more" by keyset (the last
//! code as `after`), read by the shared lib/use-keyset-list.ts. Saved products replace their rows
//! in place.
import type { Product } from '../../api/types';
import { useKeysetList } from '../../lib/use-keyset-list';
import { listProducts } from './api/products';

export function useProducts(query: string) {
  const list = useKeysetList<Product, string>(query, (key, after, signal) =>
    listProducts(key, after, { signal }).then((page) => ({ items: page.products, next: page.next, total: page.total })),
  );
  const { total, more, loading, starting, error, loadMore, update } = list;
  return {
    products: list.items,
    total,
    more,
    loading,
    starting,
    error,
    loadMore,
    /** Shows saved products in place (bulk edits, show/hide). */
    replace: (saved: Product[]) => {
      const byCode = new Map(saved.map((p) => [p.code, p]));
      update((products) => products.map((p) => byCode.get(p.code) ?? p));
    },
    reload: list.restart,
  };
}
