//! Top-level categories as large pills with their subcategories (home page, /category without a key).
import { Link } from 'wouter';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useResource } from '../../../lib/resource';
import { useI18n, pickText } from '../../../i18n/i18n-store';
import { categories, categoryPath } from '../catalog-store';
import './category-chips.css';

export function CategoryChips() {
  const { locale } = useI18n();
  const state = useResource(categories);
  if (state.status === 'error' && !state.data) return <LoadError onRetry={() => void categories.reload()} />;
  if (!state.data) return <Loading />;
  return (
    <ul class="category-chips">
      {state.data.map((node) => (
        <li key={node.key} class="category-chips__group">
          <Link href={categoryPath(node)} class="category-chips__main">
            {pickText(node.title, locale)}
          </Link>
          {node.children?.length ? (
            <ul class="category-chips__children">
              {node.children.map((child) => (
                <li key={child.key}>
                  <Link href={categoryPath(child)} class="category-chips__child">
                    {pickText(child.title, locale)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
