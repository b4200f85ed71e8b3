//! /admin/pages: every information page with its address, whether it is published and which
//! languages it still lacks, and a form for a new page (name and English title; the editor opens
//! next). Needs `settings.write`.
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Page } from '../../../api/types';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { listPages, createPage } from '../api/content-api';
import { ContentTabs } from '../components/content-tabs';
import { checkNewPage, missingLanguages, storefrontPath } from '../content-rules';
import type { ContentTools } from '../tools';
import '../admin-content.css';

export type PagesPageProps = { tools: ContentTools };

export function PagesPage({ tools }: PagesPageProps) {
  const { t, locale } = useI18n();
  useDocumentTitle(t('admin.content.pages.title'));
  const id = useId();
  const [, navigate] = useLocation();
  const [pages, setPages] = useState<Page[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    listPages({ signal: controller.signal }).then(
      (list) => !controller.signal.aborted && setPages(list),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [attempt]);

  const errors = checkNewPage(name, title);
  const create = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    if (errors.name || errors.title) return;
    setBusy(true);
    setSaveError(null);
    try {
      const page = await createPage({ name: name.trim(), title: { en: title.trim(), th: '', my: '', km: '', id: '' }, body: { en: '', th: '', my: '', km: '', id: '' }, published: false });
      navigate(`/admin/pages/${encodeURIComponent(page.name)}`);
    } catch (failure) {
      setSaveError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const status = (page: Page) => (
    <span class={`status-chip${page.published ? '' : ' status-chip--off'}`}>{page.published ? t('admin.content.pages.published') : t('admin.content.pages.hidden')}</span>
  );
  const languages = (page: Page) => {
    const missing = missingLanguages(page);
    return missing.length ? (
      <span class="content-missing">{t('admin.content.pages.missing', { langs: missing.join(', ').toUpperCase() })}</span>
    ) : (
      <span class="admin-muted">{t('admin.content.pages.complete')}</span>
    );
  };
  const editLink = (page: Page) => (
    <Link class="button button--small" href={`/admin/pages/${encodeURIComponent(page.name)}`} data-testid="edit-page" data-name={page.name}>
      {t('admin.content.pages.edit')}
    </Link>
  );

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.content.pages.title')}
        </h1>
      </header>
      <ContentTabs />
      <p class="admin-muted">{t('admin.content.pages.intro')}</p>
      {error ? (
        <LoadError message={tools.errorText(error)} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {!pages && !error ? <Loading /> : null}
      {pages && tools.narrow ? (
        <ul class="content-cards">
          {pages.map((page) => (
            <li key={page.name} class="content-card" data-testid="page-row" data-name={page.name}>
              <p class="content-card__head">
                <strong>{pickText(page.title, locale) || page.name}</strong>
                {status(page)}
              </p>
              <p class="admin-muted">{storefrontPath(page.name)}</p>
              <p>{languages(page)}</p>
              <p class="content-card__actions">{editLink(page)}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {pages && !tools.narrow ? (
        <div class="table-scroll">
          <table class="data-table">
            <caption class="visually-hidden">{t('admin.content.pages.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.content.pages.titleCol')}</th>
                <th scope="col">{t('admin.content.pages.address')}</th>
                <th scope="col">{t('admin.content.pages.status')}</th>
                <th scope="col">{t('admin.content.pages.languages')}</th>
                <th scope="col">
                  <span class="visually-hidden">{t('admin.content.pages.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr key={page.name} data-testid="page-row" data-name={page.name}>
                  <th scope="row">{pickText(page.title, locale) || page.name}</th>
                  <td>
                    <a href={storefrontPath(page.name)} target="_blank" rel="noopener">
                      {storefrontPath(page.name)}
                    </a>
                  </td>
                  <td>{status(page)}</td>
                  <td>{languages(page)}</td>
                  <td class="data-table__nowrap">{editLink(page)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <section class="admin-card" aria-labelledby={`${id}-new`}>
        <h2 id={`${id}-new`} class="admin-card__title">
          {t('admin.content.pages.new')}
        </h2>
        <form class="content-new" onSubmit={(event) => void create(event)} noValidate>
          <div class="admin-field">
            <label for={`${id}-name`}>{t('admin.content.pages.newName')}</label>
            <input
              id={`${id}-name`}
              value={name}
              autoCapitalize="none"
              spellcheck={false}
              maxLength={80}
              aria-invalid={touched && errors.name ? true : undefined}
              aria-describedby={`${id}-name-hint`}
              onInput={(event) => setName(event.currentTarget.value)}
            />
            <p id={`${id}-name-hint`} class="admin-muted">
              {t('admin.content.pages.newNameHint', { name: name.trim() || 'returns' })}
            </p>
            {touched && errors.name ? <p class="admin-error">{t(errors.name)}</p> : null}
          </div>
          <div class="admin-field">
            <label for={`${id}-title-en`}>{t('admin.content.pages.newTitle')}</label>
            <input id={`${id}-title-en`} value={title} maxLength={120} aria-invalid={touched && errors.title ? true : undefined} onInput={(event) => setTitle(event.currentTarget.value)} />
            {touched && errors.title ? <p class="admin-error">{t(errors.title)}</p> : null}
          </div>
          <div class="content-new__submit">
            <button type="submit" class="button" disabled={busy}>
              {busy ? t('admin.common.saving') : t('admin.content.pages.create')}
            </button>
          </div>
          {saveError ? (
            <p class="admin-alert admin-alert--error content-new__error" role="alert">
              {saveError}
            </p>
          ) : null}
        </form>
      </section>
    </section>
  );
}
