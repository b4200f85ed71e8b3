//! /admin/code/:group: one code table with its translated name. Each key's title in five languages
//! is edited in place; keys never change (products and orders store them); a key is switched off
//! rather than removed while anything uses it, and the program's own tables (order states, payment
//! methods…) take titles only. Needs `settings.write`; titles are live at once.
import { useEffect, useId, useState } from 'react';
import type { CodeEntry, CodeGroup, Localized } from '../../../api/types';
import { ApiError } from '../../../api/client';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { addEntry, getGroup, removeEntry, updateEntry } from '../api/codes-api';
import { canRemove, isDirty, LANGS, newEntryProblems } from '../code-rules';
import type { CodeTools } from '../tools';
import '../admin-codes.css';

export type CodeTablePageProps = { group: string; tools: CodeTools };

type Row = { title: Localized; active: boolean };

const empty = (): Localized => ({ en: '', th: '', my: '', km: '', id: '' });

export function CodeTablePage({ group, tools }: CodeTablePageProps) {
  const { t, locale, languages } = useI18n();
  const id = useId();
  const [data, setData] = useState<CodeGroup | null>(null);
  const [rows, setRows] = useState<Record<string, Row>>({});
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);
  const [newKey, setNewKey] = useState('');
  const [newTitle, setNewTitle] = useState<Localized>(empty());
  const [newTouched, setNewTouched] = useState(false);
  const title = data ? pickText(data.title, locale) : group;
  useDocumentTitle(`${t('admin.code')}: ${title}`);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    setData(null);
    getGroup(group, { signal: controller.signal }).then(
      (loaded) => {
        if (controller.signal.aborted) return;
        setData(loaded);
        setRows(Object.fromEntries(loaded.entries.map((e) => [e.key, { title: { ...empty(), ...e.title }, active: e.active }])));
      },
      (failed: unknown) => !controller.signal.aborted && setError(failed),
    );
    return () => controller.abort();
  }, [group, attempt]);

  const languageName = (code: string) => languages.find((l) => l.code === code)?.name ?? code;
  const replace = (entry: CodeEntry) => {
    setData((d) => (d ? { ...d, entries: [...d.entries.filter((e) => e.key !== entry.key), entry].sort((a, b) => a.key.localeCompare(b.key)) } : d));
    setRows((r) => ({ ...r, [entry.key]: { title: { ...empty(), ...entry.title }, active: entry.active } }));
  };

  const save = async (entry: CodeEntry, active?: boolean) => {
    const row = rows[entry.key];
    if (!row) return;
    setBusy(entry.key);
    setNotice(null);
    try {
      const saved = await updateEntry(group, entry.key, row.title, active ?? row.active);
      replace({ ...saved, used: saved.used || entry.used });
      tools.setLabel(group, saved.key, saved.title);
      setNotice({ text: t(active === undefined ? 'admin.codes.saved' : active ? 'admin.codes.nowOn' : 'admin.codes.nowOff', { key: saved.key }) });
    } catch (caught) {
      setNotice({ text: caught instanceof ApiError && caught.code === 'invalid_input' ? caught.message : tools.errorText(caught), error: true });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (entry: CodeEntry) => {
    if (!window.confirm(t('admin.codes.confirmRemove', { key: entry.key }))) return;
    setBusy(entry.key);
    setNotice(null);
    try {
      await removeEntry(group, entry.key);
      setData((d) => (d ? { ...d, entries: d.entries.filter((e) => e.key !== entry.key) } : d));
      tools.setLabel(group, entry.key, null);
      setNotice({ text: t('admin.codes.removed', { key: entry.key }) });
    } catch (caught) {
      setNotice({ text: caught instanceof ApiError && caught.code === 'in_use' ? t('admin.codes.inUse', { key: entry.key }) : tools.errorText(caught), error: true });
    } finally {
      setBusy(null);
    }
  };

  const problems = data ? newEntryProblems(newKey, newTitle, data.entries.map((e) => e.key)) : [];
  const add = async (event: Event) => {
    event.preventDefault();
    setNewTouched(true);
    if (problems.length) return;
    setBusy('+');
    setNotice(null);
    try {
      const saved = await addEntry(group, newKey.trim(), newTitle);
      replace(saved);
      tools.setLabel(group, saved.key, saved.title);
      setNotice({ text: t('admin.codes.added', { key: saved.key }) });
      setNewKey('');
      setNewTitle(empty());
      setNewTouched(false);
    } catch (caught) {
      setNotice({ text: caught instanceof ApiError && caught.code === 'invalid_input' ? caught.message : tools.errorText(caught), error: true });
    } finally {
      setBusy(null);
    }
  };

  const editable = tools.canEdit !== false;
  const titleInput = (key: string, lang: (typeof LANGS)[number]) => {
    const row = rows[key];
    if (!editable) {
      const text = row?.title[lang] ?? '';
      return (
        <span lang={lang} class={text.trim() ? 'code-text' : 'code-text admin-muted'}>
          {text.trim() || '—'}
        </span>
      );
    }
    return (
      <input
        type="text"
        lang={lang}
        maxLength={120}
        aria-label={`${key} · ${languageName(lang)}`}
        value={row?.title[lang] ?? ''}
        class={!row?.title[lang]?.trim() ? 'code-input code-input--missing' : 'code-input'}
        onInput={(event) => setRows((r) => ({ ...r, [key]: { ...r[key]!, title: { ...r[key]!.title, [lang]: (event.currentTarget as HTMLInputElement).value } } }))}
      />
    );
  };

  const actions = (entry: CodeEntry) => {
    if (!editable) return null;
    const row = rows[entry.key];
    const dirty = row ? isDirty(entry, row.title, entry.active) : false;
    return (
      <div class="code-actions">
        <button type="button" class="button button--small" disabled={!dirty || busy === entry.key} onClick={() => void save(entry)}>
          {t('admin.codes.save')}
        </button>
        {!data?.system ? (
          <button
            type="button"
            class={`button button--small ${entry.active ? 'button--ghost' : 'button--ghost'}`}
            disabled={busy === entry.key}
            onClick={() => void save(entry, !entry.active)}
          >
            {entry.active ? t('admin.codes.deactivate') : t('admin.codes.activate')}
          </button>
        ) : null}
        {data && canRemove(entry, data.system) ? (
          <button type="button" class="button button--small button--danger-ghost" disabled={busy === entry.key} onClick={() => void remove(entry)}>
            {t('admin.codes.remove')}
          </button>
        ) : null}
      </div>
    );
  };

  const usage = (entry: CodeEntry) => (
    <span class="admin-muted code-usage">
      {entry.used > 0 ? t('admin.codes.usedBy', { count: entry.used }) : t('admin.codes.unused')}
      {!entry.active ? <span class="status-chip status-chip--off">{t('admin.codes.inactive')}</span> : null}
    </span>
  );

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <div>
          <p class="page__eyebrow">{t('admin.code')}</p>
          <h1 id={`${id}-title`} class="page__title">
            {title}
          </h1>
        </div>
      </header>
      {data?.system && editable ? <p class="admin-alert admin-alert--warn">{t('admin.codes.systemNote')}</p> : null}
      {!editable ? (
        <p class="admin-alert" data-testid="code-read-only">
          {t('admin.codes.readOnly', { permission: t('admin.permissions.settingsWrite') })}
        </p>
      ) : null}
      <p class={`admin-alert ${notice?.error ? 'admin-alert--error' : 'admin-alert--ok'}`} role={notice?.error ? 'alert' : 'status'} hidden={!notice}>
        {notice?.text}
      </p>
      {error ? (
        <LoadError message={tools.errorText(error)} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {!data && !error ? <Loading /> : null}
      {data ? (
        tools.narrow ? (
          <ul class="code-cards" aria-label={title}>
            {data.entries.map((entry) => (
              <li key={entry.key} class="code-card" data-testid="code-row" data-key={entry.key}>
                <p class="code-card__top">
                  <code>{entry.key}</code>
                  {usage(entry)}
                </p>
                {LANGS.map((lang) => (
                  <label key={lang} class="code-card__field">
                    <span>{languageName(lang)}</span>
                    {titleInput(entry.key, lang)}
                  </label>
                ))}
                {actions(entry)}
              </li>
            ))}
          </ul>
        ) : (
          <div class="table-scroll">
            <table class="data-table code-table">
              <caption class="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.codeKey')}</th>
                  {LANGS.map((lang) => (
                    <th key={lang} scope="col">
                      {languageName(lang)}
                    </th>
                  ))}
                  <th scope="col">{t('admin.codes.state')}</th>
                  <th scope="col">
                    <span class="visually-hidden">{t('admin.codes.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={entry.key} data-testid="code-row" data-key={entry.key} class={entry.active ? '' : 'code-row--off'}>
                    <th scope="row">
                      <code>{entry.key}</code>
                    </th>
                    {LANGS.map((lang) => (
                      <td key={lang}>{titleInput(entry.key, lang)}</td>
                    ))}
                    <td>{usage(entry)}</td>
                    <td>{actions(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
      {data && !data.system && editable ? (
        <section class="admin-card" aria-labelledby={`${id}-add`} data-testid="code-add">
          <h2 id={`${id}-add`} class="admin-card__title">
            {t('admin.codes.add')}
          </h2>
          <form class="code-add" onSubmit={(event) => void add(event)} noValidate>
            <div class="admin-field">
              <label for={`${id}-key`}>{t('admin.codeKey')}</label>
              <input id={`${id}-key`} type="text" value={newKey} maxLength={40} spellcheck={false} autoCapitalize="none" onInput={(e) => setNewKey((e.currentTarget as HTMLInputElement).value)} />
              <p class="admin-muted">{t('admin.codes.keyHint')}</p>
              {newTouched && problems.includes('key') ? <p class="admin-error">{t('admin.codes.errors.key')}</p> : null}
              {newTouched && problems.includes('taken') ? <p class="admin-error">{t('admin.codes.errors.taken')}</p> : null}
            </div>
            {LANGS.map((lang) => (
              <div class="admin-field" key={lang}>
                <label for={`${id}-new-${lang}`}>{languageName(lang)}</label>
                <input id={`${id}-new-${lang}`} type="text" lang={lang} maxLength={120} value={newTitle[lang]} onInput={(e) => setNewTitle({ ...newTitle, [lang]: (e.currentTarget as HTMLInputElement).value })} />
                {lang === 'en' && newTouched && problems.includes('title') ? <p class="admin-error">{t('admin.codes.errors.title')}</p> : null}
              </div>
            ))}
            <div class="code-add__submit">
              <button type="submit" class="button" disabled={busy === '+'}>
                {busy === '+' ? t('admin.common.saving') : t('admin.codes.addButton')}
              </button>
            </div>
          </form>
        </section>
      ) : null}
    </section>
  );
}
