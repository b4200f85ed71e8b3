//! CSV import: pick a file (the columns of the export and of `kiosk catalog import`), see every
//! problem by line and what each row would change — nothing is written — then apply it, all or
//! nothing.
import { useId, useState } from 'react';
import type { ImportPreview } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { importCsv } from '../api/products';
import type { ProductTools } from '../tools';

type CsvImportProps = { tools: ProductTools; onApplied: () => void; onClose: () => void };

/** Most bytes one import takes (the server's JSON body limit is 1 MiB). */
const MAX_BYTES = 900 * 1024;

export function CsvImport({ tools, onApplied, onClose }: CsvImportProps) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [applied, setApplied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    setPreview(null);
    setApplied(false);
    setError(null);
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(t('admin.products.csv.tooLarge'));
      return;
    }
    const content = await file.text();
    setText(content);
    setName(file.name);
    setBusy(true);
    try {
      setPreview((await importCsv(content, false)).preview);
    } catch (failure) {
      setError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (text === null) return;
    setBusy(true);
    setError(null);
    try {
      const result = await importCsv(text, true);
      setPreview(result.preview);
      setApplied(result.applied);
      if (result.applied) onApplied();
    } catch (failure) {
      setError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const changes = preview?.rows.filter((row) => row.change !== 'unchanged') ?? [];
  return (
    <section class="admin-card csv-import" aria-labelledby={`${id}-title`} data-testid="csv-import">
      <h2 id={`${id}-title`} class="admin-card__title">
        {t('admin.products.csv.title')}
      </h2>
      <p class="admin-muted">{t('admin.products.csv.hint')}</p>
      <div class="admin-field">
        <label for={`${id}-file`}>{t('admin.products.csv.file')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(event) => void pick((event.currentTarget as HTMLInputElement).files?.[0])}
        />
      </div>
      {busy ? <p role="status">{t('common.loading')}</p> : null}
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {preview ? (
        <div class="csv-import__preview" role="status">
          {applied ? (
            <p class="admin-alert admin-alert--ok">{t('admin.products.csv.applied', { new: preview.new, updated: preview.updated })}</p>
          ) : (
            <p>
              {t('admin.products.csv.summary', { name, new: preview.new, updated: preview.updated, unchanged: preview.unchanged })}
            </p>
          )}
          {preview.problems.length ? (
            <>
              <p class="admin-alert admin-alert--error">{t('admin.products.csv.problems', { count: preview.problems.length })}</p>
              <ul class="product-problems" data-testid="csv-problems">
                {preview.problems.map((problem, i) => (
                  <li key={i}>{problem}</li>
                ))}
              </ul>
            </>
          ) : null}
          {changes.length && !applied ? (
            <div class="table-scroll">
              <table class="data-table">
                <caption class="visually-hidden">{t('admin.products.csv.changes')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.products.csv.line')}</th>
                    <th scope="col">{t('admin.products.code')}</th>
                    <th scope="col">{t('admin.products.csv.change')}</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((row) => (
                    <tr key={row.line}>
                      <td class="data-table__num">{row.line}</td>
                      <th scope="row">{row.code}</th>
                      <td>
                        {row.change === 'new' ? t('admin.products.csv.new') : row.details || row.fields.join(', ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <div class="product-actions">
            {!applied ? (
              <button type="button" class="button" onClick={() => void apply()} disabled={busy || preview.problems.length > 0 || !changes.length}>
                {t('admin.products.csv.apply', { count: changes.length })}
              </button>
            ) : null}
            <button type="button" class="button button--ghost" onClick={onClose}>
              {t('admin.products.csv.close')}
            </button>
          </div>
        </div>
      ) : (
        <div class="product-actions">
          <button type="button" class="button button--ghost" onClick={onClose}>
            {t('admin.products.csv.close')}
          </button>
        </div>
      )}
    </section>
  );
}
