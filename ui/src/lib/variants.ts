//! A product's options and variants as the storefront uses them (docs/VARIANTS.md §1, §5): which
//! variant the page shows (the URL's `?variant=`, else the first one in stock), what choosing
//! one value of an option leads to, which values are sold out or do not exist beside the other
//! choices, the photos of a variant and the words of a choice ("Grey / 6 ft").
//!
//! Inactive variants are hidden and not sold, so everything here treats them as missing.
import type { OptionValue, Product, ProductOption, Variant } from '../api/types';
import type { LocaleCode } from './locale-path';

export type { OptionValue, ProductOption, Variant };

/** What the storefront reads of a product with options (a whole product has it all). */
export type VariantProduct = Pick<Product, 'code' | 'images' | 'price' | 'compareAtPrice' | 'stock' | 'active' | 'options' | 'variants'>;

/** What a value of an option is beside the other options' current values. */
export type ValueState = 'chosen' | 'available' | 'soldOut' | 'missing';

export function hasOptions(product: VariantProduct): boolean {
  return (product.options?.length ?? 0) > 0 && (product.variants?.length ?? 0) > 0;
}

export function activeVariants(product: VariantProduct): Variant[] {
  return (product.variants ?? []).filter((variant) => variant.active && variant.values.length === (product.options?.length ?? 0));
}

/**
 * The variant the page shows without a `?variant=`, as the server's first paint draws it
 * (`Product::default_variant`): the first active one in stock, else the first active one.
 */
export function defaultVariant(product: VariantProduct): Variant | null {
  const active = activeVariants(product);
  return active.find((variant) => variant.stock > 0) ?? active[0] ?? null;
}

/** The variant a URL names (an active one of this product), else the default one. */
export function chosenVariant(product: VariantProduct, code: string | null | undefined): Variant | null {
  if (!hasOptions(product)) return null;
  const named = code ? activeVariants(product).find((variant) => variant.code === code) : undefined;
  return named ?? defaultVariant(product);
}

function sameValues(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** The active variant with these values, one per option. */
export function variantWith(product: VariantProduct, values: number[]): Variant | null {
  return activeVariants(product).find((variant) => sameValues(variant.values, values)) ?? null;
}

/** The variant reached by choosing value `value` of option `option`, the other choices kept. */
export function variantAfterChoosing(product: VariantProduct, current: Variant, option: number, value: number): Variant | null {
  const values = current.values.slice();
  values[option] = value;
  return variantWith(product, values);
}

/** Each value of option `option` beside the current choice of the other options. */
export function valueStates(product: VariantProduct, current: Variant, option: number): ValueState[] {
  const values = product.options?.[option]?.values ?? [];
  return values.map((_, value) => {
    if (current.values[option] === value) return 'chosen';
    const reached = variantAfterChoosing(product, current, option, value);
    if (!reached) return 'missing';
    return reached.stock > 0 ? 'available' : 'soldOut';
  });
}

/** A path without its `?v=` version, so a variant's image and the product's one compare equal. */
function bare(src: string): string {
  const query = src.indexOf('?');
  return query < 0 ? src : src.slice(0, query);
}

/**
 * The photos the page shows for a variant: its own first (the main photo is its first), then the
 * product's photos that belong to no variant (the room shots, the details). A variant without
 * photos of its own shows all of the product's. Paths are the product's own (versioned) entries.
 */
export function variantImages(product: VariantProduct, variant: Variant | null): string[] {
  const own = (variant?.images ?? []).map(bare);
  if (!variant || own.length === 0) return product.images;
  const byPath = new Map(product.images.map((src) => [bare(src), src]));
  const anyVariant = new Set((product.variants ?? []).flatMap((other) => (other.images ?? []).map(bare)));
  const first = own.map((path) => byPath.get(path) ?? path);
  const rest = product.images.filter((src) => !anyVariant.has(bare(src)));
  return [...first, ...rest];
}

/**
 * The photo a colour swatch shows for value `value` of option `option`: the first photo of the
 * variant that choosing it reaches, else of any active variant with that value; null when none
 * has a photo (the swatch then shows the value's colour).
 */
export function swatchImage(product: VariantProduct, current: Variant, option: number, value: number): string | null {
  const reached = variantAfterChoosing(product, current, option, value);
  const candidates = [reached, ...activeVariants(product).filter((variant) => variant.values[option] === value)];
  for (const variant of candidates) {
    const first = variant?.images?.[0];
    if (first) return variantImages(product, variant)[0] ?? first;
  }
  return null;
}

/** The chosen values in one language, joined by " / " as orders hold them ("Grey / 6 ft"). */
export function choiceText(product: VariantProduct, variant: Variant, locale: LocaleCode): string {
  return (product.options ?? [])
    .map((option, index) => {
      const value = option.values[variant.values[index] ?? -1];
      return value ? value[locale] || value.en || '' : '';
    })
    .filter(Boolean)
    .join(' / ');
}

/** The value text of an option value in a language, English when that one is empty. */
export function valueText(value: OptionValue, locale: LocaleCode): string {
  return value[locale] || value.en || '';
}
