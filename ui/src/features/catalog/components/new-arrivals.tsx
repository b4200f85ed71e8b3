//! "New arrivals" on the home page: the newest products (sort=newest) as a grid.
import { LoadError } from '../../../components/load-error';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product-card';
import { useI18n } from '../../../i18n/i18n-store';
import type { ProductPage } from '../../../lib/product';
import { useRemote } from '../../../lib/use-remote';
import { listProducts, productListUrl, type ProductListQuery } from '../api/list-products';

const NEWEST: ProductListQuery = { sort: 'newest', limit: 8 };

export function NewArrivals({ label }: { label: string }) {
  const { t, locale } = useI18n();
  const remote = useRemote<ProductPage>(productListUrl(NEWEST, locale), (signal) => listProducts(NEWEST, locale, signal));
  if (remote.status === 'error') return <LoadError onRetry={remote.retry} />;
  if (remote.status === 'loading') return <ProductGridSkeleton count={NEWEST.limit} label={t('common.loading')} />;
  return <ProductGrid products={remote.data.products} label={label} />;
}
