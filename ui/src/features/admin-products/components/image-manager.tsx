//! A product's photos (staff with catalog.write): drag files in or pick them (phones offer the
//! camera), see the upload's progress, reorder by dragging or with the arrow buttons, write alt text
//! in five languages (missing ones marked), remove with a confirmation. Every change goes to the
//! server at once and the parent gets the product it answers (`onChange`). Refused files are listed
//! one by one with the reason, in the viewer's language.
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import type { Localized, Product } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { saveImages, uploadImages } from '../api/product-images';
import {
  ACCEPT,
  ALT_LANGUAGES,
  altsFor,
  altText,
  batches,
  DEFAULT_MAX_BYTES,
  emptyAlt,
  type FileProblem,
  formatBytes,
  longAlts,
  MAX_ALT,
  missingLanguages,
  moveItem,
  percent,
  problemsFromServer,
  sortFiles,
  thumbnail,
  type AltLanguage,
} from '../image-rules';
import './image-manager.css';

export type ImageManagerProps = {
  /** The product's code (the images belong to a saved product). */
  code: string;
  images: string[];
  alts: Record<string, Localized>;
  /** The product as the server answers it after each change. */
  onChange: (product: Product) => void;
  /** The version the editor holds: a change made elsewhere meanwhile is refused (409). */
  version?: number;
  /** The server's per-file limit, when the page knows it (10 MB by default). */
  maxBytes?: number;
};

const PROBLEM_KEYS: Record<FileProblem['kind'], MessageKey> = {
  notImage: 'admin.images.problems.notImage',
  svg: 'admin.images.problems.svg',
  heic: 'admin.images.problems.heic',
  damaged: 'admin.images.problems.damaged',
  tooManyPixels: 'admin.images.problems.tooManyPixels',
  tooLarge: 'admin.images.problems.tooLarge',
  other: 'admin.images.problems.other',
};

const LANGUAGE_NAMES: Record<AltLanguage, string> = {
  en: 'English',
  th: 'ไทย',
  my: 'Bahasa Melayu',
  km: 'ខ្មែរ',
  id: 'Bahasa Indonesia',
};

type Busy = null | 'upload' | 'save';
type Problems = { all: boolean; list: FileProblem[] };

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

