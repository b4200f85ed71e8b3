//! Products for unit tests, in the shapes the catalogue API sends: whole products (the product
//! page) and summaries (lists, searches, related products).
import type { Product, ProductSummary } from '../api/types';
import { localized } from './localized';

export function makeProduct(code: string, overrides: Partial<Product> = {}): Product {
  return {
    code,
    name: { en: `Product ${code}`, th: `สินค้า ${code}`, my: '', km: '', id: '' },
    description: localized(`About ${code}.`),
    price: 1_000_000,
    compareAtPrice: null,
    images: [`/api/file/images/demo/${code}-1.png`],
    rooms: ['living'],
    categories: ['sofas'],
    dimensions: { width: 2000, depth: 900, height: 800 },
    material: 'fabric',
    colour: 'grey',
    stock: 10,
    active: true,
    popularity: 50,
    createdAt: '2026-01-01',
    version: 1,
    options: [],
    variants: [],
    ...overrides,
  };
}

/** The summary a list sends of a product, its name in `lang` (English when that one is empty). */
export function summaryOf(product: Product, lang: keyof Product['name'] = 'en'): ProductSummary {
  return {
    code: product.code,
    name: product.name[lang] || product.name.en,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    image: product.images[0] ?? null,
    rooms: product.rooms,
    categories: product.categories,
    stock: product.stock,
    active: product.active,
  };
}

/** A list's summary of a product made by makeProduct (English unless `lang` says otherwise). */
export function makeSummary(code: string, overrides: Partial<ProductSummary> = {}, lang: keyof Product['name'] = 'en'): ProductSummary {
  return { ...summaryOf(makeProduct(code), lang), ...overrides };
}

/** The language a list request asks its names in (`lang`), as the server reads it: English by default. */
export function langOf(url: string): keyof Product['name'] {
  const lang = new URL(url, 'http://localhost').searchParams.get('lang');
  return lang === 'th' || lang === 'my' || lang === 'km' || lang === 'id' ? lang : 'en';
}

/** A JSON answer as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
