//! Pure rules of the product pages: the list's filters in the URL, the form's draft (baht typed,
//! satang sent), languages still missing, server problems by field, what differs from the stored
//! product after a 409, and the bulk bar's price preview (rounded as the server rounds).
import type { FieldProblem, Localized, PriceChange, Product } from '../../api/types';

export const LANGUAGES = ['th', 'en', 'my', 'km', 'id'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** Products with this many units or fewer are low on stock (as the server and dashboard). */
export const LOW_STOCK = 3;

export type ProductFilters = {
  q: string;
  room: string;
  category: string;
  /** '' any, 'true' shown, 'false' hidden. */
  active: '' | 'true' | 'false';
  lowStock: boolean;
  /** '' none, 'any' or a language. */
  missing: string;
};

export const NO_FILTERS: ProductFilters = { q: '', room: '', category: '', active: '', lowStock: false, missing: '' };

/** The filters of the page's URL (`?q=&room=&category=&active=&lowStock=&missing=`). */
export function filtersOf(search: string): ProductFilters {
  const params = new URLSearchParams(search);
  const active = params.get('active');
  const missing = params.get('missing') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    room: params.get('room') ?? '',
    category: params.get('category') ?? '',
    active: active === 'true' || active === 'false' ? active : '',
    lowStock: params.get('lowStock') === 'true',
    missing: missing === 'any' || (LANGUAGES as readonly string[]).includes(missing) ? missing : '',
  };
}

/** The query string of filters, without empty ones (also the API's and the CSV export's). */
export function queryOf(filters: ProductFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.room) params.set('room', filters.room);
  if (filters.category) params.set('category', filters.category);
  if (filters.active) params.set('active', filters.active);
  if (filters.lowStock) params.set('lowStock', 'true');
  if (filters.missing) params.set('missing', filters.missing);
  return params.toString();
}

export function listHref(filters: ProductFilters): string {
  const query = queryOf(filters);
  return query ? `/admin/products?${query}` : '/admin/products';
}

export function productHref(code: string): string {
  return `/admin/products/${encodeURIComponent(code)}`;
}

/** Low on stock: a product with options when any shown variant is (as the server's filter). */
export function isLow(product: Pick<Product, 'stock' | 'options' | 'variants'>): boolean {
  if (!product.options?.length) return product.stock <= LOW_STOCK;
  return (product.variants ?? []).some((v) => v.active && v.stock <= LOW_STOCK);
}

/** Languages a product lacks a name or description in. */
export function missingLanguages(product: Pick<Product, 'name' | 'description'>): Lang[] {
  return LANGUAGES.filter((lang) => !product.name[lang]?.trim() || !product.description[lang]?.trim());
}

/** Satang as the text a price field shows: "12900" or "129.50". */
export function bahtText(satang: number | null | undefined): string {
  if (satang === null || satang === undefined || !Number.isFinite(satang)) return '';
  const baht = satang / 100;
  return Number.isInteger(baht) ? String(baht) : baht.toFixed(2);
}

