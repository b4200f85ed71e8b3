//! Pure rules of the product editor's "Options and variants" section (docs/VARIANTS.md §1, §6):
//! the draft of options and variants (prices typed in baht), adding options and values,
//! generating the missing combinations with a suggested code, selecting rows and bulk-setting
//! their price, and the JSON the API takes. Variants name their values by index, so removing a
//! value or an option renumbers the variants' `values`.
import type { Localized, OptionKind, Product, ProductOption, Variant } from '../../api/types';
import { bahtText, parseBaht } from './product-rules';

export const OPTION_KINDS: OptionKind[] = ['colour', 'size', 'material', 'other'];
/** The contract's limits (docs/VARIANTS.md §1). */
export const MAX_OPTIONS = 3;
export const MAX_VALUES = 30;
export const MAX_VARIANTS = 250;

const EMPTY_TEXT: Localized = { en: '', th: '', my: '', km: '', id: '' };

export type ValueDraft = { text: Localized; key: string; swatch: string };
export type OptionDraft = { kind: OptionKind; name: Localized; values: ValueDraft[] };
export type VariantDraft = {
  code: string;
  values: number[];
  price: string;
  compareAtPrice: string;
  /** The live level of a stored variant (read-only here: adjustments go through the ledger). */
  level: number;
  /** A new variant's opening stock, as typed. */
  opening: string;
  /** Whether the variant exists on the server (its code cannot change; its stock has a ledger). */
  stored: boolean;
  active: boolean;
  images: string[];
  /** The stored variant, for the fields the editor keeps as they are (weight, dimensions). */
  base: Variant | null;
};
export type VariantsDraft = { options: OptionDraft[]; variants: VariantDraft[] };

function textOf(value: Partial<Localized>): Localized {
  return { en: value.en ?? '', th: value.th ?? '', my: value.my ?? '', km: value.km ?? '', id: value.id ?? '' };
}

export function variantsDraftOf(product: Product | null): VariantsDraft {
  if (!product) return { options: [], variants: [] };
  const options = (product.options ?? []).map(
    (option): OptionDraft => ({
      kind: option.kind,
      name: textOf(option.name),
      values: option.values.map((value) => ({ text: textOf(value), key: value.key ?? '', swatch: value.swatch ?? '' })),
    }),
  );
  const variants = (product.variants ?? []).map(
    (variant): VariantDraft => ({
      code: variant.code,
      values: [...variant.values],
      price: bahtText(variant.price),
      compareAtPrice: bahtText(variant.compareAtPrice),
      level: variant.stock,
      opening: '0',
      stored: true,
      active: variant.active,
      images: [...(variant.images ?? [])],
      base: variant,
    }),
  );
  return { options, variants };
}

export function newOption(kind: OptionKind = 'size'): OptionDraft {
  return { kind, name: { ...EMPTY_TEXT }, values: [] };
}

export function newValue(): ValueDraft {
  return { text: { ...EMPTY_TEXT }, key: '', swatch: '' };
}

/** Adds an option; every variant takes its first value (to be added before saving). */
export function addOption(draft: VariantsDraft, kind: OptionKind = 'size'): VariantsDraft {
  if (draft.options.length >= MAX_OPTIONS) return draft;
  return { options: [...draft.options, newOption(kind)], variants: draft.variants.map((v) => ({ ...v, values: [...v.values, 0] })) };
}

/**
 * Removes an option: each variant forgets its value of it, and of variants left naming the same
 * combination the first stays (a stored one before a new one).
 */
export function removeOption(draft: VariantsDraft, index: number): VariantsDraft {
  const options = draft.options.filter((_, i) => i !== index);
  const ordered = [...draft.variants.filter((v) => v.stored), ...draft.variants.filter((v) => !v.stored)];
  const seen = new Set<string>();
  const kept = new Set<VariantDraft>();
  for (const variant of ordered) {
    const combination = variant.values.filter((_, i) => i !== index).join(',');
    if (!seen.has(combination)) {
      seen.add(combination);
      kept.add(variant);
    }
  }
  const variants = draft.variants.filter((v) => kept.has(v)).map((v) => ({ ...v, values: v.values.filter((_, i) => i !== index) }));
  return { options, variants };
}

