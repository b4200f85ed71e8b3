//! The product form's "Options and variants" section (docs/VARIANTS.md §6): options (kind, name
//! in the five languages — Thai and English shown, the others folded away), their values, "generate
//! combinations" (keeps every variant, adds the missing ones with a suggested code), and one row
//! per variant: code, price, compare-at price, stock (a stored variant's level with its
//! adjustment; a new one's opening stock), shown or hidden, and which of the product's photos
//! show it. Rows can be selected to give them one price or one stock level. A table on a wide
//! screen, stacked cards on a phone. The server's problems show at their row and field.
import { useId, useState } from 'react';
import type { Localized, OptionKind } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { formatMoney, formatNumber } from '../../../lib/format';
import { LOW_STOCK, parseBaht } from '../product-rules';
import type { ProductTools } from '../tools';
import {
  MAX_OPTIONS,
  MAX_VALUES,
  OPTION_KINDS,
  addOption,
  addValue,
  choiceText,
  generateCombinations,
  lowestPrice,
  removeNewVariant,
  removeOption,
  removeValue,
  setOpening,
  setPrices,
  updateOption,
  updateValue,
  updateVariant,
  valueInUse,
  variantField,
  type VariantDraft,
  type VariantsDraft,
} from '../variant-rules';

const SHOWN_LANGS = ['th', 'en'] as const;
const FOLDED_LANGS = ['my', 'km', 'id'] as const;

export type VariantEditorProps = {
  draft: VariantsDraft;
  onChange: (draft: VariantsDraft) => void;
  productCode: string;
  /** The product's price as typed: the first generated variants take it. */
  price: string;
  /** The product's photos, which variants pick from. */
  images: string[];
  problems: Record<string, string[]>;
  tools: ProductTools;
  /** Opens the stock adjustment of a stored variant. */
  onAdjust: (code: string) => void;
  /** Sets the level of stored variants through the ledger (a bulk edit with a reason). */
  onSetStock: (codes: string[], level: number, reason: string) => Promise<string | null>;
};

