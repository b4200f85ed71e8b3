//! Stock adjustment: add or take units with the reason (a count, a delivery, damage); the level
//! never goes below zero. The product's ledger (who, when, how many, why, level after) is below.
import { useEffect, useId, useRef, useState } from 'react';
import type { StockEntry } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { formatNumber } from '../../../lib/format';
import { adjustStock } from '../api/products';
import type { ProductTools } from '../tools';

type StockDialogProps = {
  code: string;
  level: number;
  ledger: StockEntry[];
  tools: ProductTools;
  onAdjusted: (level: number, entry: StockEntry) => void;
  onClose: () => void;
};

/** The signed number of units typed ("+5", "-2", "3"); null when not a whole number other than 0. */
export function parseDelta(text: string): number | null {
  const clean = text.replace(/\s/g, '');
  if (!/^[+-]?\d+$/.test(clean)) return null;
  const value = Number(clean);
  return value === 0 || !Number.isSafeInteger(value) ? null : value;
}

export function StockLedger({ ledger, tools }: { ledger: StockEntry[]; tools: ProductTools }) {
  const { t } = useI18n();
  if (!ledger.length) return <p class="admin-muted">{t('admin.products.stockDialog.noLedger')}</p>;
  return (
    <div class="table-scroll stock-ledger">
      <table class="data-table">
        <caption class="visually-hidden">{t('admin.products.stockDialog.ledger')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.products.stockDialog.when')}</th>
            <th scope="col" class="data-table__num">
              {t('admin.products.stockDialog.change')}
            </th>
            <th scope="col" class="data-table__num">
              {t('admin.products.stockDialog.after')}
            </th>
            <th scope="col">{t('admin.products.stockDialog.reason')}</th>
            <th scope="col">{t('admin.products.stockDialog.who')}</th>
          </tr>
        </thead>
        <tbody>
          {ledger.map((entry) => (
            <tr key={`${entry.at}-${entry.level}-${entry.delta}`}>
              <td class="data-table__nowrap">{tools.time(entry.at)}</td>
              <td class="data-table__num">{entry.delta > 0 ? `+${formatNumber(entry.delta)}` : formatNumber(entry.delta)}</td>
              <td class="data-table__num">{formatNumber(entry.level)}</td>
              <td>{entry.reason === 'opening stock' ? t('admin.products.stockDialog.opening') : entry.reason === 'import' ? t('admin.products.stockDialog.imported') : entry.reason}</td>
              <td>{entry.actor}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StockDialog({ code, level, ledger, tools, onAdjusted, onClose }: StockDialogProps) {
  const { t } = useI18n();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  const units = parseDelta(delta);
  const after = units === null ? null : level + units;
  const deltaError = units === null ? t('admin.products.stockDialog.deltaHint') : after !== null && after < 0 ? t('admin.products.stockDialog.belowZero', { level }) : null;
  const reasonError = reason.trim() ? null : t('admin.products.stockDialog.reasonRequired');

  const submit = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (deltaError || reasonError || units === null) return;
    setBusy(true);
    try {
      const result = await adjustStock(code, units, reason.trim());
      if (result.kind === 'done') onAdjusted(Number(result.answer.level), result.answer.entry);
      else setError(result.problems.map((p) => `${p.field}: ${p.message}`).join(' '));
    } catch (failure) {
      setError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      class="admin-dialog stock-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={`${id}-title`} class="admin-dialog__title">
        {t('admin.products.stockDialog.title', { code })}
      </h2>
      <form class="stock-dialog__form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('admin.products.stockDialog.now', { level: formatNumber(level) })}</p>
        <div class="admin-field">
          <label for={`${id}-delta`}>{t('admin.products.stockDialog.delta')}</label>
          <input
            id={`${id}-delta`}
            inputMode="numeric"
            value={delta}
            placeholder="+5 / -2"
            aria-invalid={touched && deltaError ? true : undefined}
            aria-describedby={`${id}-delta-note`}
            onInput={(event) => setDelta((event.currentTarget as HTMLInputElement).value)}
            autoFocus
          />
          <p id={`${id}-delta-note`} class={touched && deltaError ? 'admin-error' : 'admin-muted'}>
            {touched && deltaError ? deltaError : after !== null && after >= 0 ? t('admin.products.stockDialog.willBe', { level: formatNumber(after) }) : ''}
          </p>
        </div>
        <div class="admin-field">
          <label for={`${id}-reason`}>{t('admin.products.stockDialog.reason')}</label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={200}
            placeholder={t('admin.products.stockDialog.reasonHint')}
            aria-invalid={touched && reasonError ? true : undefined}
            onInput={(event) => setReason((event.currentTarget as HTMLInputElement).value)}
          />
          {touched && reasonError ? <p class="admin-error">{reasonError}</p> : null}
        </div>
        {error ? (
          <p class="admin-alert admin-alert--error" role="alert">
            {error}
          </p>
        ) : null}
        <div class="admin-dialog__actions">
          <button type="button" class="button button--ghost" onClick={onClose} disabled={busy}>
            {t('admin.products.cancel')}
          </button>
          <button type="submit" class="button" disabled={busy}>
            {busy ? t('common.loading') : t('admin.products.stockDialog.save')}
          </button>
        </div>
      </form>
      <h3 class="stock-dialog__ledger-title">{t('admin.products.stockDialog.ledger')}</h3>
      <StockLedger ledger={ledger} tools={tools} />
    </dialog>
  );
}
