//! Products for unit tests, in the shape the catalogue API sends.
import type { Product } from '../api/types';
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
    ...overrides,
  };
}

/** A JSON answer as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