export function updateOption(draft: VariantsDraft, index: number, change: Partial<OptionDraft>): VariantsDraft {
  return { ...draft, options: draft.options.map((o, i) => (i === index ? { ...o, ...change } : o)) };
}

export function addValue(draft: VariantsDraft, option: number): VariantsDraft {
  const target = draft.options[option];
  if (!target || target.values.length >= MAX_VALUES) return draft;
  return updateOption(draft, option, { values: [...target.values, newValue()] });
}

export function updateValue(draft: VariantsDraft, option: number, value: number, change: Partial<ValueDraft>): VariantsDraft {
  const target = draft.options[option];
  if (!target) return draft;
  return updateOption(draft, option, { values: target.values.map((v, i) => (i === value ? { ...v, ...change } : v)) });
}

/** Whether a stored variant names this value (such a value stays: hide its variants instead). */
export function valueInUse(draft: VariantsDraft, option: number, value: number): boolean {
  return draft.variants.some((v) => v.stored && v.values[option] === value);
}

/** Removes a value no stored variant names; new variants naming it go too, later values move up. */
export function removeValue(draft: VariantsDraft, option: number, value: number): VariantsDraft {
  const target = draft.options[option];
  if (!target || valueInUse(draft, option, value)) return draft;
  const options = draft.options.map((o, i) => (i === option ? { ...o, values: o.values.filter((_, j) => j !== value) } : o));
  const variants = draft.variants
    .filter((v) => v.values[option] !== value)
    .map((v) => ({ ...v, values: v.values.map((n, i) => (i === option && n > value ? n - 1 : n)) }));
  return { options, variants };
}

