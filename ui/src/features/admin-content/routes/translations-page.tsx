//! /admin/translations: every message key with its five languages, missing ones highlighted;
//! search by key or text, "missing only", and editing in place (a row at a time, saved to the
//! server and live on the shop at once). A table on a computer, one card per key on a phone.
//! Needs `settings.write`.
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { TranslationRow } from '../../../api/types';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { LOCALE_CODES, type LocaleCode } from '../../../lib/locale-path';
import { listTranslations, saveTranslation } from '../api/content-api';
import { ContentTabs } from '../components/content-tabs';
import { filterRows, isMissing, missingCount } from '../content-rules';
import type { ContentTools } from '../tools';
import '../admin-content.css';

export type TranslationsPageProps = { tools: ContentTools };

const PAGE = 40;

type Texts = Record<LocaleCode, string>;

function RowEditor({ row, tools, onSaved, onCancel }: { row: TranslationRow; tools: ContentTools; onSaved: (row: TranslationRow) => void; onCancel: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const [texts, setTexts] = useState<Texts>({ ...row.texts });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    if (!texts.en.trim()) {
      setError(t('admin.content.translations.errEnglish'));
      return;
    }
    const changed = Object.fromEntries(LOCALE_CODES.filter((code) => texts[code] !== row.texts[code]).map((code) => [code, texts[code]]));
    if (!Object.keys(changed).length) {
      onCancel();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSaved(await saveTranslation({ key: row.key, texts: changed }));
    } catch (failure) {
      setError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="tr-editor" onSubmit={(event) => void save(event)} data-testid="translation-editor">
      {LOCALE_CODES.map((code) => (
        <div key={code} class="admin-field">
          <label for={`${id}-${code}`}>{code.toUpperCase()}</label>
          <textarea
            id={`${id}-${code}`}
            lang={code}
            rows={Math.min(6, Math.max(1, Math.ceil(texts[code].length / 60)))}
            value={texts[code]}
            data-lang={code}
            onInput={(event) => setTexts({ ...texts, [code]: event.currentTarget.value })}
          />
        </div>
      ))}
      <div class="tr-editor__actions">
        <button type="submit" class="button button--small" disabled={busy} data-testid="save-translation">
          {busy ? t('admin.common.saving') : t('admin.content.translations.save')}
        </button>
        <button type="button" class="button button--ghost button--small" onClick={onCancel}>
          {t('admin.content.translations.cancel')}
        </button>
      </div>
      {error ? (
        <p class="admin-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function TranslationsPage({ tools }: TranslationsPageProps) {
  const { t } = useI18n();
  useDocumentTitle(t('admin.content.translations.title'));
  const id = useId();
  const [rows, setRows] = useState<TranslationRow[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [query, setQuery] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    listTranslations({ signal: controller.signal }).then(
      (list) => !controller.signal.aborted && setRows(list),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [attempt]);

  const found = useMemo(() => (rows ? filterRows(rows, query, missingOnly) : []), [rows, query, missingOnly]);
  const visible = found.slice(0, shown);
  const onSaved = (row: TranslationRow) => {
    setRows((current) => current && current.map((one) => (one.key === row.key ? row : one)));
    setEditing(null);
    setNotice(t('admin.content.translations.saved', { key: row.key }));
  };

  const cell = (row: TranslationRow, code: LocaleCode) =>
    isMissing(row, code) ? (
      <span class="tr-missing">{t('admin.content.translations.missing')}</span>
    ) : (
      <span lang={code} class="tr-text">
        {row.texts[code]}
        {row.edited.includes(code) ? <span class="tr-edited"> · {t('admin.content.translations.edited')}</span> : null}
      </span>
    );
  const action = (row: TranslationRow) =>
    row.fromSettings ? (
      <Link href="/admin/settings" class="admin-muted">
        {t('admin.content.translations.fromSettings')}
      </Link>
    ) : (
      <button type="button" class="button button--ghost button--small" data-testid="edit-translation" onClick={() => setEditing(row.key)}>
        {t('admin.content.translations.edit')}
      </button>
    );
  const editor = (row: TranslationRow) => <RowEditor row={row} tools={tools} onSaved={onSaved} onCancel={() => setEditing(null)} />;

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.content.translations.title')}
        </h1>
      </header>
      <ContentTabs />
      <p class="admin-muted">{t('admin.content.translations.intro')}</p>
      <div class="tr-filters">
        <div class="admin-field admin-field--grow">
          <label for={`${id}-q`} class="visually-hidden">
            {t('admin.content.translations.search')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            placeholder={t('admin.content.translations.search')}
            value={query}
            onInput={(event) => {
              setQuery(event.currentTarget.value);
              setShown(PAGE);
            }}
          />
        </div>
        <button type="button" class="chip-button" aria-pressed={missingOnly} onClick={() => (setMissingOnly(!missingOnly), setShown(PAGE))}>
          {t('admin.content.translations.missingOnly')}
        </button>
      </div>
      {rows ? (
        <p class="admin-count" aria-live="polite">
          {t('admin.content.translations.count', { shown: String(found.length), total: String(rows.length) })} · {t('admin.content.translations.missingCount', { count: String(missingCount(rows)) })}
        </p>
      ) : null}
      <p class="admin-alert admin-alert--ok" role="status" hidden={!notice}>
        {notice}
      </p>
      {error ? (
        <LoadError message={tools.errorText(error)} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {!rows && !error ? <Loading /> : null}
      {rows && !found.length ? <p class="admin-muted">{t('admin.content.translations.none')}</p> : null}
      {rows && found.length && tools.narrow ? (
        <ul class="content-cards">
          {visible.map((row) => (
            <li key={row.key} class="content-card" data-testid="translation-row" data-key={row.key}>
              <p class="tr-key">{row.key}</p>
              {editing === row.key ? (
                editor(row)
              ) : (
                <>
                  <dl class="tr-card-texts">
                    {LOCALE_CODES.map((code) => (
                      <div key={code} class={isMissing(row, code) ? 'is-missing' : undefined}>
                        <dt>{code.toUpperCase()}</dt>
                        <dd>{cell(row, code)}</dd>
                      </div>
                    ))}
                  </dl>
                  <p class="content-card__actions">{action(row)}</p>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {rows && found.length && !tools.narrow ? (
        <div class="table-scroll">
          <table class="data-table tr-table">
            <caption class="visually-hidden">{t('admin.content.translations.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.content.translations.key')}</th>
                {LOCALE_CODES.map((code) => (
                  <th key={code} scope="col">
                    {code.toUpperCase()}
                  </th>
                ))}
                <th scope="col">
                  <span class="visually-hidden">{t('admin.content.translations.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((row) =>
                editing === row.key ? (
                  <tr key={row.key} data-testid="translation-row" data-key={row.key}>
                    <th scope="row" class="tr-key">
                      {row.key}
                    </th>
                    <td colSpan={LOCALE_CODES.length + 1}>{editor(row)}</td>
                  </tr>
                ) : (
                  <tr key={row.key} data-testid="translation-row" data-key={row.key}>
                    <th scope="row" class="tr-key">
                      {row.key}
                    </th>
                    {LOCALE_CODES.map((code) => (
                      <td key={code} class={isMissing(row, code) ? 'is-missing' : undefined}>
                        {cell(row, code)}
                      </td>
                    ))}
                    <td class="data-table__nowrap">{action(row)}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      {found.length > shown ? (
        <div class="load-more">
          <button type="button" class="button button--ghost" onClick={() => setShown(shown + PAGE)}>
            {t('admin.content.translations.more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
