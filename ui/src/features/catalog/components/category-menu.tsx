//! The category side menu of the default layout (hidden at 700 px and below, where the bottom bar's
//! Categories tab takes its place).
import { useLocation } from 'wouter';
import { LoadError } from '../../../components/load-error';
import { useResource } from '../../../lib/resource';
import { useI18n } from '../../../i18n/i18n-store';
import { categories, findCategoryPath } from '../catalog-store';
import { CategoryTree } from './category-tree';
import './category-menu.css';

export function CategoryMenu() {
  const { t } = useI18n();
  const state = useResource(categories);
  const [location] = useLocation();
  const current = /^\/category\/([^/]+)/.exec(location)?.[1];
  const openKeys = new Set(findCategoryPath(state.data ?? [], current ? decodeURIComponent(current) : '').map((n) => n.key));
  return (
    <nav class="category-menu" aria-label={t('categories.menuLabel')}>
      <h2 class="category-menu__title">{t('categories.title')}</h2>
      {state.status === 'error' && !state.data ? <LoadError onRetry={() => void categories.reload()} /> : null}
      {state.data ? <CategoryTree key={current ?? ''} nodes={state.data} openKeys={openKeys} /> : null}
    </nav>
  );
}
