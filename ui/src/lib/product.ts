//! The rules every product view shares: its text in the current language, its price with the
//! saving, its stock state and its size. The product itself is the API's (`api/types`).
import type { Dimensions, Product, ProductPageAnswer, ProductSummary } from '../api/types';
import { formatNumber } from './format';
import type { LocaleCode } from './locale-path';

/** A page of products: `total` counts every match, `products` holds one page of them. */
/** A page of products; facet counts only where the answer has them (lists and searches). */
export type ProductPage = Omit<ProductPageAnswer, 'status' | 'facets'> & { facets?: ProductPageAnswer['facets'] };

/** A colour of a product's colour option: its facet key and, when the staff gave one, its colour. */
export type ListSwatch = { key: string; swatch?: string | null };

/** A list item with what variants add to it (docs/VARIANTS.md §4). */
export type ListProduct = ProductSummary & {
  /** Only when active variants differ in price: `price` is then the lowest. */
  maxPrice?: number | null;
  swatches?: ListSwatch[] | null;
  /** The variant a search matched; the item's price and photo are its. */
  variant?: string | null;
};

/** Whether a list shows the item's price as "from ฿X" (its variants differ in price). */
export function isFromPrice(item: ListProduct): boolean {
  return typeof item.maxPrice === 'number' && item.maxPrice > item.price && !item.variant;
}

/** At or below this many pieces a product shows "Only N left". */
export const LOW_STOCK = 5;

export type StockState = { kind: 'discontinued' } | { kind: 'out' } | { kind: 'low'; count: number } | { kind: 'in' };

export function stockState(product: Pick<Product, 'active' | 'stock'>): StockState {
  if (!product.active) return { kind: 'discontinued' };
  if (product.stock <= 0) return { kind: 'out' };
  if (product.stock <= LOW_STOCK) return { kind: 'low', count: product.stock };
  return { kind: 'in' };
}

export type PriceView = {
  price: number;
  /** Only set when it is above the price: a compare-at price at or below it is no reduction. */
  compareAt: number | null;
  /** Satang saved against the compare-at price, 0 without one. */
  saving: number;
  /** Whole percent saved, rounded down so the shop never promises more than it gives. */
  savingPercent: number;
};

export function priceView(product: Pick<Product, 'price' | 'compareAtPrice'>): PriceView {
  const { price, compareAtPrice } = product;
  if (compareAtPrice === null || !(compareAtPrice > price) || compareAtPrice <= 0) {
    return { price, compareAt: null, saving: 0, savingPercent: 0 };
  }
  const saving = compareAtPrice - price;
  return { price, compareAt: compareAtPrice, saving, savingPercent: Math.floor((saving * 100) / compareAtPrice) };
}

/** Millimetres as centimetres: whole centimetres without decimals, otherwise one decimal. */
export function formatCm(mm: number): string {
  const cm = mm / 10;
  return formatNumber(cm, Number.isInteger(cm) ? 0 : 1);
}

/** The size as W × D × H in centimetres ("195 × 85 × 80 cm"), or '' when it is unknown. */
export function formatDimensions(dimensions: Partial<Dimensions> | null | undefined, unit = 'cm'): string {
  const { width, depth, height } = dimensions ?? {};
  const parts = [width, depth, height];
  if (!parts.every((value) => typeof value === 'number' && Number.isFinite(value) && value > 0)) return '';
  return `${parts.map((value) => formatCm(value as number)).join(' × ')} ${unit}`;
}

/** A product code as the server accepts it in a URL: letters, digits, -, _ and . (at most 64). */
export const PRODUCT_CODE = /^[A-Za-z0-9._-]{1,64}$/;

/** A product page; with `variant`, that variant chosen (`?variant=`, docs/VARIANTS.md §5). */
export function productPath(code: string, variant?: string | null): string {
  const path = `/products/${encodeURIComponent(code)}`;
  return variant ? `${path}?variant=${encodeURIComponent(variant)}` : path;
}

/** The `?variant=` of a product page's query string, if it is a well-formed code. */
export function variantOfSearch(search: string): string | null {
  const code = new URLSearchParams(search).get('variant');
  return code && PRODUCT_CODE.test(code) ? code : null;
}

/**
 * What a cart or order line adds for variants (docs/VARIANTS.md §3): `code` is the variant's,
 * `productCode` the product's (absent on lines older than variants: `code` is then the product's),
 * `choice` the chosen values per language ("Grey / 6 ft"), absent for products without options.
 */
export type VariantLine = { code: string; productCode?: string | null; choice?: Partial<Record<LocaleCode, string>> | null };

/** The product page a line links to, with its variant chosen when it is one. */
export function linePath(line: VariantLine): string {
  const product = line.productCode || line.code;
  return productPath(product, line.choice || product !== line.code ? line.code : null);
}

/** The API path of one product (also its key in the answer cache of useRemote). */
export function productApiPath(code: string): string {
  return `/api/app/product/get/${encodeURIComponent(code)}`;
}

/** Summaries kept for product pages about to open; the oldest goes beyond this. */
const MAX_SUMMARIES = 300;
const summaries = new Map<string, ProductSummary>();
const summaryKey = (code: string, lang: LocaleCode) => `${lang} ${code}`;

/**
 * Lists carry summaries (a name in one language, the first photo), not whole products, so they
 * are never the answer of a product page. They are kept by code and language instead: opening a
 * product from a list, the slider or the suggestions shows its name, price and photo at once
 * while the rest of it loads (see rememberedSummary).
 */
export function rememberSummaries(products: ProductSummary[], lang: LocaleCode): void {
  for (const product of products) {
    const key = summaryKey(product.code, lang);
    summaries.delete(key);
    summaries.set(key, product);
    if (summaries.size > MAX_SUMMARIES) {
      const oldest = summaries.keys().next();
      if (!oldest.done) summaries.delete(oldest.value);
    }
  }
}

/** The summary a list gave of this product in this language, if one was seen lately. */
export function rememberedSummary(code: string, lang: LocaleCode): ProductSummary | undefined {
  return summaries.get(summaryKey(code, lang));
}

export function forgetSummaries(): void {
  summaries.clear();
}