export function ImageManager({ code, images, alts, onChange, version, maxBytes = DEFAULT_MAX_BYTES }: ImageManagerProps) {
  const { t, locale, languages } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [progress, setProgress] = useState(0);
  const [problems, setProblems] = useState<Problems | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [dropActive, setDropActive] = useState(false);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Localized>(emptyAlt());
  const [pending, setPending] = useState<string[] | null>(null);
  const shown = pending ?? images;

  // A removed or replaced image closes its panels.
  useEffect(() => {
    if (editing && !images.includes(editing)) setEditing(null);
    if (confirming && !images.includes(confirming)) setConfirming(null);
  }, [images, editing, confirming]);

  // The alt text form opens below the photos: bring it into view, its first field ready to type.
  const firstField = `${id}-alt-${locale}`;
  useEffect(() => {
    if (!editing) return;
    const field = document.getElementById(firstField) ?? document.getElementById(`${id}-alt-en`);
    field?.scrollIntoView?.({ block: 'center' });
    field?.focus({ preventScroll: true });
  }, [editing, firstField, id]);

  const languageName = (lang: AltLanguage) => languages.find((l) => l.code === lang)?.name || LANGUAGE_NAMES[lang];
  const fieldOrder: AltLanguage[] = [
    ...ALT_LANGUAGES.filter((lang) => lang === locale),
    ...ALT_LANGUAGES.filter((lang) => lang !== locale),
  ];
  const maxText = formatBytes(maxBytes);
  const problemText = (problem: FileProblem) => t(PROBLEM_KEYS[problem.kind], { max: maxText });

  const errorText = (failure: unknown): string => {
    if (failure instanceof ApiError) {
      if (failure.code === 'network_error') return t('admin.images.errors.network');
      if (failure.code === 'forbidden' || failure.status === 403) return t('admin.images.errors.forbidden');
      if (failure.code === 'not_found') return t('admin.images.errors.notFound');
      if (failure.code === 'version_conflict') return t('admin.images.errors.conflict');
      if (failure.code === 'invalid_input' && failure.message) return failure.message;
    }
    return t('admin.images.errors.failed');
  };

  const upload = async (picked: File[]) => {
    if (busy || picked.length === 0) return;
    setError(null);
    setAnnounce('');
    const { send, problems: early } = sortFiles(picked, maxBytes);
    let refused: Problems | null = early.length ? { all: send.length === 0, list: early } : null;
    setProblems(refused);
    if (send.length === 0) return;
    setBusy('upload');
    setProgress(0);
    let added = 0;
    const groups = batches(send);
    try {
      for (const [index, group] of groups.entries()) {
        const product = await uploadImages(code, group, (fraction) => setProgress((index + fraction) / groups.length));
        added += group.length;
        onChange(product);
      }
      setAnnounce(t('admin.images.added', { count: added }));
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        (failure.code === 'invalid_image' || failure.code === 'image_too_large' || failure.code === 'payload_too_large')
      ) {
        const names = send.map((f) => f.name);
        const list = problemsFromServer(failure.message, names, failure.code === 'payload_too_large');
        refused = { all: added === 0, list: [...(refused?.list ?? []), ...list] };
        setProblems(refused);
      } else if (!(failure instanceof DOMException)) {
        setError(errorText(failure));
      }
    } finally {
      setBusy(null);
      setProgress(0);
      if (input.current) input.current.value = '';
    }
  };

  const save = async (next: string[], nextAlts: Record<string, Partial<Localized>>, done: string) => {
    setBusy('save');
    setError(null);
    setPending(next);
    try {
      const product = await saveImages(code, next, altsFor(next, nextAlts), version);
      onChange(product);
      setAnnounce(done);
      return true;
    } catch (failure) {
      setError(errorText(failure));
      return false;
    } finally {
      setPending(null);
      setBusy(null);
    }
  };

  const move = (from: number, to: number) => {
    if (busy || to < 0 || to >= shown.length || from === to) return;
    void save(moveItem(shown, from, to), alts, t('admin.images.moved', { n: to + 1 }));
  };

  const remove = async (path: string) => {
    setConfirming(null);
    await save(
      shown.filter((p) => p !== path),
      alts,
      t('admin.images.removed'),
    );
  };

  const openAlt = (path: string) => {
    if (editing === path) {
      setEditing(null);
      return;
    }
    setEditing(path);
    setDraft({ ...emptyAlt(), ...(alts[path] ?? {}) });
  };

  const saveAlt = async (event: Event) => {
    event.preventDefault();
    if (!editing || longAlts(draft).length) return;
    const ok = await save(shown, { ...alts, [editing]: draft }, t('admin.images.altSaved'));
    if (ok) setEditing(null);
  };

  // Files dropped on the box or on the list; photos dragged within the list reorder.
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    setDropActive(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDropActive(false);
    void upload(Array.from(event.dataTransfer?.files ?? []));
  };

  const editingIndex = editing ? shown.indexOf(editing) : -1;
  const tooLong = longAlts(draft);

  return (
    <section class="image-manager" aria-labelledby={`${id}-title`} data-testid="image-manager">
      <h3 id={`${id}-title`} class="image-manager__title">
        {t('admin.images.title')}
      </h3>
      <div
        class={`image-drop${dropActive ? ' image-drop--active' : ''}`}
        onDragOver={onDragOver}
        onDragLeave={() => setDropActive(false)}
        onDrop={onDrop}
        data-testid="image-drop"
      >
        <Icon name="plus" size={28} class="image-drop__icon" />
        <p class="image-drop__hint">{dropActive ? t('admin.images.dropNow') : t('admin.images.dropHint')}</p>
        <label class={`button button--small${busy ? ' image-drop__button--busy' : ''}`} for={`${id}-input`}>
          {t('admin.images.choose')}
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          class="visually-hidden"
          type="file"
          multiple
          accept={ACCEPT}
          disabled={busy !== null}
          data-testid="image-input"
          onChange={(event) => void upload(Array.from((event.currentTarget as HTMLInputElement).files ?? []))}
        />
        <p class="image-drop__rules">{t('admin.images.rules', { max: maxText })}</p>
      </div>

      {busy === 'upload' ? (
        <div class="image-progress" role="status">
          <progress max={100} value={percent(progress, 1)} aria-label={t('admin.images.uploading', { percent: percent(progress, 1) })} />
          <span>{t('admin.images.uploading', { percent: percent(progress, 1) })}</span>
        </div>
      ) : busy === 'save' ? (
        <p class="image-progress" role="status">
          {t('admin.images.saving')}
        </p>
      ) : null}

      {problems?.list.length ? (
        <div class="admin-alert admin-alert--error" role="alert" data-testid="image-problems">
          <p>{problems.all ? t('admin.images.refused') : t('admin.images.skipped')}</p>
          <ul>
            {problems.list.map((problem, i) => (
              <li key={`${problem.name}-${i}`}>
                {problem.name ? <strong class="image-problem__name">{problem.name}</strong> : null}
                {problem.name ? ': ' : ''}
                {problemText(problem)}
                {problem.kind === 'other' && problem.detail ? ` (${problem.detail})` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}

      {shown.length === 0 ? (
        <p class="image-manager__none">{t('admin.images.none')}</p>
      ) : (
        <>
          {shown.length > 1 ? <p class="image-manager__hint">{t('admin.images.reorderHint')}</p> : null}
          <ol class="image-list" onDragOver={onDragOver} onDrop={onDrop}>
            {shown.map((path, index) => {
              const n = index + 1;
              const alt = alts[path];
              const missing = missingLanguages(alt);
              return (
                <li
                  key={path}
                  class={`image-card${dragFrom === index ? ' image-card--dragging' : ''}${editing === path ? ' image-card--editing' : ''}`}
                  draggable={busy === null}
                  data-testid="image-card"
                  onDragStart={(event) => {
                    setDragFrom(index);
                    event.dataTransfer?.setData('text/plain', String(index));
                    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragEnd={() => setDragFrom(null)}
                  onDragOver={(event) => {
                    if (dragFrom === null || hasFiles(event)) return;
                    event.preventDefault();
                  }}
                  onDrop={(event) => {
                    if (dragFrom === null || hasFiles(event)) return;
                    event.preventDefault();
                    event.stopPropagation();
                    const from = dragFrom;
                    setDragFrom(null);
                    move(from, index);
                  }}
                >
                  <div class="image-card__picture">
                    <img
                      src={thumbnail(path)}
                      alt={altText(alt, locale) || t('admin.images.photo', { n })}
                      width={160}
                      height={160}
                      loading="lazy"
                      draggable={false}
                    />
                    <span class={`image-card__badge${index === 0 ? ' image-card__badge--main' : ''}`}>
                      {index === 0 ? t('admin.images.main') : n}
                    </span>
                  </div>
                  {missing.length ? <span class="image-card__missing">{t('admin.images.altMissing')}</span> : null}
                  <div class="image-card__actions">
                    <button
                      type="button"
                      class="image-card__icon-button"
                      aria-label={t('admin.images.moveLeft', { n })}
                      title={t('admin.images.moveLeft', { n })}
                      disabled={busy !== null || index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <span aria-hidden="true">←</span>
                    </button>
                    <button
                      type="button"
                      class="image-card__icon-button"
                      aria-label={t('admin.images.moveRight', { n })}
                      title={t('admin.images.moveRight', { n })}
                      disabled={busy !== null || index === shown.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <span aria-hidden="true">→</span>
                    </button>
                    <button
                      type="button"
                      class="image-card__icon-button image-card__icon-button--danger"
                      aria-label={t('admin.images.remove', { n })}
                      title={t('admin.images.remove', { n })}
                      disabled={busy !== null}
                      onClick={() => setConfirming(confirming === path ? null : path)}
                    >
                      <Icon name="trash" size={18} />
                    </button>
                    <button
                      type="button"
                      class="image-card__text-button"
                      aria-expanded={editing === path}
                      aria-controls={`${id}-alt`}
                      onClick={() => openAlt(path)}
                    >
                      {t('admin.images.altButton')}
                    </button>
                  </div>
                  {confirming === path ? (
                    <div class="image-card__confirm" role="group" aria-labelledby={`${id}-confirm-${index}`}>
                      <p id={`${id}-confirm-${index}`}>
                        <strong>{t('admin.images.removeTitle')}</strong> {t('admin.images.removeText')}
                      </p>
                      <div class="image-card__confirm-buttons">
                        <button type="button" class="button button--small button--danger" onClick={() => void remove(path)}>
                          {t('admin.images.removeYes')}
                        </button>
                        <button type="button" class="button button--small button--ghost" onClick={() => setConfirming(null)}>
                          {t('admin.images.cancel')}
                        </button>
                      </div>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </>
      )}

      {editing && editingIndex >= 0 ? (
        <form id={`${id}-alt`} class="image-alt" onSubmit={(event) => void saveAlt(event)} noValidate data-testid="image-alt">
          <div class="image-alt__head">
            <img src={thumbnail(editing)} alt="" width={64} height={64} />
            <div>
              <h4 class="image-alt__title">{t('admin.images.altTitle', { n: editingIndex + 1 })}</h4>
              <p class="image-alt__hint">{t('admin.images.altHint')}</p>
            </div>
          </div>
          <div class="image-alt__fields">
            {fieldOrder.map((lang) => {
              const empty = !draft[lang].trim();
              const long = tooLong.includes(lang);
              return (
                <div class="admin-field" key={lang}>
                  <label for={`${id}-alt-${lang}`}>
                    {languageName(lang)}
                    {empty ? <span class="image-alt__missing">{t('admin.images.missing')}</span> : null}
                  </label>
                  <input
                    id={`${id}-alt-${lang}`}
                    type="text"
                    lang={lang === 'my' ? 'ms' : lang}
                    value={draft[lang]}
                    aria-invalid={long ? true : undefined}
                    aria-describedby={long ? `${id}-alt-${lang}-error` : undefined}
                    onInput={(event) => setDraft({ ...draft, [lang]: (event.currentTarget as HTMLInputElement).value })}
                  />
                  {long ? (
                    <p id={`${id}-alt-${lang}-error`} class="admin-error">
                      {t('admin.images.tooLong', { max: MAX_ALT })}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
          <div class="image-alt__buttons">
            <button type="submit" class="button button--small" disabled={busy !== null || tooLong.length > 0}>
              {busy === 'save' ? t('admin.images.saving') : t('admin.images.saveAlt')}
            </button>
            <button type="button" class="button button--small button--ghost" onClick={() => setEditing(null)}>
              {t('admin.images.close')}
            </button>
          </div>
        </form>
      ) : null}

      <p class="visually-hidden" aria-live="polite">
        {announce}
      </p>
    </section>
  );
}
