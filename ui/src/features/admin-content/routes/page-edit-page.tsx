//! /admin/pages/{name}: one page's title and Markdown text per language, a live preview rendered
//! exactly as the shop renders it (elements, never HTML), and whether it is published. Languages
//! still empty are marked; they show English on the shop. Needs `settings.write`.
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { Localized, Page } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { Loading } from '../../../components/loading';
import { MarkdownView } from '../../../components/markdown-view';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { LOCALE_CODES, localizePath, type LocaleCode } from '../../../lib/locale-path';
import { listPages, updatePage } from '../api/content-api';
import { ContentTabs } from '../components/content-tabs';
import { checkPage, storefrontPath } from '../content-rules';
import type { ContentTools } from '../tools';
import '../admin-content.css';

export type PageEditProps = { name: string; tools: ContentTools };

type Draft = { title: Localized; body: Localized; published: boolean };

const LANGUAGE_NAMES: Record<LocaleCode, string> = { en: 'English', th: 'ไทย', my: 'Melayu', km: 'ខ្មែរ', id: 'Indonesia' };

export function PageEditPage({ name, tools }: PageEditProps) {
  const { t, locale } = useI18n();
  useDocumentTitle(t('admin.content.editor.title', { name }));
  const id = useId();
  const [page, setPage] = useState<Page | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [lang, setLang] = useState<LocaleCode>(LOCALE_CODES.includes(locale) ? locale : 'en');
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  const notFound = t('admin.errors.notFound');
  useEffect(() => {
    const controller = new AbortController();
    listPages({ signal: controller.signal }).then(
      (pages) => {
        if (controller.signal.aborted) return;
        const found = pages.find((one) => one.name === name) ?? null;
        setPage(found);
        if (found) setDraft({ title: found.title, body: found.body, published: found.published });
        else setError(new Error(notFound));
      },
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [name, notFound]);

  const problems = useMemo(() => (draft ? checkPage(draft.title, draft.body) : { links: [] }), [draft]);
  const dirty = !!page && !!draft && (JSON.stringify(page.title) !== JSON.stringify(draft.title) || JSON.stringify(page.body) !== JSON.stringify(draft.body) || page.published !== draft.published);

  if (error) {
    return (
      <section class="page admin-page">
        <Link class="admin-back" href="/admin/pages">
          <Icon name="chevron-right" size={16} class="admin-back__icon" /> {t('admin.content.editor.back')}
        </Link>
        <p class="admin-alert admin-alert--error" role="alert">
          {tools.errorText(error)}
        </p>
      </section>
    );
  }
  if (!page || !draft) return <Loading />;

  const setText = (field: 'title' | 'body', value: string) => {
    setNotice(null);
    setDraft({ ...draft, [field]: { ...draft[field], [lang]: value } });
  };
  const missing = (code: LocaleCode) => !draft.title[code].trim() || !draft.body[code].trim();

  const save = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    if (problems.title || problems.links.length) return;
    setBusy(true);
    setSaveError(null);
    try {
      const saved = await updatePage(name, draft);
      setPage(saved);
      setDraft({ title: saved.title, body: saved.body, published: saved.published });
      setNotice(t('admin.content.editor.saved'));
    } catch (failure) {
      setSaveError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <Link class="admin-back" href="/admin/pages">
        <Icon name="chevron-right" size={16} class="admin-back__icon" /> {t('admin.content.editor.back')}
      </Link>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.content.editor.title', { name })}
        </h1>
        <a class="button button--ghost button--small" href={localizePath(lang, storefrontPath(name))} target="_blank" rel="noopener">
          {t('admin.content.pages.view')}
        </a>
      </header>
      <ContentTabs />
      <form class="page-editor" onSubmit={(event) => void save(event)} noValidate>
        <div class="chip-row page-editor__langs" role="group" aria-label={t('admin.content.editor.language')}>
          {LOCALE_CODES.map((code) => (
            <button
              key={code}
              type="button"
              class={`chip-button${missing(code) ? ' chip-button--missing' : ''}`}
              aria-pressed={lang === code}
              data-testid={`lang-${code}`}
              onClick={() => setLang(code)}
            >
              {LANGUAGE_NAMES[code]}
              {missing(code) ? <span class="page-editor__missing"> · {t('admin.content.editor.missingLang')}</span> : null}
            </button>
          ))}
        </div>
        <p class="admin-muted">{t('admin.content.editor.fallback')}</p>
        <div class="page-editor__grid">
          <div class="page-editor__fields">
            <div class="admin-field">
              <label for={`${id}-page-title`}>
                {t('admin.content.editor.pageTitle')} ({lang.toUpperCase()})
              </label>
              <input
                id={`${id}-page-title`}
                lang={lang}
                value={draft.title[lang]}
                maxLength={120}
                aria-invalid={touched && lang === 'en' && problems.title ? true : undefined}
                onInput={(event) => setText('title', event.currentTarget.value)}
              />
              {touched && problems.title ? <p class="admin-error">{t(problems.title)}</p> : null}
            </div>
            <div class="admin-field">
              <label for={`${id}-body`}>
                {t('admin.content.editor.body')} ({lang.toUpperCase()})
              </label>
              <textarea
                id={`${id}-body`}
                lang={lang}
                class="page-editor__body"
                value={draft.body[lang]}
                rows={16}
                aria-describedby={`${id}-body-hint`}
                aria-invalid={problems.links.includes(lang) ? true : undefined}
                onInput={(event) => setText('body', event.currentTarget.value)}
              />
              <p id={`${id}-body-hint`} class="admin-muted">
                {t('admin.content.editor.bodyHint')}
              </p>
              {problems.links.map((code) => (
                <p key={code} class="admin-error">
                  {t('admin.content.editor.errLink', { lang: code.toUpperCase() })}
                </p>
              ))}
            </div>
          </div>
          <section class="page-editor__preview" aria-label={t('admin.content.editor.preview')}>
            <h2 class="page-editor__preview-title">{t('admin.content.editor.preview')}</h2>
            <div class="page-editor__preview-body" lang={lang} data-testid="page-preview">
              <h3 class="page-editor__preview-heading">{draft.title[lang] || draft.title.en}</h3>
              {(draft.body[lang] || draft.body.en).trim() ? <MarkdownView source={draft.body[lang] || draft.body.en} /> : <p class="admin-muted">{t('admin.content.editor.emptyPreview')}</p>}
            </div>
          </section>
        </div>
        <label class="page-editor__published">
          <input type="checkbox" class="admin-check" checked={draft.published} onChange={(event) => setDraft({ ...draft, published: event.currentTarget.checked })} />
          {t('admin.content.editor.publishedLabel')}
        </label>
        <div class="page-editor__actions">
          <button type="submit" class="button" disabled={busy} data-testid="save-page">
            {busy ? t('admin.common.saving') : t('admin.content.editor.save')}
          </button>
          {dirty ? <span class="admin-muted">{t('admin.content.editor.unsaved')}</span> : null}
        </div>
        <p class="admin-alert admin-alert--ok" role="status" hidden={!notice}>
          {notice}
        </p>
        {saveError ? (
          <p class="admin-alert admin-alert--error" role="alert">
            {saveError}
          </p>
        ) : null}
      </form>
    </section>
  );
}
