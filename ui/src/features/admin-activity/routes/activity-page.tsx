//! /admin/activity: the activity log — who did what when, newest first, filtered by person, words
//! and shop day (in the URL), with "Older entries" to page back. Times read 'D MMM YYYY kk:mm' on
//! the shop's clock with the month in the viewer's language.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { LogLine } from '../../../api/types';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { ListFoot } from '../../../components/list-foot';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { targetText, wordLine, type Translate } from '../../../lib/staff-wording';
import { useKeysetList } from '../../../lib/use-keyset-list';
import { activityQuery, activitySearch, NO_ACTIVITY_FILTERS, parseActivityFilters, type ActivityFilters } from '../activity-filters';
import { listActivity } from '../api/list-activity';
import type { ActivityTools } from '../tools';
import '../admin-activity.css';

export type ActivityPageProps = { tools: ActivityTools };

export const ACTIVITY_PAGE = 100;

function useActivity(filters: ActivityFilters) {
  const log = useKeysetList<LogLine, string>(activitySearch(filters), (_key, after, signal) =>
    listActivity(activityQuery(filters, after, ACTIVITY_PAGE), { signal }).then((page) => ({ items: page.lines, next: page.next })),
  );
  const { more, starting, loading, error, loadMore, retry } = log;
  return { lines: log.items, more, starting, loading, error, loadMore, retry };
}

export function ActivityPage({ tools }: ActivityPageProps) {
  const { t } = useI18n();
  useDocumentTitle(t('admin.activity.title'));
  const id = useId();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseActivityFilters(search), [search]);
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [filters]);
  const log = useActivity(filters);
  const people = useRef(new Set<string>());
  for (const line of log.lines) people.current.add(line.user);
  const apply = (next: ActivityFilters) => {
    if (activitySearch(next) !== activitySearch(filters)) navigate(`/admin/activity${activitySearch(next)}`);
  };
  const set = (key: keyof ActivityFilters, value: string) => setDraft({ ...draft, [key]: value });
  const personLink = (user: string) => (
    <Link href={`/admin/activity${activitySearch({ ...filters, actor: user })}`} class="activity__person" title={t('admin.activity.onlyPerson', { name: user })}>
      {user}
    </Link>
  );
  const targetLink = (target: string, shown: string) => (
    <Link href={`/admin/activity${activitySearch({ ...filters, target })}`} class="activity__target" title={t('admin.activity.onlyTarget', { name: shown })}>
      {shown}
    </Link>
  );
  /** "สั่งซื้อ · คำสั่งซื้อ K000123 · 1 ชิ้น รวม ฿4,400": what happened, to what, and how, in the
   * viewer's language (older lines keep their stored details). */
  const what = (line: LogLine) => {
    const worded = wordLine(line, t as Translate);
    return (
      <>
        <span class="activity__action">{worded.action}</span>
        {line.target ? (
          <>
            <span aria-hidden="true"> · </span>
            {targetLink(line.target, worded.target)}
          </>
        ) : null}
        {worded.details ? <span class="activity__details"> · {worded.details}</span> : null}
      </>
    );
  };
  const filtered = filters.actor || filters.target || filters.q || filters.day;

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.activity.title')}
        </h1>
      </header>
      <form
        class="activity-filters"
        role="search"
        aria-label={t('admin.activity.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <div class="admin-field">
          <label for={`${id}-actor`}>{t('admin.activity.person')}</label>
          <input
            id={`${id}-actor`}
            type="text"
            value={draft.actor}
            maxLength={100}
            list={`${id}-people`}
            autoComplete="off"
            spellcheck={false}
            onInput={(event) => set('actor', (event.currentTarget as HTMLInputElement).value)}
          />
          <datalist id={`${id}-people`}>
            {[...people.current].sort().map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div class="admin-field admin-field--grow">
          <label for={`${id}-q`}>{t('admin.activity.text')}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft.q}
            maxLength={100}
            placeholder={t('admin.activity.textHint')}
            autoComplete="off"
            onInput={(event) => set('q', (event.currentTarget as HTMLInputElement).value)}
          />
        </div>
        <div class="admin-field">
          <label for={`${id}-day`}>{t('admin.activity.day')}</label>
          <input
            id={`${id}-day`}
            type="date"
            value={draft.day}
            max={tools.today()}
            onInput={(event) => set('day', (event.currentTarget as HTMLInputElement).value)}
            // A date field reports every complete date while the year is typed: apply on leaving it.
            onBlur={() => apply(draft)}
          />
        </div>
        {filters.target ? (
          <p class="activity-filters__target">
            <span>{t('admin.activity.target')}:</span> <strong>{targetText(filters.target, t as Translate)}</strong>{' '}
            <button type="button" class="button button--ghost" onClick={() => apply({ ...filters, target: '' })}>
              {t('admin.activity.allTargets')}
            </button>
          </p>
        ) : null}
        <div class="activity-filters__actions">
          <button type="submit" class="button">
            <Icon name="search" size={18} />
            <span>{t('admin.common.apply')}</span>
          </button>
          {filtered ? (
            <button type="button" class="button button--ghost" onClick={() => apply(NO_ACTIVITY_FILTERS)}>
              {t('admin.common.clearFilters')}
            </button>
          ) : null}
        </div>
      </form>
      <p class="admin-count" role="status">
        {log.starting ? '' : t('admin.activity.shown', { count: log.lines.length })}
      </p>
      {log.starting && !log.error ? <Loading /> : null}
      {!log.starting && !log.lines.length ? <EmptyState icon="shield" title={t('admin.activity.empty')} /> : null}
      {log.lines.length ? (
        tools.narrow ? (
          <ol class="activity-list" data-testid="activity-lines">
            {log.lines.map((line, i) => (
              <li key={`${line.at}-${i}`} class="activity-list__item" data-testid="activity-line">
                <p class="activity-list__meta">
                  <time dateTime={new Date(line.at).toISOString()}>{tools.time(line.at)}</time>
                  <span aria-hidden="true"> · </span>
                  {personLink(line.user)}
                  {line.kcard ? <span class="admin-muted"> · {line.kcard}</span> : null}
                </p>
                <p class="activity-list__action">{what(line)}</p>
              </li>
            ))}
          </ol>
        ) : (
          <div class="table-scroll">
            <table class="data-table activity-table" data-testid="activity-lines">
              <caption class="visually-hidden">{t('admin.activity.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.activity.when')}</th>
                  <th scope="col">{t('admin.activity.person')}</th>
                  <th scope="col">{t('admin.activity.action')}</th>
                  <th scope="col">{t('admin.orders.channel')}</th>
                </tr>
              </thead>
              <tbody>
                {log.lines.map((line, i) => (
                  <tr key={`${line.at}-${i}`} data-testid="activity-line">
                    <td class="data-table__nowrap">
                      <time dateTime={new Date(line.at).toISOString()}>{tools.time(line.at)}</time>
                    </td>
                    <td>{personLink(line.user)}</td>
                    <td class="activity-table__action">{what(line)}</td>
                    <td>{line.kcard || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
      <ListFoot list={log} errorText={tools.errorText} onRetry={log.retry} moreLabel={t('admin.activity.older')} />
    </section>
  );
}
