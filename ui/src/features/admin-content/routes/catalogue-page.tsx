//! /admin/catalogue-pdf: the e-catalogue shoppers download (uploaded or built in, its size and
//! date) and the upload of a new PDF. The file is checked here first (a PDF begins with %PDF- and
//! ends with %%EOF) and again by the server, which also limits its size. Needs `settings.write`.
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/client';
import type { CatalogueFile, LiveCatalogue } from '../../../api/types';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { getCatalogueFacts, uploadCatalogue } from '../api/content-api';
import { ContentTabs } from '../components/content-tabs';
import { formatSize, pdfVerdict } from '../content-rules';
import type { ContentTools } from '../tools';
import '../admin-content.css';

export type CataloguePageProps = { tools: ContentTools };

async function verdictOf(file: File) {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  const tail = new Uint8Array(await file.slice(Math.max(0, file.size - 1024)).arrayBuffer());
  return pdfVerdict(head, tail);
}

export function CataloguePage({ tools }: CataloguePageProps) {
  const { t, locale } = useI18n();
  useDocumentTitle(t('admin.content.catalogue.title'));
  const id = useId();
  const [current, setCurrent] = useState<CatalogueFile | null>(null);
  const [live, setLive] = useState<LiveCatalogue | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // While the shop draws the catalogue (the first time, or after a change), ask again every
    // few seconds: the answer never waits for the drawing.
    const load = (tries: number) =>
      getCatalogueFacts(locale, { signal: controller.signal }).then(
        (loaded) => {
          if (controller.signal.aborted) return;
          setCurrent(loaded.file);
          setLive(loaded.live ?? null);
          if (loaded.live?.drawing && tries < 60) timer = setTimeout(() => void load(tries + 1), 3000);
        },
        (failure: unknown) => !controller.signal.aborted && setError(failure),
      );
    void load(0);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [locale]);

  const failureText = (failure: unknown) => {
    if (failure instanceof ApiError) {
      if (failure.code === 'payload_too_large' || failure.status === 413) return t('admin.content.catalogue.errTooLarge');
      if (failure.code === 'invalid_pdf') return failure.message.includes('%%EOF') ? t('admin.content.catalogue.errIncomplete') : t('admin.content.catalogue.errNotPdf');
    }
    return tools.errorText(failure);
  };

  const upload = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setNotice(null);
    if (!file) {
      setProblem(t('admin.content.catalogue.errNoFile'));
      return;
    }
    const verdict = await verdictOf(file);
    if (verdict !== 'ok') {
      setProblem(verdict === 'notPdf' ? t('admin.content.catalogue.errNotPdf') : t('admin.content.catalogue.errIncomplete'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setCurrent(await uploadCatalogue(file));
      setLive(null);
      setNotice(t('admin.content.catalogue.done'));
      setFile(null);
      form.reset();
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.content.catalogue.title')}
        </h1>
      </header>
      <ContentTabs />
      <p class="admin-muted">{t('admin.content.catalogue.intro')}</p>
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {tools.errorText(error)}
        </p>
      ) : null}
      {!current && !error ? <Loading /> : null}
      {current ? (
        <section class="admin-card" aria-labelledby={`${id}-current`} data-testid="catalogue-current">
          <h2 id={`${id}-current`} class="admin-card__title">
            {t('admin.content.catalogue.current')}
          </h2>
          {current.uploaded ? (
            <>
              <p>{current.modified ? t('admin.content.catalogue.uploaded', { date: tools.time(current.modified) }) : t('admin.content.catalogue.uploadedFile')}</p>
              <p class="admin-muted">{t('admin.content.catalogue.size', { size: formatSize(current.bytes) })}</p>
            </>
          ) : live ? (
            // What shoppers really get: the catalogue drawn from today's products, not the
            // small built-in file (which only stands in when drawing fails).
            <>
              {live.madeAt != null && live.bytes != null && live.pages != null ? (
                <>
                  <p data-testid="catalogue-live">{t('admin.content.catalogue.generated', { date: tools.time(live.madeAt) })}</p>
                  <p class="admin-muted">{t('admin.content.catalogue.generatedSize', { size: formatSize(live.bytes), pages: live.pages })}</p>
                </>
              ) : null}
              {live.drawing ? (
                <p class="admin-muted" role="status" data-testid="catalogue-drawing">
                  {t('admin.content.catalogue.drawing')}
                </p>
              ) : null}
              <p class="admin-muted">{t('admin.content.catalogue.generatedNote')}</p>
            </>
          ) : (
            <>
              <p>{t('admin.content.catalogue.builtIn')}</p>
              <p class="admin-muted">{t('admin.content.catalogue.size', { size: formatSize(current.bytes) })}</p>
            </>
          )}
          <p>
            <a class="button button--ghost button--small" href={current.url} target="_blank" rel="noopener">
              {t('admin.content.catalogue.open')}
            </a>
          </p>
        </section>
      ) : null}
      <form class="admin-card catalogue-form" onSubmit={(event) => void upload(event)} noValidate>
        <div class="admin-field">
          <label for={`${id}-file`}>{t('admin.content.catalogue.choose')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept="application/pdf,.pdf"
            data-testid="catalogue-file"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setProblem(null);
              setNotice(null);
            }}
          />
          {file ? <p class="admin-muted">{`${file.name} · ${formatSize(file.size)}`}</p> : null}
        </div>
        <div>
          <button type="submit" class="button" disabled={busy} data-testid="upload-catalogue">
            {busy ? t('admin.content.catalogue.uploading') : t('admin.content.catalogue.upload')}
          </button>
        </div>
        {problem ? (
          <p class="admin-alert admin-alert--error" role="alert">
            {problem}
          </p>
        ) : null}
        <p class="admin-alert admin-alert--ok" role="status" hidden={!notice}>
          {notice}
        </p>
      </form>
    </section>
  );
}
