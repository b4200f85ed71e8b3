//! The filters of a product list: on a search the room and category, then a price range (whole
//! baht), materials, colours and sizes (docs/VARIANTS.md §4) as toggle pills, each with how many products it would show (options
//! that would show none are left out). Every change becomes a new URL at once; on a phone the panel
//! opens from a button.
import { useState } from 'react';
import type { Facets } from '../../../api/types';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { formatNumber } from '../../../lib/format';
import { useResource } from '../../../lib/resource';
import { useNarrow } from '../../../lib/use-narrow';
import { categories, findCategoryPathByKey, rooms } from '../catalog-store';
import { toggleKey, toggleSize, withFilters, type CatalogFilters } from '../filter-state';
import { labelOptions, type CatalogLabels, type LabelGroupName } from '../labels';

type FilterPanelProps = {
  id: string;
  open: boolean;
  filters: CatalogFilters;
  labels: CatalogLabels;
  onChange: (next: CatalogFilters) => void;
  /** Counts per option from the last answer; without them every option shows. */
  facets?: Facets;
  /** Offer rooms and categories too (search results, which have neither by their page). */
  scoped?: boolean;
};

/** The options worth offering: those with matches, and any already chosen. */
export function offeredOptions<T extends { key: string }>(options: T[], counts: Record<string, number> | undefined, selected: string[]): T[] {
  if (!counts) return options;
  return options.filter((option) => (counts[option.key] ?? 0) > 0 || selected.includes(option.key));
}

/**
 * How many products an option would show: the option's description (`aria-describedby` reads
 * hidden text), kept out of its name, which stays its title.
 */
function Count({ id, value }: { id: string; value: number | undefined }) {
  return value === undefined ? null : (
    <span id={id} class="filter-pill__count" aria-hidden="true">
      ({formatNumber(value)})
    </span>
  );
}

/** A stable element id for an option's count. */
function countId(panel: string, group: string, key: string): string {
  return `${panel}-${group}-${key}-count`;
}

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

function KeyGroup({ id, group, filters, labels, onChange, facets, hidden }: { group: LabelGroupName; hidden: boolean } & Omit<FilterPanelProps, 'open'>) {
  const { t, locale } = useI18n();
  const selected = filters[group];
  const counts = facets ? (group === 'material' ? facets.materials : facets.colours) : undefined;
  // A closed panel on a phone lists nothing: ordering the titles needs the language's collator,
  // whose locale data costs a phone tens of milliseconds in the page's first render.
  const options = hidden ? [] : offeredOptions(labelOptions(labels.groups, group, locale, selected), counts, selected);
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
                aria-describedby={counts?.[option.key] === undefined ? undefined : countId(id, group, option.key)}
                onChange={() => onChange(withFilters(filters, { [group]: toggleKey(selected, option.key) }))}
              />
              {group === 'colour' ? <span class="swatch" data-colour={option.key} aria-hidden="true" /> : null}
              <span>{option.title}</span>
              <Count id={countId(id, group, option.key)} value={counts?.[option.key]} />
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/**
 * Sizes of the matches' variants ("5 ft", "160 × 200"): no label set names them, so the answer
 * carries their words (`sizeLabels`), and they come in the answer's order. Shown only when some
 * match is sold in sizes, or a size is chosen.
 */
function SizeGroup({ id, filters, onChange, facets }: Omit<FilterPanelProps, 'open' | 'labels'>) {
  const { t, locale } = useI18n();
  const counts = facets?.sizes ?? {};
  const selected = filters.size ?? [];
  const keys = Object.keys(counts).filter((key) => (counts[key] ?? 0) > 0);
  for (const key of selected) if (!keys.includes(key)) keys.push(key);
  if (keys.length === 0) return null;
  return (
    <fieldset class="filters__group">
      <legend class="filters__legend">{t('catalog.size')}</legend>
      <div class="filters__options">
        {keys.map((key) => (
          <label key={key} class="filter-pill">
            <input
              type="checkbox"
              name="size"
              value={key}
              checked={selected.includes(key)}
              aria-describedby={counts[key] === undefined ? undefined : countId(id, 'size', key)}
              onChange={() => onChange(withFilters(filters, { size: toggleSize(selected, key) }))}
            />
            <span>{pickText(facets?.sizeLabels?.[key], locale) || key}</span>
            <Count id={countId(id, 'size', key)} value={counts[key]} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Rooms or categories of the matches, one at a time (choosing the chosen one again clears it). */
function ScopeGroup({ id, group, filters, onChange, facets }: { group: 'room' | 'category' } & Omit<FilterPanelProps, 'open' | 'labels'>) {
  const { t, locale } = useI18n();
  const roomList = useResource(rooms).data ?? [];
  const tree = useResource(categories).data ?? [];
  const counts = (group === 'room' ? facets?.rooms : facets?.categories) ?? {};
  const selected = filters[group];
  const title = (key: string) => {
    if (group === 'room') {
      const room = roomList.find((r) => r.key === key);
      return room ? pickText(room.title, locale) : key;
    }
    const path = findCategoryPathByKey(tree, key);
    const node = path[path.length - 1];
    return node ? pickText(node.title, locale) : key;
  };
  const keys = Object.keys(counts);
  if (selected && !keys.includes(selected)) keys.push(selected);
  // Most matches first; equal counts in key order. Comparing the titles in the language took
  // 35–45 ms of a phone's first render of a Thai search (building a Thai collator), for an
  // order among equals that shoppers do not read.
  const options = keys
    .map((key) => ({ key, title: title(key) }))
    .sort((a, b) => (counts[b.key] ?? 0) - (counts[a.key] ?? 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Before the first answer the row is kept empty at its height, so the results do not move
  // when the options arrive; with no matches at all there is nothing to offer.
  if (facets && options.length === 0) return null;
  return (
    <fieldset class="filters__group filters__group--scope">
      <legend class="filters__legend">{group === 'room' ? t('catalog.room') : t('catalog.category')}</legend>
      <div class="filters__options filters__options--row">
        {options.map((option) => (
          <label key={option.key} class="filter-pill">
            <input
              type="checkbox"
              name={group}
              value={option.key}
              checked={selected === option.key}
              aria-describedby={counts[option.key] === undefined ? undefined : countId(id, group, option.key)}
              onChange={() => onChange(withFilters(filters, { [group]: selected === option.key ? null : option.key }))}
            />
            <span>{option.title}</span>
            <Count id={countId(id, group, option.key)} value={counts[option.key]} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function FilterPanel({ id, open, filters, labels, onChange, facets, scoped = false }: FilterPanelProps) {
  const hidden = useNarrow() && !open;
  return (
    <div id={id} class={`filters${open ? ' is-open' : ''}`}>
      {scoped ? <ScopeGroup id={id} group="room" filters={filters} onChange={onChange} facets={facets} /> : null}
      {scoped ? <ScopeGroup id={id} group="category" filters={filters} onChange={onChange} facets={facets} /> : null}
      {/* Keyed by the range in the URL, so Back and "clear" reset what the boxes show. */}
      <PriceRange key={`${filters.minPrice}-${filters.maxPrice}`} filters={filters} onChange={onChange} />
      <KeyGroup id={id} group="material" filters={filters} labels={labels} onChange={onChange} facets={facets} hidden={hidden} />
      <KeyGroup id={id} group="colour" filters={filters} labels={labels} onChange={onChange} facets={facets} hidden={hidden} />
      <SizeGroup id={id} filters={filters} onChange={onChange} facets={facets} />
    </div>
  );
}