/** A typed baht amount as satang; null when empty; NaN when not a number with at most 2 decimals. */
export function parseBaht(text: string): number | null {
  const clean = text.replace(/[,\s฿]/g, '');
  if (!clean) return null;
  if (!/^-?\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  const [whole, fraction = ''] = clean.replace('-', '').split('.');
  const satang = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return clean.startsWith('-') ? -satang : satang;
}

/** What the form edits: the product with prices and numbers as typed text. */
export type Draft = {
  code: string;
  name: Localized;
  description: Localized;
  price: string;
  compareAtPrice: string;
  rooms: string[];
  categories: string[];
  width: string;
  depth: string;
  height: string;
  material: string;
  colour: string;
  stock: string;
  active: boolean;
};

const EMPTY_TEXT: Localized = { en: '', th: '', my: '', km: '', id: '' };

export function emptyDraft(): Draft {
  return {
    code: '',
    name: { ...EMPTY_TEXT },
    description: { ...EMPTY_TEXT },
    price: '',
    compareAtPrice: '',
    rooms: [],
    categories: [],
    width: '',
    depth: '',
    height: '',
    material: '',
    colour: '',
    stock: '0',
    active: true,
  };
}

export function draftOf(product: Product): Draft {
  return {
    code: product.code,
    name: { ...EMPTY_TEXT, ...product.name },
    description: { ...EMPTY_TEXT, ...product.description },
    price: bahtText(product.price),
    compareAtPrice: bahtText(product.compareAtPrice),
    rooms: [...product.rooms],
    categories: [...product.categories],
    width: product.dimensions.width ? String(product.dimensions.width) : '',
    depth: product.dimensions.depth ? String(product.dimensions.depth) : '',
    height: product.dimensions.height ? String(product.dimensions.height) : '',
    material: product.material,
    colour: product.colour,
    stock: String(product.stock),
    active: product.active,
  };
}

function whole(text: string): number | string {
  const clean = text.trim();
  if (!clean) return 0;
  return /^\d+$/.test(clean) ? Number(clean) : clean; // the server reports a non-number at its field
}

/**
 * The body the API takes, from a draft over the stored product (fields the form does not edit,
 * such as images, alt texts, popularity and the version, are kept from `base`). A price that is
 * not a number is sent as typed so the server names the field.
 */
export function bodyOf(draft: Draft, base: Product | null): Record<string, unknown> {
  const price = parseBaht(draft.price);
  const compare = parseBaht(draft.compareAtPrice);
  return {
    ...(base ?? {}),
    code: draft.code.trim(),
    name: draft.name,
    description: draft.description,
    price: price === null ? 0 : Number.isNaN(price) ? draft.price : price,
    compareAtPrice: compare === null ? null : Number.isNaN(compare) ? draft.compareAtPrice : compare,
    rooms: draft.rooms,
    categories: draft.categories,
    dimensions: { width: whole(draft.width), depth: whole(draft.depth), height: whole(draft.height) },
    material: draft.material,
    colour: draft.colour,
    stock: base ? base.stock : whole(draft.stock),
    active: draft.active,
  };
}

/** Server problems by field; `dimensions.width` also counts for `dimensions`. */
export function problemsByField(problems: FieldProblem[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const problem of problems) {
    (out[problem.field] ??= []).push(problem.message);
  }
  return out;
}

/** The fields whose stored value differs between two versions of a product (for the 409 notice). */
export function changedFields(mine: Product, stored: Product): string[] {
  const out: string[] = [];
  for (const lang of LANGUAGES) {
    if ((mine.name[lang] ?? '') !== (stored.name[lang] ?? '')) out.push(`name.${lang}`);
  }
  for (const lang of LANGUAGES) {
    if ((mine.description[lang] ?? '') !== (stored.description[lang] ?? '')) out.push(`description.${lang}`);
  }
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const fields: (keyof Product)[] = [
    'price',
    'compareAtPrice',
    'images',
    'imageAlts',
    'rooms',
    'categories',
    'dimensions',
    'material',
    'colour',
    'stock',
    'active',
  ];
  for (const field of fields) {
    if (!same(mine[field] ?? null, stored[field] ?? null)) out.push(field);
  }
  return out;
}

/** `price × (100 + percent) / 100` rounded half up to whole baht, as the server does. */
export function scaleToBaht(satang: number, percent: number): number {
  const value = (satang * (100 + percent)) / 100;
  return Math.round(value / 100) * 100;
}

export function newPrice(satang: number, change: PriceChange): number {
  return change.mode === 'absolute' ? change.value : scaleToBaht(satang, change.value);
}

/** Accepts the bulk bar's percent: -99 to 1000, not 0. */
export function validPercent(value: number): boolean {
  return Number.isFinite(value) && value !== 0 && value >= -99 && value <= 1000;
}

/** Keeps a selection to the codes still listed and toggles one. */
export function toggle(selected: string[], code: string): string[] {
  return selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code];
}
