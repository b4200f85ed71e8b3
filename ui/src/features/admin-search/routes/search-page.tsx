//! /admin/search: what shoppers searched for without finding it (a range of shop days, default the
//! last 30; `reports.read`) and the synonym groups (`catalog.write`), edited as one list, a row per
//! group with its terms separated by commas, and saved all at once; the next search uses them. A
//! miss becomes a new group in one click. The server's problems are shown at the rows they name.
import { useEffect, useId, useRef, useState } from 'react';
import type { SearchMiss } from '../../../api/types';
import { ApiError } from '../../../api/client';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { getMisses, getSynonyms, saveSynonyms } from '../api/search-api';
import {
  buildBody,
  type DayRange,
  defaultRange,
  formatTerms,
  isChanged,
  mapProblems,
  type MappedProblems,
  matchesFilter,
  MAX_RANGE_DAYS,
  type Problem,
  rangeProblem,
  rowFromKeyword,
  type SynonymRow,
} from '../search-rules';
import type { SearchTools } from '../tools';
import '../admin-search.css';

export type SearchPageProps = { tools: SearchTools };

type Notice = { text: string; error?: boolean };

export function SearchPage({ tools }: SearchPageProps) {
  const { t } = useI18n();
  const id = useId();
  useDocumentTitle(t('admin.search.title'));
  const canWrite = tools.can('catalog.write');
  const canReports = tools.can('reports.read');

  const nextId = useRef(0);
  const newRow = (text: string): SynonymRow => ({ id: ++nextId.current, text });
  const [saved, setSaved] = useState<string[][] | null>(null);
  const [rows, setRows] = useState<SynonymRow[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [filter, setFilter] = useState('');
  const [problems, setProblems] = useState<MappedProblems | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());

  useEffect(() => {
    if (!canWrite) return undefined;
    const controller = new AbortController();
    setLoadError(null);
    getSynonyms({ signal: controller.signal }).then(
      (groups) => {
        if (controller.signal.aborted) return;
        setSaved(groups);
        setRows(groups.map((terms) => ({ id: ++nextId.current, text: formatTerms(terms) })));
      },
      (failed: unknown) => !controller.signal.aborted && setLoadError(failed),
    );
    return () => controller.abort();
  }, [canWrite, attempt]);

  // A row just added gets the caret, after what is already in it.
  useEffect(() => {
    if (focusRow === null) return;
    const input = inputs.current.get(focusRow);
    if (input) {
      input.focus({ preventScroll: true });
      input.scrollIntoView?.({ block: 'center' });
      input.setSelectionRange(input.value.length, input.value.length);
    }
    setFocusRow(null);
  }, [focusRow]);

  const addRow = (text: string) => {
    const row = newRow(text);
    setRows((current) => [row, ...current]);
    setFilter('');
    setNotice(null);
    setFocusRow(row.id);
  };
  const addFromKeyword = (keyword: string) => addRow(rowFromKeyword(keyword));

  const edit = (rowId: number, text: string) => {
    setRows((current) => current.map((row) => (row.id === rowId ? { ...row, text } : row)));
    setProblems((found) => {
      if (!found?.rows[rowId]) return found;
      const { [rowId]: _fixed, ...rest } = found.rows;
      return { ...found, rows: rest };
    });
  };
  const remove = (rowId: number) => {
    setRows((current) => current.filter((row) => row.id !== rowId));
    inputs.current.delete(rowId);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    const draft = buildBody(rows);
    if (!draft.body.groups.length && saved?.length && !window.confirm(t('admin.search.synonyms.confirmEmpty'))) return;
    setBusy(true);
    setNotice(null);
    setProblems(null);
    try {
      const groups = await saveSynonyms(draft.body);
      setSaved(groups);
      setRows(groups.map((terms) => newRow(formatTerms(terms))));
      inputs.current.clear();
      setNotice({ text: t('admin.search.synonyms.saved', { count: groups.length }) });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'invalid_input') {
        const found = mapProblems(caught.message, draft);
        setProblems(found);
        setNotice({ text: t('admin.search.synonyms.invalid'), error: true });
        const first = draft.rowIds.find((rowId) => found.rows[rowId]);
        if (first !== undefined) setFocusRow(first);
      } else {
        setNotice({ text: tools.errorText(caught), error: true });
      }
    } finally {
      setBusy(false);
    }
  };

  const problemText = (problem: Problem) => {
    const what = problem.kind ? t(`admin.search.problems.${problem.kind}`, { max: problem.max ?? '' }) : problem.text;
    return problem.term ? t('admin.search.synonyms.termProblem', { term: problem.term, problem: what }) : what;
  };

  const visible = rows.filter((row) => matchesFilter(row.text, filter) || Boolean(problems?.rows[row.id]));
  const changed = saved !== null && isChanged(rows, saved);
  const registerInput = (rowId: number) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(rowId, element);
  };

  return (
    <section class="page admin-page search-admin" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <div>
          <h1 id={`${id}-title`} class="page__title">
            {t('admin.search.title')}
          </h1>
          <p class="admin-muted">{t('admin.search.intro')}</p>
        </div>
      </header>

      {canReports ? (
        <Misses tools={tools} onAdd={canWrite ? addFromKeyword : null} addReady={saved !== null} />
      ) : (
        <section class="admin-card" aria-labelledby={`${id}-misses`}>
          <h2 id={`${id}-misses`} class="admin-card__title">
            {t('admin.search.misses.title')}
          </h2>
          <p class="admin-alert admin-alert--warn" data-testid="misses-no-access">
            {t('admin.search.misses.noAccess', { permission: t('admin.permissions.reportsRead') })}
          </p>
        </section>
      )}

      <section class="admin-card" aria-labelledby={`${id}-synonyms`} data-testid="synonyms">
        <h2 id={`${id}-synonyms`} class="admin-card__title">
          {t('admin.search.synonyms.title')}
        </h2>
        <p class="admin-muted">{t('admin.search.synonyms.help')}</p>
        {!canWrite ? (
          <p class="admin-alert admin-alert--warn" data-testid="synonyms-read-only">
            {t('admin.search.synonyms.readOnly', { permission: 'catalog.write' })}
          </p>
        ) : null}
        {canWrite && loadError ? (
          <LoadError message={tools.errorText(loadError)} onRetry={() => setAttempt((n) => n + 1)} />
        ) : null}
        {canWrite && saved === null && !loadError ? <Loading /> : null}
        {canWrite && saved !== null ? (
          <form class="synonyms" onSubmit={(event) => void save(event)} noValidate>
            <div class="synonyms__tools">
              <div class="admin-field admin-field--grow">
                <label for={`${id}-filter`}>{t('admin.search.synonyms.filter')}</label>
                <input
                  id={`${id}-filter`}
                  type="search"
                  value={filter}
                  placeholder={t('admin.search.synonyms.filterPlaceholder')}
                  onInput={(event) => setFilter((event.currentTarget as HTMLInputElement).value)}
                />
              </div>
              <button type="button" class="button button--ghost" disabled={busy} onClick={() => addRow('')}>
                {t('admin.search.synonyms.add')}
              </button>
            </div>
            <p class="admin-count" aria-live="polite">
              {filter.trim() ? t('admin.search.synonyms.shown', { shown: visible.length, total: rows.length }) : t('admin.search.synonyms.total', { total: rows.length })}
            </p>
            {problems?.other.length ? (
              <ul class="admin-alert admin-alert--error synonyms__other" data-testid="synonym-other-problems">
                {problems.other.map((problem, i) => (
                  <li key={i}>{problemText(problem)}</li>
                ))}
              </ul>
            ) : null}
            {!rows.length ? <p class="admin-muted">{t('admin.search.synonyms.empty')}</p> : null}
            {rows.length > 0 && !visible.length ? <p class="admin-muted">{t('admin.search.synonyms.noMatch', { query: filter.trim() })}</p> : null}
            <ol class="synonym-list">
              {visible.map((row) => {
                const n = rows.indexOf(row) + 1;
                const rowProblems = problems?.rows[row.id] ?? [];
                const problemsId = `${id}-problems-${row.id}`;
                return (
                  <li key={row.id} class={rowProblems.length ? 'synonym-row synonym-row--invalid' : 'synonym-row'} data-testid="synonym-row" data-row={row.id}>
                    <div class="synonym-row__line">
                      <input
                        ref={registerInput(row.id)}
                        type="text"
                        class="synonym-input"
                        aria-label={t('admin.search.synonyms.group', { n })}
                        placeholder={t('admin.search.synonyms.placeholder')}
                        value={row.text}
                        readOnly={busy}
                        spellcheck={false}
                        autoCapitalize="none"
                        aria-invalid={rowProblems.length ? 'true' : undefined}
                        aria-describedby={rowProblems.length ? problemsId : undefined}
                        onInput={(event) => edit(row.id, (event.currentTarget as HTMLInputElement).value)}
                      />
                      <button
                        type="button"
                        class="button button--small button--danger-ghost"
                        aria-label={t('admin.search.synonyms.removeGroup', { n })}
                        disabled={busy}
                        onClick={() => remove(row.id)}
                      >
                        {t('admin.search.synonyms.remove')}
                      </button>
                    </div>
                    {rowProblems.length ? (
                      <ul id={problemsId} class="synonym-row__problems admin-error" data-testid="synonym-problems">
                        {rowProblems.map((problem, i) => (
                          <li key={i}>{problemText(problem)}</li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ol>
            <div class="synonyms__save">
              <p class={`admin-alert ${notice?.error ? 'admin-alert--error' : 'admin-alert--ok'}`} role={notice?.error ? 'alert' : 'status'} hidden={!notice}>
                {notice?.text}
              </p>
              <div class="synonyms__save-bar">
                <span class="admin-muted">{changed ? t('admin.search.synonyms.unsaved') : ''}</span>
                <button type="submit" class="button" disabled={busy}>
                  {busy ? t('admin.common.saving') : t('admin.common.save')}
                </button>
              </div>
            </div>
          </form>
        ) : null}
      </section>
    </section>
  );
}

/** The keywords shoppers searched for that found (nearly) nothing, in a range of shop days. */
function Misses({ tools, onAdd, addReady }: { tools: SearchTools; onAdd: ((keyword: string) => void) | null; addReady: boolean }) {
  const { t } = useI18n();
  const id = useId();
  const [range, setRange] = useState<DayRange>(() => defaultRange(tools.today()));
  const [draft, setDraft] = useState<DayRange>(range);
  const [misses, setMisses] = useState<SearchMiss[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { errorText } = tools;

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    setMisses(null);
    getMisses(range, { signal: controller.signal }).then(
      (found) => !controller.signal.aborted && setMisses(found),
      (failed: unknown) => !controller.signal.aborted && setError(failed),
    );
    return () => controller.abort();
  }, [range, attempt]);

  const submit = (event: Event) => {
    event.preventDefault();
    const problem = rangeProblem(draft);
    if (problem) {
      setRangeError(problem === 'order' ? t('admin.home.errRange') : problem === 'tooLong' ? t('admin.search.misses.tooLong', { max: MAX_RANGE_DAYS }) : t('admin.search.misses.badDay'));
      return;
    }
    setRangeError(null);
    setRange({ ...draft });
  };

  const addButton = (keyword: string) =>
    onAdd ? (
      <button type="button" class="button button--small button--ghost" aria-label={t('admin.search.misses.addFor', { keyword })} disabled={!addReady} onClick={() => onAdd(keyword)}>
        {t('admin.search.misses.add')}
      </button>
    ) : null;

  return (
    <section class="admin-card" aria-labelledby={`${id}-title`} data-testid="misses">
      <h2 id={`${id}-title`} class="admin-card__title">
        {t('admin.search.misses.title')}
      </h2>
      <p class="admin-muted">{t('admin.search.misses.hint')}</p>
      <form class="search-range" onSubmit={submit} noValidate>
        <div class="admin-field">
          <label for={`${id}-from`}>{t('admin.orders.from')}</label>
          <input id={`${id}-from`} type="date" value={draft.from} max={draft.to} onInput={(e) => setDraft({ ...draft, from: (e.currentTarget as HTMLInputElement).value })} />
        </div>
        <div class="admin-field">
          <label for={`${id}-to`}>{t('admin.orders.to')}</label>
          <input id={`${id}-to`} type="date" value={draft.to} min={draft.from} onInput={(e) => setDraft({ ...draft, to: (e.currentTarget as HTMLInputElement).value })} />
        </div>
        <button type="submit" class="button">
          {t('admin.common.apply')}
        </button>
      </form>
      {rangeError ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {rangeError}
        </p>
      ) : null}
      {error ? (
        <LoadError message={errorText(error)} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {!misses && !error ? <Loading /> : null}
      {misses && !misses.length ? <p class="admin-muted" data-testid="misses-empty">{t('admin.search.misses.empty')}</p> : null}
      {misses?.length ? (
        tools.narrow ? (
          <ul class="miss-list" aria-label={t('admin.search.misses.title')}>
            {misses.map((miss) => (
              <li key={miss.keyword} class="miss-list__item" data-testid="miss-row">
                <div>
                  <p class="miss-list__keyword">{miss.keyword}</p>
                  <p class="admin-muted">{t('admin.search.misses.times', { count: miss.count })}</p>
                </div>
                {addButton(miss.keyword)}
              </li>
            ))}
          </ul>
        ) : (
          <div class="table-scroll">
            <table class="data-table miss-table">
              <caption class="visually-hidden">{t('admin.search.misses.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.search.misses.keyword')}</th>
                  <th scope="col" class="data-table__num">
                    {t('admin.search.misses.count')}
                  </th>
                  {onAdd ? (
                    <th scope="col">
                      <span class="visually-hidden">{t('admin.search.misses.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {misses.map((miss) => (
                  <tr key={miss.keyword} data-testid="miss-row">
                    <th scope="row" class="miss-table__keyword">
                      {miss.keyword}
                    </th>
                    <td class="data-table__num">{miss.count}</td>
                    {onAdd ? <td class="miss-table__action">{addButton(miss.keyword)}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </section>
  );
}
