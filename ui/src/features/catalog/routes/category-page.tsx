//! /category/{key}: breadcrumb of the category path, its subcategories and its products (those of
//! its subcategories included), filtered, sorted and paged by the URL. /category without a key
//! lists every category.
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { ErrorStatus } from '../../../components/error-status';
import { Loading } from '../../../components/loading';
import { errorDetail, httpStatusOf } from '../../../api/client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useResource } from '../../../lib/resource';
import { useI18n, pickText } from '../../../i18n/i18n-store';
import { categories, categoryPath, findCategoryPath } from '../catalog-store';
import { CategoryChips } from '../components/category-chips';
import { ProductListing } from '../components/product-listing';
import type { CatalogLabels } from '../labels';
import { safeDecode } from '../../../lib/url-rules';

export function CategoryPage({ categoryKey, labels }: { categoryKey?: string; labels: CatalogLabels }) {
  const { t, locale } = useI18n();
  const state = useResource(categories);
  const catPath = categoryKey && state.data ? findCategoryPath(state.data, safeDecode(categoryKey)) : [];
  const node = catPath[catPath.length - 1];
  const title = categoryKey ? (node ? pickText(node.title, locale) : null) : t('categories.all');
  useDocumentTitle(title ?? undefined);
  if (!categoryKey) {
    return (
      <section class="page">
        <header class="page__header">
          <h1 class="page__title">{t('categories.all')}</h1>
        </header>
        <CategoryChips />
      </section>
    );
  }
  if (state.status === 'error' && !state.data) {
    return <ErrorStatus status={httpStatusOf(state.error)} detail={errorDetail(state.error)} />;
  }
  if (!state.data) return <Loading page />;
  if (!node) return <ErrorStatus status={404} />;
  const children = node.children ?? [];
  return (
    <section class="page">
      <nav class="breadcrumb" aria-label={t('categories.breadcrumb')}>
        <ol>
          <li>
            <Link href="/category">{t('categories.all')}</Link>
          </li>
          {catPath.map((step, index) => (
            <li key={step.key}>
              {index === catPath.length - 1 ? (
                <span aria-current="page">{pickText(step.title, locale)}</span>
              ) : (
                <Link href={categoryPath(step)}>{pickText(step.title, locale)}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <header class="page__header">
        <p class="page__eyebrow">{t('pages.categoryTitle')}</p>
        <h1 class="page__title">{title}</h1>
      </header>
      {children.length > 0 ? (
        <ul class="pill-list">
          {children.map((child) => (
            <li key={child.key}>
              <Link href={categoryPath(child)} class="pill">
                {pickText(child.title, locale)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <ProductListing
        key={node.key}
        scope={{ category: node.key }}
        labels={labels}
        label={title ?? node.key}
        empty={
          <EmptyState icon="grid" title={t('pages.categoryEmpty')} text={t('pages.emptyHint')}>
            <Link href="/category" class="button button--ghost">
              {t('home.browseCategories')}
            </Link>
          </EmptyState>
        }
      />
    </section>
  );
}
