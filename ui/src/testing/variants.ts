//! A product with options for unit tests (docs/VARIANTS.md §1): a sofa in three fabrics and two
//! sizes with four variants — one sold out, one hidden, and Sand in the 2-seat never made.
import type { Product } from '../api/types';
import { makeProduct } from './products';

/** A text in English and Thai (the other languages empty, as the API may send them). */
const l = (en: string, th: string) => ({ en, th, my: '', km: '', id: '' });

const IMAGE = (n: number) => `/api/file/images/SF-2001-${n}.png?v=0a1b2c3d`;

export const VARIANT_SOFA: Product = {
  ...makeProduct('SF-2001', {
    name: { ...l('Nara 3-Seat Sofa', 'โซฟา นารา'), my: '', km: '', id: '' },
    images: [IMAGE(1), IMAGE(2), IMAGE(3), IMAGE(4)],
    price: 1_590_000,
    compareAtPrice: null,
    stock: 6,
  }),
  options: [
    {
      kind: 'colour',
      name: l('Fabric', 'สีผ้า'),
      values: [
        { ...l('Grey', 'เทา'), key: 'grey', swatch: '#8a8d91' },
        { ...l('Sand', 'ทราย'), key: 'beige', swatch: '#d8c7a6' },
        { ...l('Green', 'เขียว'), key: 'green' },
      ],
    },
    { kind: 'size', name: l('Size', 'ขนาด'), values: [{ ...l('3-seat', '3 ที่นั่ง'), key: '3-seat' }, { ...l('2-seat', '2 ที่นั่ง'), key: '2-seat' }] },
  ],
  variants: [
    { code: 'SF-2001-GRY-3', values: [0, 0], price: 1_890_000, compareAtPrice: 2_190_000, stock: 4, active: true, images: ['/api/file/images/SF-2001-2.png'] },
    { code: 'SF-2001-GRY-2', values: [0, 1], price: 1_590_000, stock: 0, active: true, images: [] },
    { code: 'SF-2001-SND-3', values: [1, 0], price: 1_990_000, stock: 2, active: true, images: ['/api/file/images/SF-2001-3.png'] },
    { code: 'SF-2001-GRN-3', values: [2, 0], price: 1_990_000, stock: 5, active: false, images: [] },
  ],
};
