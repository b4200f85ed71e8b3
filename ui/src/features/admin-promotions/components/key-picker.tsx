//! Include / exclude pickers for rooms and categories: each key a toggle chip in two rows, and
//! products found by search. A key is either included or excluded, never both.
import { useEffect, useState } from 'react';
import type { ProductSummary } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { searchProducts } from '../api/promotions-api';
import type { ListField, PromotionDraft } from '../promotion-rules';

type Option = { key: string; title: string };

type ChipsProps = {
  legend: string;
  options: Option[];
  include: ListField;
  exclude: ListField;
  draft: PromotionDraft;
  onToggle: (field: ListField, key: string) => void;
  testId: string;
  /** A long list scrolls in its own box. */
  scroll?: boolean;
};

export function KeyPicker({ legend, options, include, exclude, draft, onToggle, testId, scroll = false }: ChipsProps) {
  const { t } = useI18n();
  const row = (field: ListField, label: string) => (
    <div class="promo-picker__row">
      <span class="promo-picker__label">{label}</span>
      <div class={`chip-row promo-picker__chips${scroll ? ' promo-picker__chips--scroll' : ''}`}>
        {options.map((option) => (
          <button
            key={option.key}
            type="button"
            class="chip-button"
            aria-pressed={draft[field].includes(option.key)}
            data-key={option.key}
            data-list={field}
            onClick={() => onToggle(field, option.key)}
          >
            {option.title}
          </button>
        ))}
      </div>
    </div>
  );
  return (
    <fieldset class="promo-picker" data-testid={testId}>
      <legend>{legend}</legend>
      {row(include, t('admin.promotions.include'))}
      {row(exclude, t('admin.promotions.exclude'))}
    </fieldset>
  );
}

type ProductPickerProps = {
  draft: PromotionDraft;
  onToggle: (field: ListField, key: string) => void;
};

export function ProductPicker({ draft, onToggle }: ProductPickerProps) {
  const { t, locale } = useI18n();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<ProductSummary[]>([]);
  useEffect(() => {
    const text = keyword.trim();
    if (text.length < 2) {
      setFound([]);
      return undefined;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchProducts(text, locale, { signal: controller.signal, track: false }).then(
        (products) => !controller.signal.aborted && setFound(products),
        () => !controller.signal.aborted && setFound([]),
      );
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, locale]);
  const chosen = (field: ListField, label: string) =>
    draft[field].length ? (
      <p class="promo-picker__chosen">
        <span class="promo-picker__label">{label}</span>
        {draft[field].map((code) => (
          <button key={code} type="button" class="chip-button" aria-pressed="true" onClick={() => onToggle(field, code)} aria-label={t('admin.promotions.removeCode', { code })}>
            {code} ×
          </button>
        ))}
      </p>
    ) : null;
  return (
    <fieldset class="promo-picker" data-testid="product-picker">
      <legend>{t('admin.promotions.products')}</legend>
      {chosen('prodInc', t('admin.promotions.include'))}
      {chosen('prodExc', t('admin.promotions.exclude'))}
      <div class="admin-field">
        <label for="promo-product-search">{t('admin.promotions.findProduct')}</label>
        <input id="promo-product-search" type="search" value={keyword} autoComplete="off" onInput={(event) => setKeyword((event.currentTarget as HTMLInputElement).value)} />
      </div>
      {found.length ? (
        <ul class="promo-found">
          {found.map((product) => (
            <li key={product.code}>
              <span class="promo-found__name">
                <code>{product.code}</code> {product.name || product.code}
              </span>
              <span class="promo-found__actions">
                <button type="button" class="button button--ghost button--small" onClick={() => onToggle('prodInc', product.code)}>
                  {t('admin.promotions.include')}
                </button>
                <button type="button" class="button button--ghost button--small" onClick={() => onToggle('prodExc', product.code)}>
                  {t('admin.promotions.exclude')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
