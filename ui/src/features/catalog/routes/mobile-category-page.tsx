//! /mobile/category: the whole category tree as a list (the Categories tab of the bottom bar).
import { Link } from 'wouter';
import type { CategoryNode } from '../../../api/types';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { Icon } from '../../../components/icon';
import { useDocumentTitle } from '../../../lib/document-title';
import { useResource } from '../../../lib/resource';
import { useI18n, pickText } from '../../../i18n/i18n-store';
import { categories, categoryPath } from '../catalog-store';

function Branch({ nodes, depth }: { nodes: CategoryNode[]; depth: number }) {
  const { locale } = useI18n();
  return (
    <ul class={depth === 0 ? 'link-list' : 'link-list link-list--nested'}>
      {nodes.map((node) => (
        <li key={node.key}>
          <Link href={categoryPath(node)} class="link-list__link">
            <span>{pickText(node.title, locale)}</span>
            <Icon name="chevron-right" size={18} class="link-list__chevron" />
          </Link>
          {node.children?.length ? <Branch nodes={node.children} depth={depth + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function MobileCategoryPage() {
  const { t } = useI18n();
  const state = useResource(categories);
  useDocumentTitle(t('mobile.categoryTitle'));
  return (
    <section class="page page--narrow">
      <header class="page__header">
        <h1 class="page__title">{t('mobile.categoryTitle')}</h1>
      </header>
      {state.status === 'error' && !state.data ? <LoadError onRetry={() => void categories.reload()} /> : null}
      {state.data ? <Branch nodes={state.data} depth={0} /> : state.status !== 'error' ? <Loading /> : null}
    </section>
  );
}