function Problems({ messages }: { messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return <p class="admin-error">{messages.join(' ')}</p>;
}

export function VariantEditor({ draft, onChange, productCode, price, images, problems, tools, onAdjust, onSetStock }: VariantEditorProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkStock, setBulkStock] = useState('');
  const [bulkReason, setBulkReason] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const lang: keyof Localized = locale === 'th' || locale === 'en' || locale === 'my' || locale === 'km' || locale === 'id' ? locale : 'en';

  const change = (next: VariantsDraft) => {
    onChange(next);
    setNote(null);
  };
  const rowProblems = new Map<number, Record<string, string[]>>();
  const sectionProblems: string[] = [];
  for (const [field, messages] of Object.entries(problems)) {
    const at = variantField(field);
    if (at) {
      const row = rowProblems.get(at[0]) ?? {};
      row[at[1]] = [...(row[at[1]] ?? []), ...messages];
      rowProblems.set(at[0], row);
    } else if (field === 'variants' || field.startsWith('options')) {
      sectionProblems.push(...messages.map((m) => `${fieldLabel(field)}: ${m}`));
    }
  }
  function fieldLabel(field: string): string {
    const option = /^options\[(\d+)\](?:\.values\[(\d+)\])?/.exec(field);
    if (!option) return t('admin.products.variants.variantsTitle', { count: draft.variants.length });
    const head = t('admin.products.variants.option', { n: Number(option[1]) + 1 });
    return option[2] === undefined ? head : `${head} · ${t('admin.products.variants.value', { n: Number(option[2]) + 1 })}`;
  }

  const generate = () => {
    const next = generateCombinations(draft, productCode, price);
    const added = next.variants.length - draft.variants.length;
    onChange(next);
    setNote(added ? { ok: true, text: t('admin.products.variants.generated', { count: added }) } : { ok: false, text: t('admin.products.variants.noneGenerated') });
  };
  const canGenerate = draft.options.length > 0 && draft.options.every((o) => o.values.length > 0);
  const allSelected = draft.variants.length > 0 && selected.length === draft.variants.length;
  const toggleRow = (row: number) => setSelected((s) => (s.includes(row) ? s.filter((r) => r !== row) : [...s, row]));

  const applyPrice = () => {
    const satang = parseBaht(bulkPrice);
    if (satang === null || !Number.isFinite(satang) || satang <= 0) {
      setNote({ ok: false, text: t('admin.products.bulk.amountHint') });
      return;
    }
    onChange(setPrices(draft, selected, bulkPrice.trim()));
    setNote({ ok: true, text: t('admin.products.variants.pricesSet', { count: selected.length }) });
  };
  const applyStock = async () => {
    const level = Number(bulkStock.trim());
    if (!bulkStock.trim() || !Number.isInteger(level) || level < 0) {
      setNote({ ok: false, text: t('admin.products.bulk.stockHint') });
      return;
    }
    const stored = selected.filter((row) => draft.variants[row]?.stored).map((row) => draft.variants[row]!.code);
    if (stored.length && !bulkReason.trim()) {
      setNote({ ok: false, text: t('admin.products.stockDialog.reasonRequired') });
      return;
    }
    onChange(setOpening(draft, selected, String(level)));
    if (!stored.length) {
      setNote({ ok: true, text: t('admin.products.variants.openingSet', { count: selected.length }) });
      return;
    }
    setBusy(true);
    const failure = await onSetStock(stored, level, bulkReason.trim());
    setBusy(false);
    setNote(failure ? { ok: false, text: failure } : { ok: true, text: t('admin.products.variants.stockSet', { count: stored.length, level: formatNumber(level) }) });
  };

  const textInputs = (value: Localized, label: (lang: string) => string, onText: (next: Localized) => void, key: string, invalid?: (lang: string) => boolean) => {
    const one = (l: keyof Localized) => (
      <div class="admin-field" key={l}>
        <label for={`${id}-${key}-${l}`}>{label(t(`admin.products.lang.${l}`))}</label>
        <input
          id={`${id}-${key}-${l}`}
          lang={l === 'my' ? 'ms' : l}
          value={value[l]}
          maxLength={100}
          aria-invalid={invalid?.(l) ? true : undefined}
          onInput={(event) => onText({ ...value, [l]: (event.currentTarget as HTMLInputElement).value })}
        />
      </div>
    );
    return (
      <>
        <div class="variant-texts">{SHOWN_LANGS.map(one)}</div>
        <details class="variant-more">
          <summary>{t('admin.products.variants.otherLanguages')}</summary>
          <div class="variant-texts">{FOLDED_LANGS.map(one)}</div>
        </details>
      </>
    );
  };

  const photoPicker = (variant: VariantDraft, row: number) =>
    images.length ? (
      <div class="variant-photos" role="group" aria-label={t('admin.products.variants.photosOf', { code: variant.code })}>
        {images.map((image, n) => {
          const on = variant.images.includes(image);
          return (
            <button
              key={image}
              type="button"
              class={on ? 'variant-photo variant-photo--on' : 'variant-photo'}
              aria-pressed={on}
              aria-label={t('admin.products.variants.photo', { n: n + 1 })}
              onClick={() => change(updateVariant(draft, row, { images: on ? variant.images.filter((i) => i !== image) : [...variant.images, image] }))}
            >
              <img src={`${image}?w=160`} alt="" width={48} height={48} loading="lazy" />
            </button>
          );
        })}
      </div>
    ) : (
      <span class="admin-muted">{t('admin.products.variants.noPhotos')}</span>
    );

  const cells = (variant: VariantDraft, row: number) => {
    const bad = rowProblems.get(row) ?? {};
    const fieldId = (name: string) => `${id}-v${row}-${name}`;
    const low = variant.stored && variant.active && variant.level <= LOW_STOCK;
    return {
      check: (
        <input
          type="checkbox"
          class="desk-check"
          checked={selected.includes(row)}
          aria-label={t('admin.products.variants.selectRow', { code: variant.code || String(row + 1) })}
          onChange={() => toggleRow(row)}
        />
      ),
      choice: (
        <span class="variant-choice">
          {choiceText(draft.options, variant.values, lang)}
          {!variant.stored ? <span class="status-chip">{t('admin.products.variants.new')}</span> : null}
          {!variant.active ? <span class="status-chip status-chip--off">{t('admin.products.hidden')}</span> : null}
        </span>
      ),
      code: (
        <div class="admin-field">
          <label for={fieldId('code')} class="variant-label">
            {t('admin.products.code')}
          </label>
          <input
            id={fieldId('code')}
            value={variant.code}
            readOnly={variant.stored}
            maxLength={64}
            autoCapitalize="characters"
            aria-invalid={bad.code ? true : undefined}
            onInput={(event) => change(updateVariant(draft, row, { code: (event.currentTarget as HTMLInputElement).value }))}
          />
          <Problems messages={bad.code} />
        </div>
      ),
      price: (
        <div class="admin-field">
          <label for={fieldId('price')} class="variant-label">
            {t('admin.products.variants.price')}
          </label>
          <input
            id={fieldId('price')}
            inputMode="decimal"
            value={variant.price}
            aria-invalid={bad.price ? true : undefined}
            onInput={(event) => change(updateVariant(draft, row, { price: (event.currentTarget as HTMLInputElement).value }))}
          />
          <Problems messages={bad.price} />
        </div>
      ),
      compare: (
        <div class="admin-field">
          <label for={fieldId('compare')} class="variant-label">
            {t('admin.products.variants.compareAt')}
          </label>
          <input
            id={fieldId('compare')}
            inputMode="decimal"
            value={variant.compareAtPrice}
            aria-invalid={bad.compareAtPrice ? true : undefined}
            onInput={(event) => change(updateVariant(draft, row, { compareAtPrice: (event.currentTarget as HTMLInputElement).value }))}
          />
          <Problems messages={bad.compareAtPrice} />
        </div>
      ),
      stock: variant.stored ? (
        <div class="admin-field variant-stock">
          <span class="variant-label admin-field__label">{t('admin.products.stock')}</span>
          <span class={low ? 'product-stock product-stock--low' : 'product-stock'} data-testid="variant-level">
            {formatNumber(variant.level)}
          </span>
          <button
            type="button"
            class="button button--ghost button--small"
            aria-label={t('admin.products.variants.adjustOf', { code: variant.code })}
            onClick={() => onAdjust(variant.code)}
          >
            {t('admin.products.variants.adjust')}
          </button>
          <Problems messages={bad.stock} />
        </div>
      ) : (
        <div class="admin-field">
          <label for={fieldId('opening')} class="variant-label">
            {t('admin.products.openingStock')}
          </label>
          <input
            id={fieldId('opening')}
            inputMode="numeric"
            value={variant.opening}
            aria-invalid={bad.stock ? true : undefined}
            onInput={(event) => change(updateVariant(draft, row, { opening: (event.currentTarget as HTMLInputElement).value }))}
          />
          <Problems messages={bad.stock} />
        </div>
      ),
      active: (
        <label class="product-filters__check">
          <input type="checkbox" checked={variant.active} onChange={(event) => change(updateVariant(draft, row, { active: (event.currentTarget as HTMLInputElement).checked }))} />
          <span>{t('admin.products.variants.shown')}</span>
        </label>
      ),
      photos: (
        <>
          {photoPicker(variant, row)}
          <Problems messages={bad.images} />
        </>
      ),
      remove: !variant.stored ? (
        <button type="button" class="button button--ghost button--small" onClick={() => change(removeNewVariant(draft, row))}>
          {t('admin.products.variants.removeNew')}
        </button>
      ) : null,
      other: Object.entries(bad)
        .filter(([field]) => !['code', 'price', 'compareAtPrice', 'stock', 'images'].includes(field))
        .flatMap(([, messages]) => messages),
    };
  };

  return (
    <fieldset class="admin-card product-form__section variant-editor" data-testid="variant-editor">
      <legend class="admin-card__title">{t('admin.products.variants.title')}</legend>
      <p class="admin-muted">{t('admin.products.variants.hint')}</p>
      {sectionProblems.length ? (
        <ul class="product-problems admin-error">
          {sectionProblems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      ) : null}

      {draft.options.map((option, o) => (
        <section key={o} class="variant-option" aria-label={t('admin.products.variants.option', { n: o + 1 })} data-testid="variant-option">
          <div class="variant-option__head">
            <h3 class="variant-option__title">{t('admin.products.variants.option', { n: o + 1 })}</h3>
            <button type="button" class="button button--ghost button--small" onClick={() => change(removeOption(draft, o))}>
              {t('admin.products.variants.removeOption')}
            </button>
          </div>
          <div class="admin-field variant-kind">
            <label for={`${id}-kind-${o}`}>{t('admin.products.variants.kind')}</label>
            <select id={`${id}-kind-${o}`} value={option.kind} onChange={(event) => change(updateOption(draft, o, { kind: (event.currentTarget as HTMLSelectElement).value as OptionKind }))}>
              {OPTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`admin.products.variants.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          {textInputs(option.name, (l) => t('admin.products.variants.optionName', { lang: l }), (name) => change(updateOption(draft, o, { name })), `name-${o}`, (l) =>
            Boolean(problems[`options[${o}].name.${l}`] || problems[`options[${o}].name`]),
          )}
          <Problems messages={[...(problems[`options[${o}].name`] ?? []), ...(problems[`options[${o}].name.en`] ?? [])]} />
          <ol class="variant-values">
            {option.values.map((value, v) => {
              const used = valueInUse(draft, o, v);
              return (
                <li key={v} class="variant-value" data-testid="variant-value">
                  <div class="variant-option__head">
                    <h4 class="variant-value__title">{t('admin.products.variants.value', { n: v + 1 })}</h4>
                    <button
                      type="button"
                      class="button button--ghost button--small"
                      disabled={used}
                      title={used ? t('admin.products.variants.valueInUse') : undefined}
                      onClick={() => change(removeValue(draft, o, v))}
                    >
                      {t('admin.products.variants.removeValue')}
                    </button>
                  </div>
                  {textInputs(value.text, (l) => t('admin.products.variants.valueText', { lang: l }), (text) => change(updateValue(draft, o, v, { text })), `value-${o}-${v}`)}
                  <div class="variant-texts">
                    <div class="admin-field">
                      <label for={`${id}-key-${o}-${v}`}>{t('admin.products.variants.key')}</label>
                      <input id={`${id}-key-${o}-${v}`} value={value.key} maxLength={64} onInput={(event) => change(updateValue(draft, o, v, { key: (event.currentTarget as HTMLInputElement).value }))} />
                    </div>
                    {option.kind === 'colour' ? (
                      <div class="admin-field">
                        <label for={`${id}-swatch-${o}-${v}`}>{t('admin.products.variants.swatch')}</label>
                        <input
                          id={`${id}-swatch-${o}-${v}`}
                          type="color"
                          class="variant-swatch"
                          value={/^#[0-9a-fA-F]{6}$/.test(value.swatch) ? value.swatch : '#cccccc'}
                          onInput={(event) => change(updateValue(draft, o, v, { swatch: (event.currentTarget as HTMLInputElement).value }))}
                        />
                      </div>
                    ) : null}
                  </div>
                  <Problems messages={Object.entries(problems).filter(([f]) => f.startsWith(`options[${o}].values[${v}]`)).flatMap(([, m]) => m)} />
                </li>
              );
            })}
          </ol>
          {option.values.length < MAX_VALUES ? (
            <button type="button" class="button button--ghost button--small variant-add" onClick={() => change(addValue(draft, o))}>
              {t('admin.products.variants.addValue')}
            </button>
          ) : null}
        </section>
      ))}

      <div class="product-actions">
        {draft.options.length < MAX_OPTIONS ? (
          <button type="button" class="button button--ghost" onClick={() => change(addOption(draft))}>
            {t('admin.products.variants.addOption')}
          </button>
        ) : null}
        {draft.options.length ? (
          <button type="button" class="button" onClick={generate} disabled={!canGenerate}>
            {t('admin.products.variants.generate')}
          </button>
        ) : null}
      </div>
      {note ? (
        <p class={note.ok ? 'admin-alert admin-alert--ok' : 'admin-alert admin-alert--error'} role="status">
          {note.text}
        </p>
      ) : null}

      {draft.options.length && draft.variants.length ? (
        <>
          <div class="variant-list__head">
            <h3 class="variant-option__title">{t('admin.products.variants.variantsTitle', { count: draft.variants.length })}</h3>
            <label class="product-filters__check">
              <input type="checkbox" checked={allSelected} onChange={() => setSelected(allSelected ? [] : draft.variants.map((_, i) => i))} />
              <span>{t('admin.products.variants.selectAll')}</span>
            </label>
          </div>
          {selected.length ? (
            <div class="variant-bulk" data-testid="variant-bulk">
              <p class="product-bulk__title">{t('admin.products.variants.selected', { count: selected.length })}</p>
              <div class="admin-field">
                <label for={`${id}-bulk-price`}>{t('admin.products.variants.setPriceLabel')}</label>
                <input id={`${id}-bulk-price`} inputMode="decimal" value={bulkPrice} onInput={(event) => setBulkPrice((event.currentTarget as HTMLInputElement).value)} />
              </div>
              <button type="button" class="button button--ghost button--small" onClick={applyPrice}>
                {t('admin.products.variants.setPrice')}
              </button>
              <div class="admin-field">
                <label for={`${id}-bulk-stock`}>{t('admin.products.variants.setStockLabel')}</label>
                <input id={`${id}-bulk-stock`} inputMode="numeric" value={bulkStock} onInput={(event) => setBulkStock((event.currentTarget as HTMLInputElement).value)} />
              </div>
              <div class="admin-field admin-field--grow">
                <label for={`${id}-bulk-reason`}>{t('admin.products.stockDialog.reason')}</label>
                <input
                  id={`${id}-bulk-reason`}
                  value={bulkReason}
                  maxLength={200}
                  placeholder={t('admin.products.stockDialog.reasonHint')}
                  onInput={(event) => setBulkReason((event.currentTarget as HTMLInputElement).value)}
                />
              </div>
              <button type="button" class="button button--ghost button--small" onClick={() => void applyStock()} disabled={busy}>
                {busy ? t('common.loading') : t('admin.products.variants.setStock')}
              </button>
            </div>
          ) : null}
          {tools.narrow ? (
            <ul class="variant-cards" aria-label={t('admin.products.variants.variantsTitle', { count: draft.variants.length })}>
              {draft.variants.map((variant, row) => {
                const c = cells(variant, row);
                return (
                  <li key={row} class="variant-card" data-testid="variant-row">
                    <div class="variant-card__top">
                      {c.check}
                      {c.choice}
                    </div>
                    {c.code}
                    <div class="variant-card__pair">
                      {c.price}
                      {c.compare}
                    </div>
                    <div class="variant-card__pair">
                      {c.stock}
                      {c.active}
                    </div>
                    <div class="variant-card__photos">
                      <span class="admin-field__label">{t('admin.products.variants.photos')}</span>
                      {c.photos}
                    </div>
                    <Problems messages={c.other} />
                    {c.remove}
                  </li>
                );
              })}
            </ul>
          ) : (
            <div class="table-scroll">
              <table class="data-table variant-table">
                <caption class="visually-hidden">{t('admin.products.variants.variantsTitle', { count: draft.variants.length })}</caption>
                <thead>
                  <tr>
                    <th scope="col" class="data-table__check">
                      <span class="visually-hidden">{t('admin.products.variants.selectAll')}</span>
                    </th>
                    <th scope="col">{t('admin.products.variants.choice')}</th>
                    <th scope="col">{t('admin.products.code')}</th>
                    <th scope="col">{t('admin.products.variants.price')}</th>
                    <th scope="col">{t('admin.products.variants.compareAt')}</th>
                    <th scope="col">{t('admin.products.stock')}</th>
                    <th scope="col">{t('admin.products.state')}</th>
                    <th scope="col">{t('admin.products.variants.photos')}</th>
                  </tr>
                </thead>
                <tbody>
                  {draft.variants.map((variant, row) => {
                    const c = cells(variant, row);
                    return (
                      <tr key={row} data-testid="variant-row" class={selected.includes(row) ? 'is-selected' : undefined}>
                        <td class="data-table__check">{c.check}</td>
                        <th scope="row">
                          {c.choice}
                          <Problems messages={c.other} />
                          {c.remove}
                        </th>
                        <td>{c.code}</td>
                        <td>{c.price}</td>
                        <td>{c.compare}</td>
                        <td>{c.stock}</td>
                        <td>{c.active}</td>
                        <td>{c.photos}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <p class="admin-muted">
            {t('admin.products.variants.summary', {
              price: formatMoney(lowestPrice(draft) ?? 0),
              level: formatNumber(draft.variants.filter((v) => v.stored && v.active).reduce((sum, v) => sum + v.level, 0)),
            })}
          </p>
        </>
      ) : null}
    </fieldset>
  );
}
