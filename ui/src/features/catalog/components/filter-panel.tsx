//! The filters of a product list: a price range (whole baht), materials and colours as toggle
//! pills. Every change becomes a new URL at once; on a phone the panel opens from a button.
import { useState } from 'react';
import { useI18n } from '../../../i18n/i18n-store';
import { toggleKey, withFilters, type CatalogFilters } from '../filter-state';
import { labelOptions, type CatalogLabels, type LabelGroupName } from '../labels';

type FilterPanelProps = {
  id: string;
  open: boolean;
  filters: CatalogFilters;
  labels: CatalogLabels;
  onChange: (next: CatalogFilters) => void;
};

/** Reads a price box: whole baht, '' for no bound, null when it is not a whole number. */
function readBaht(text: string): number | null | undefined {
  const value = text.trim().replace(/[,\s]/g, '');
  if (!value) return undefined;
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

function PriceRange({ filters, onChange }: { filters: CatalogFilters; onChange: FilterPanelProps['onChange'] }) {
  const { t } = useI18n();
  const [min, setMin] = useState(filters.minPrice === null ? '' : String(filters.minPrice));
  const [max, setMax] = useState(filters.maxPrice === null ? '' : String(filters.maxPrice));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    let low = readBaht(min);
    let high = readBaht(max);
    if (low === null || high === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    // Typed the wrong way round: the range the shopper meant.
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
    onChange(withFilters(filters, { minPrice: low ?? null, maxPrice: high ?? null }));
  };
  return (
    <form class="filters__group filters__price" onSubmit={submit} noValidate>
      <fieldset>
        <legend class="filters__legend">{t('catalog.priceLegend')}</legend>
        <div class="filters__price-row">
          <label class="filters__price-field">
            <span>{t('catalog.priceFrom')}</span>
            <input
              type="text"
              inputMode="numeric"
              name="minPrice"
              autoComplete="off"
              value={min}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'price-error' : undefined}
              onInput={(event) => setMin((event.currentTarget as HTMLInputElement).value)}
            />
          </label>
          <span class="filters__dash" aria-hidden="true">
            –
          </span>
          <label class="filters__price-field">
            <span>{t('catalog.priceTo')}</span>
            <input
              type="text"
              inputMode="numeric"
              name="maxPrice"
              autoComplete="off"
              value={max}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'price-error' : undefined}
              onInput={(event) => setMax((event.currentTarget as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" class="button button--ghost filters__apply">
            {t('catalog.apply')}
          </button>
        </div>
        {invalid ? (
          <p id="price-error" class="filters__error" role="alert">
            {t('catalog.priceInvalid')}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}

function KeyGroup({ group, filters, labels, onChange }: { group: LabelGroupName } & Omit<FilterPanelProps, 'id' | 'open'>) {
  const { t, locale } = useI18n();
  const selected = filters[group];
  const options = labelOptions(labels.groups, group, locale, selected);
  return (
    <fieldset class="filters__group">
      <legend class="filters__legend">{group === 'material' ? t('catalog.material') : t('catalog.colour')}</legend>
      {options.length === 0 ? (
        <p class="filters__note">{labels.loaded ? t('catalog.noOptions') : t('common.loading')}</p>
      ) : (
        <div class="filters__options">
          {options.map((option) => (
            <label key={option.key} class="filter-pill">
              <input
                type="checkbox"
                name={group}
                value={option.key}
                checked={selected.includes(option.key)}
                onChange={() => onChange(withFilters(filters, { [group]: toggleKey(selected, option.key) }))}
              />
              {group === 'colour' ? <span class="swatch" data-colour={option.key} aria-hidden="true" /> : null}
              <span>{option.title}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

export function FilterPanel({ id, open, filters, labels, onChange }: FilterPanelProps) {
  return (
    <div id={id} class={`filters${open ? ' is-open' : ''}`}>
      {/* Keyed by the range in the URL, so Back and "clear" reset what the boxes show. */}
      <PriceRange key={`${filters.minPrice}-${filters.maxPrice}`} filters={filters} onChange={onChange} />
      <KeyGroup group="material" filters={filters} labels={labels} onChange={onChange} />
      <KeyGroup group="colour" filters={filters} labels={labels} onChange={onChange} />
    </div>
  );
}
