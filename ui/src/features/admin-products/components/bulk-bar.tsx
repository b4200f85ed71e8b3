//! One change for the selected products: a price (a new amount in baht, or up or down by a
//! percent, rounded to whole baht), what happens to the compare-at price, and/or stock (set to a
//! level, or moved by a number of units, with the reason the ledger keeps). All of it is saved or
//! nothing: each product with a problem is named with the problem.
import { useId, useState } from 'react';
import type { CompareAtChange, FieldProblem, PriceChange, Product, StockChange } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { formatMoney } from '../../../lib/format';
import { bulkEdit } from '../api/products';
import { newPrice, parseBaht, validPercent } from '../product-rules';
import type { ProductTools } from '../tools';

type BulkBarProps = {
  codes: string[];
  products: Product[];
  tools: ProductTools;
  onSaved: (products: Product[]) => void;
  onClear: () => void;
};

type PriceMode = 'none' | 'percent' | 'absolute';
type StockMode = 'none' | 'adjust' | 'set';

export function BulkBar({ codes, products, tools, onSaved, onClear }: BulkBarProps) {
  const { t } = useI18n();
  const id = useId();
  const [priceMode, setPriceMode] = useState<PriceMode>('percent');
  const [priceValue, setPriceValue] = useState('');
  const [compareAt, setCompareAt] = useState<CompareAtChange>('keep');
  const [stockMode, setStockMode] = useState<StockMode>('none');
  const [stockValue, setStockValue] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  let price: PriceChange | undefined;
  let priceError: string | null = null;
  if (priceMode === 'percent') {
    const value = Number(priceValue.replace(',', '.'));
    if (priceValue.trim() && validPercent(value)) price = { mode: 'percent', value };
    else priceError = t('admin.products.bulk.percentHint');
  } else if (priceMode === 'absolute') {
    const satang = parseBaht(priceValue);
    if (satang !== null && Number.isFinite(satang) && satang > 0) price = { mode: 'absolute', value: satang };
    else priceError = t('admin.products.bulk.amountHint');
  }
  let stock: StockChange | undefined;
  let stockError: string | null = null;
  if (stockMode !== 'none') {
    const value = Number(stockValue);
    if (stockValue.trim() && Number.isInteger(value) && (stockMode === 'set' ? value >= 0 : value !== 0)) {
      stock = stockMode === 'set' ? { mode: 'set', value } : { mode: 'adjust', value };
    } else stockError = t('admin.products.bulk.stockHint');
  }
  const reasonError = stockMode !== 'none' && !reason.trim() ? t('admin.products.stockDialog.reasonRequired') : null;
  const nothing = priceMode === 'none' && stockMode === 'none';
  const [touched, setTouched] = useState(false);
  const example = products.find((p) => p.code === codes[0]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    setMessage(null);
    setProblems([]);
    if (nothing || priceError || stockError || reasonError) return;
    setBusy(true);
    try {
      const result = await bulkEdit({ codes, price, compareAt: price ? compareAt : undefined, stock, reason: stock ? reason.trim() : undefined });
      if (result.kind === 'done') {
        onSaved(result.products);
        setMessage({ ok: true, text: t('admin.products.bulk.saved', { count: result.products.length }) });
        setTouched(false);
      } else {
        setProblems(result.problems);
        setMessage({ ok: false, text: t('admin.products.bulk.refused') });
      }
    } catch (error) {
      setMessage({ ok: false, text: tools.errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="product-bulk" aria-labelledby={`${id}-title`} data-testid="bulk-bar">
      <form class="product-bulk__form" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`} class="product-bulk__title">
          {t('admin.products.bulk.selected', { count: codes.length })}
        </h2>
        <div class="admin-field">
          <label for={`${id}-price-mode`}>{t('admin.products.bulk.price')}</label>
          <select id={`${id}-price-mode`} value={priceMode} onChange={(event) => setPriceMode((event.currentTarget as HTMLSelectElement).value as PriceMode)}>
            <option value="none">{t('admin.products.bulk.noChange')}</option>
            <option value="percent">{t('admin.products.bulk.percent')}</option>
            <option value="absolute">{t('admin.products.bulk.absolute')}</option>
          </select>
        </div>
        {priceMode !== 'none' ? (
          <div class="admin-field">
            <label for={`${id}-price`}>{priceMode === 'percent' ? t('admin.products.bulk.percentLabel') : t('admin.products.bulk.amountLabel')}</label>
            <input
              id={`${id}-price`}
              inputMode="decimal"
              value={priceValue}
              aria-invalid={touched && priceError ? true : undefined}
              aria-describedby={`${id}-price-note`}
              onInput={(event) => setPriceValue((event.currentTarget as HTMLInputElement).value)}
            />
            <p id={`${id}-price-note`} class={touched && priceError ? 'admin-error' : 'admin-muted'}>
              {touched && priceError
                ? priceError
                : price && example
                  ? t('admin.products.bulk.example', { code: example.code, from: formatMoney(example.price), to: formatMoney(newPrice(example.price, price)) })
                  : priceMode === 'percent'
                    ? t('admin.products.bulk.rounding')
                    : ''}
            </p>
          </div>
        ) : null}
        {priceMode !== 'none' ? (
          <div class="admin-field">
            <label for={`${id}-compare`}>{t('admin.products.compareAtPrice')}</label>
            <select id={`${id}-compare`} value={compareAt} onChange={(event) => setCompareAt((event.currentTarget as HTMLSelectElement).value as CompareAtChange)}>
              <option value="keep">{t('admin.products.bulk.compareKeep')}</option>
              {priceMode === 'percent' ? <option value="scale">{t('admin.products.bulk.compareScale')}</option> : null}
              <option value="oldPrice">{t('admin.products.bulk.compareOld')}</option>
              <option value="clear">{t('admin.products.bulk.compareClear')}</option>
            </select>
          </div>
        ) : null}
        <div class="admin-field">
          <label for={`${id}-stock-mode`}>{t('admin.products.stock')}</label>
          <select id={`${id}-stock-mode`} value={stockMode} onChange={(event) => setStockMode((event.currentTarget as HTMLSelectElement).value as StockMode)}>
            <option value="none">{t('admin.products.bulk.noChange')}</option>
            <option value="adjust">{t('admin.products.bulk.stockAdjust')}</option>
            <option value="set">{t('admin.products.bulk.stockSet')}</option>
          </select>
        </div>
        {stockMode !== 'none' ? (
          <>
            <div class="admin-field">
              <label for={`${id}-stock`}>{stockMode === 'set' ? t('admin.products.bulk.stockLevel') : t('admin.products.bulk.stockUnits')}</label>
              <input
                id={`${id}-stock`}
                inputMode="numeric"
                value={stockValue}
                aria-invalid={touched && stockError ? true : undefined}
                onInput={(event) => setStockValue((event.currentTarget as HTMLInputElement).value)}
              />
              {touched && stockError ? <p class="admin-error">{stockError}</p> : null}
            </div>
            <div class="admin-field admin-field--grow">
              <label for={`${id}-reason`}>{t('admin.products.stockDialog.reason')}</label>
              <input
                id={`${id}-reason`}
                value={reason}
                maxLength={200}
                aria-invalid={touched && reasonError ? true : undefined}
                onInput={(event) => setReason((event.currentTarget as HTMLInputElement).value)}
              />
              {touched && reasonError ? <p class="admin-error">{reasonError}</p> : null}
            </div>
          </>
        ) : null}
        <div class="product-actions">
          <button type="submit" class="button" disabled={busy || nothing}>
            {busy ? t('common.loading') : t('admin.products.bulk.apply', { count: codes.length })}
          </button>
          <button type="button" class="button button--ghost" onClick={onClear} disabled={busy}>
            {t('admin.products.bulk.clear')}
          </button>
        </div>
      </form>
      <div class="product-bulk__result" role="status">
        {message ? <p class={message.ok ? 'admin-alert admin-alert--ok' : 'admin-alert admin-alert--error'}>{message.text}</p> : null}
        {problems.length ? (
          <ul class="product-problems">
            {problems.map((problem, i) => (
              <li key={i}>
                {problem.code ? <strong>{problem.code}</strong> : null} {t('admin.products.problemAt', { field: problem.field })}: {problem.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
