//! Page links under a result list: real links to `?page=N` (shareable, Back works), the current
//! page marked, previous/next, and the first and last page always in reach.
import { Link } from 'wouter';
import { useI18n } from '../i18n/i18n-store';
import { formatNumber } from '../lib/format';
import { Icon } from './icon';
import './pagination.css';

export type PageItem = number | 'gap';

/** The page numbers to offer: first, last, and the current one with a neighbour each side. */
export function pageItems(page: number, pageCount: number): PageItem[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const items: PageItem[] = [1];
  const from = Math.max(2, Math.min(page - 1, pageCount - 4));
  const to = Math.min(pageCount - 1, Math.max(page + 1, 5));
  // A gap stands for two or more pages; a single hidden page is shown instead.
  if (from === 3) items.push(2);
  else if (from > 3) items.push('gap');
  for (let n = from; n <= to; n += 1) items.push(n);
  if (to === pageCount - 2) items.push(pageCount - 1);
  else if (to < pageCount - 2) items.push('gap');
  items.push(pageCount);
  return items;
}

type PaginationProps = { page: number; pageCount: number; hrefFor: (page: number) => string };

export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  const { t } = useI18n();
  if (pageCount <= 1) return null;
  return (
    <nav class="pagination" aria-label={t('pagination.label')}>
      <ul class="pagination__list">
        <li>
          {page > 1 ? (
            <Link href={hrefFor(page - 1)} class="pagination__step" rel="prev">
              <Icon name="chevron-right" size={18} class="pagination__back" />
              <span>{t('pagination.previous')}</span>
            </Link>
          ) : null}
        </li>
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} class="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                href={hrefFor(item)}
                class="pagination__page"
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: formatNumber(item) })}
              >
                {formatNumber(item)}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link href={hrefFor(page + 1)} class="pagination__step" rel="next">
              <span>{t('pagination.next')}</span>
              <Icon name="chevron-right" size={18} />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
