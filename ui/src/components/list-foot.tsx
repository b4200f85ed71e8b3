//! The foot of a list read a page at a time (the staff desks and logs): while the last read failed,
//! its reason with a retry; otherwise, while there is more, the button that reads the next page.
//! One component so every paged list fails and pages alike.
import { t } from '../i18n/i18n-store';
import { LoadError } from './load-error';

/** What the foot needs of a paged list (the `use…` hooks of the staff lists return it). */
export type PagedList = { error: unknown; more: boolean; loading: boolean; loadMore: () => void };

export type ListFootProps = {
  list: PagedList;
  /** Says the failure in the reader's words (the staff area's `errorText`). */
  errorText: (error: unknown) => string;
  onRetry: () => void;
  /** The "more" button's label while no page is being read. */
  moreLabel: string;
};

export function ListFoot({ list, errorText, onRetry, moreLabel }: ListFootProps) {
  if (list.error) return <LoadError message={errorText(list.error)} onRetry={onRetry} />;
  if (!list.more) return null;
  return (
    <div class="load-more">
      <button type="button" class="button button--ghost" onClick={list.loadMore} disabled={list.loading}>
        {list.loading ? t('common.loading') : moreLabel}
      </button>
    </div>
  );
}
