//! The customer list for one search: the first page, then "Load more" by keyset (`next` as `after`),
//! read by the shared lib/use-keyset-list.ts.
import type { Customer } from '../../api/types';
import { useKeysetList } from '../../lib/use-keyset-list';
import { listCustomers } from './api/list-customers';

export function useCustomers(q: string) {
  const list = useKeysetList<Customer, number>(q, (key, after, signal) =>
    listCustomers(key, after, { signal }).then((page) => ({ items: page.customers, next: page.next })),
  );
  const { more, loading, starting, error, loadMore, retry } = list;
  return { customers: list.items, more, loading, starting, error, loadMore, retry };
}
