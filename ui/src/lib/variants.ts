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

/**
 * The active variants that keep the current values of the options above `option` and have
 * `value` for it. The options are a hierarchy, as shops present them (Shopify's themes too):
 * the first option offers every value some variant has, each one below only what exists beside
 * the choices above it. So every variant stays reachable — a velvet in colours the fabric does
 * not come in can be chosen straight away — and the last option is exactly "what exists with
 * every other choice".
 */
function candidates(product: VariantProduct, current: Variant, option: number, value: number): Variant[] {
  return activeVariants(product).filter(
    (variant) => variant.values[option] === value && current.values.every((chosen, index) => index >= option || variant.values[index] === chosen),
  );
}

/**
 * The variant reached by choosing value `value` of option `option`: the one that keeps the other
 * choices when it is in stock, else the one in stock that keeps most of the options below, else
 * the one that keeps them all though sold out; null when the value does not exist beside the
 * choices above.
 */
export function variantAfterChoosing(product: VariantProduct, current: Variant, option: number, value: number): Variant | null {
  const found = candidates(product, current, option, value);
  const kept = (variant: Variant) => variant.values.filter((chosen, index) => index > option && chosen === current.values[index]).length;
  const inStock = found.filter((variant) => variant.stock > 0);
  const best = inStock.reduce<Variant | null>((top, variant) => (!top || kept(variant) > kept(top) ? variant : top), null);
  const exact = found.find((variant) => kept(variant) === current.values.length - option - 1) ?? null;
  return best ?? exact ?? found[0] ?? null;
}

/**
 * Each value of option `option` beside the current choices above it: chosen, available, sold out
 * (every variant it leads to is out of stock) or missing (none exists, or only hidden ones).
 */
export function valueStates(product: VariantProduct, current: Variant, option: number): ValueState[] {
  const values = product.options?.[option]?.values ?? [];
  return values.map((_, value) => {
    if (current.values[option] === value) return 'chosen';
    const found = candidates(product, current, option, value);
    if (found.length === 0) return 'missing';
    return found.some((variant) => variant.stock > 0) ? 'available' : 'soldOut';
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