/** A value's part of a suggested code: its key, else its English text, in capitals. */
export function codePart(value: ValueDraft | undefined, index: number): string {
  const source = value?.key.trim() || value?.text.en.trim() || String(index + 1);
  const part = source
    .toUpperCase()
    .replace(/[^A-Z0-9._]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return part || String(index + 1);
}

/** PRODUCTCODE-VALUE-VALUE…, at most 64 characters, not one of `taken`. */
export function suggestCode(productCode: string, options: OptionDraft[], values: number[], taken: Set<string>): string {
  const parts = values.map((n, i) => codePart(options[i]?.values[n], n));
  const base = [productCode.trim() || 'VARIANT', ...parts].join('-').slice(0, 64).replace(/-$/, '');
  let code = base;
  for (let n = 2; taken.has(code.toUpperCase()); n += 1) {
    const suffix = `-${n}`;
    code = base.slice(0, 64 - suffix.length) + suffix;
  }
  return code;
}

/** Every combination of the options' values, first option slowest. */
export function combinations(options: OptionDraft[]): number[][] {
  let out: number[][] = [[]];
  for (const option of options) {
    const next: number[][] = [];
    for (const head of out) for (let i = 0; i < option.values.length; i += 1) next.push([...head, i]);
    out = next;
  }
  return options.length ? out : [];
}

/**
 * Keeps every variant and adds one for each combination none names, with a suggested code, the
 * price of the first variant (or `price`), no stock and shown. At most 250 variants in all.
 */
export function generateCombinations(draft: VariantsDraft, productCode: string, price: string): VariantsDraft {
  const have = new Set(draft.variants.map((v) => v.values.join(',')));
  const taken = new Set(draft.variants.map((v) => v.code.toUpperCase()));
  const template = draft.variants[0];
  const added: VariantDraft[] = [];
  for (const values of combinations(draft.options)) {
    if (have.has(values.join(','))) continue;
    if (draft.variants.length + added.length >= MAX_VARIANTS) break;
    const code = suggestCode(productCode, draft.options, values, taken);
    taken.add(code.toUpperCase());
    added.push({
      code,
      values,
      price: template?.price || price,
      compareAtPrice: template?.compareAtPrice ?? '',
      level: 0,
      opening: '0',
      stored: false,
      active: true,
      images: [],
      base: null,
    });
  }
  return { ...draft, variants: [...draft.variants, ...added] };
}

export function updateVariant(draft: VariantsDraft, index: number, change: Partial<VariantDraft>): VariantsDraft {
  return { ...draft, variants: draft.variants.map((v, i) => (i === index ? { ...v, ...change } : v)) };
}

/** Removes a new (unsaved) variant; stored ones are hidden instead (orders name them). */
export function removeNewVariant(draft: VariantsDraft, index: number): VariantsDraft {
  if (draft.variants[index]?.stored !== false) return draft;
  return { ...draft, variants: draft.variants.filter((_, i) => i !== index) };
}

/** Gives the selected rows one price (and compare-at price, when given). */
export function setPrices(draft: VariantsDraft, rows: number[], price: string, compareAtPrice?: string): VariantsDraft {
  return {
    ...draft,
    variants: draft.variants.map((v, i) =>
      rows.includes(i) ? { ...v, price, compareAtPrice: compareAtPrice === undefined ? v.compareAtPrice : compareAtPrice } : v,
    ),
  };
}

/** Gives the selected new rows one opening stock (stored rows change through the ledger). */
export function setOpening(draft: VariantsDraft, rows: number[], opening: string): VariantsDraft {
  return { ...draft, variants: draft.variants.map((v, i) => (rows.includes(i) && !v.stored ? { ...v, opening } : v)) };
}

/** The values of a variant in one language ("Grey / 6 ft"), English where that one is empty. */
export function choiceText(options: OptionDraft[], values: number[], lang: keyof Localized): string {
  return values
    .map((n, i) => {
      const text = options[i]?.values[n]?.text;
      return text ? text[lang] || text.en : '?';
    })
    .join(' / ');
}

function money(text: string): number | string | null {
  const satang = parseBaht(text);
  if (satang === null) return null;
  return Number.isNaN(satang) ? text : satang;
}

function units(text: string): number | string {
  const clean = text.trim();
  if (!clean) return 0;
  return /^\d+$/.test(clean) ? Number(clean) : clean;
}

/** A facet key from a value's English text when none was typed ("6 ft" → "6-ft"). */
export function keyOf(value: ValueDraft): string {
  const typed = value.key.trim();
  if (typed) return typed;
  return value.text.en
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The `options` and `variants` the API takes. A product without options sends its stored
 * variant as it is (the product's own price and stock lead, docs/VARIANTS.md §1). Amounts that
 * are not numbers are sent as typed, so the server names the field.
 */
export function variantsBody(draft: VariantsDraft): { options: ProductOption[]; variants: Record<string, unknown>[] } {
  const options = draft.options.map(
    (option): ProductOption => ({
      kind: option.kind,
      name: option.name,
      values: option.values.map((value) => ({ ...value.text, key: keyOf(value), ...(value.swatch.trim() ? { swatch: value.swatch.trim() } : {}) })),
    }),
  );
  if (!options.length) {
    return { options, variants: draft.variants.filter((v) => v.stored && v.base).map((v) => ({ ...v.base })) };
  }
  const variants = draft.variants.map((variant) => ({
    ...(variant.base ?? {}),
    code: variant.code.trim(),
    values: variant.values,
    price: money(variant.price) ?? 0,
    compareAtPrice: money(variant.compareAtPrice),
    stock: variant.stored ? variant.level : units(variant.opening),
    active: variant.active,
    images: variant.images,
  }));
  return { options, variants };
}

/** The lowest price of the shown variants (of all when none is shown), as the server sums up. */
export function lowestPrice(draft: VariantsDraft): number | null {
  const shown = draft.variants.filter((v) => v.active);
  const prices = (shown.length ? shown : draft.variants).map((v) => parseBaht(v.price)).filter((p): p is number => p !== null && Number.isFinite(p));
  return prices.length ? Math.min(...prices) : null;
}

/** `variants[3].code` → [3, 'code']; other fields → null. */
export function variantField(field: string): [number, string] | null {
  const match = /^variants\[(\d+)\](?:\.(.+))?$/.exec(field);
  return match ? [Number(match[1]), match[2] ?? ''] : null;
}
