import { describe, expect, it } from 'vitest';
import {
  addOption,
  addValue,
  codePart,
  combinations,
  generateCombinations,
  lowestPrice,
  removeOption,
  removeValue,
  setPrices,
  suggestCode,
  updateValue,
  variantField,
  variantsBody,
  type OptionDraft,
  type VariantDraft,
  type VariantsDraft,
} from './variant-rules';

const text = (en: string, th = '') => ({ en, th, my: '', km: '', id: '' });

function option(kind: OptionDraft['kind'], ...values: string[]): OptionDraft {
  return { kind, name: text(kind), values: values.map((v) => ({ text: text(v), key: '', swatch: '' })) };
}

function stored(code: string, values: number[], price = '12900', level = 3): VariantDraft {
  return { code, values, price, compareAtPrice: '', level, opening: '0', stored: true, active: true, images: [], base: null };
}

describe('generating combinations', () => {
  it('keeps every variant and adds the missing ones with a suggested code and the first price', () => {
    const draft: VariantsDraft = {
      options: [option('colour', 'Grey', 'Sand'), option('size', '5 ft', '6 ft')],
      variants: [stored('SF-1-GREY-5', [0, 0])],
    };
    const next = generateCombinations(draft, 'SF-1', '');
    expect(next.variants).toHaveLength(4);
    expect(next.variants[0]).toBe(draft.variants[0]);
    expect(next.variants.slice(1).map((v) => [v.code, v.values, v.price, v.stored])).toEqual([
      ['SF-1-GREY-6-FT', [0, 1], '12900', false],
      ['SF-1-SAND-5-FT', [1, 0], '12900', false],
      ['SF-1-SAND-6-FT', [1, 1], '12900', false],
    ]);
    expect(generateCombinations(next, 'SF-1', '').variants).toHaveLength(4);
  });

  it('suggests codes from keys or English texts, unique and at most 64 characters', () => {
    expect(codePart({ text: text('6 ft'), key: '', swatch: '' }, 0)).toBe('6-FT');
    expect(codePart({ text: text('สีเทา'), key: 'grey', swatch: '' }, 0)).toBe('GREY');
    expect(codePart({ text: text('', 'สีเทา'), key: '', swatch: '' }, 2)).toBe('3');
    const options = [option('size', '6 ft')];
    expect(suggestCode('BD-1', options, [0], new Set(['BD-1-6-FT']))).toBe('BD-1-6-FT-2');
    expect(suggestCode('X'.repeat(70), options, [0], new Set()).length).toBeLessThanOrEqual(64);
    expect(combinations([])).toEqual([]);
  });
});

describe('editing options and values', () => {
  it('gives every variant the first value of a new option and renumbers after a removal', () => {
    let draft: VariantsDraft = { options: [], variants: [stored('BD-1', [])] };
    draft = addOption(draft, 'size');
    expect(draft.variants[0]!.values).toEqual([0]);
    draft = addValue(addValue(addValue(draft, 0), 0), 0);
    draft = updateValue(draft, 0, 2, { text: text('7 ft') });
    draft = generateCombinations(draft, 'BD-1', '9900');
    expect(draft.variants.map((v) => v.values)).toEqual([[0], [1], [2]]);
    // The second value: only a new variant names it, so it goes with that variant.
    draft = removeValue(draft, 0, 1);
    expect(draft.options[0]!.values).toHaveLength(2);
    expect(draft.variants.map((v) => [v.code, v.values])).toEqual([
      ['BD-1', [0]],
      ['BD-1-7-FT', [1]],
    ]);
    // The first value is a stored variant's: it stays.
    expect(removeValue(draft, 0, 0)).toBe(draft);
  });

  it('merges variants that name the same combination once an option goes, stored ones first', () => {
    const draft: VariantsDraft = {
      options: [option('colour', 'Grey', 'Sand'), option('size', '6 ft')],
      variants: [{ ...stored('N', [1, 0]), stored: false }, stored('A', [0, 0]), stored('B', [1, 0])],
    };
    const next = removeOption(draft, 0);
    expect(next.options).toHaveLength(1);
    expect(next.variants.map((v) => [v.code, v.values])).toEqual([['A', [0]]]);
  });
});

describe('the body the API takes', () => {
  it('sends prices in satang, new variants with their opening stock, stored ones with their level', () => {
    const draft: VariantsDraft = {
      options: [option('size', '5 ft', '6 ft')],
      variants: [stored('BD-1-5', [0], '12900', 3), { ...stored('BD-1-6', [1], '149.50', 0), stored: false, opening: '4' }],
    };
    const body = variantsBody(setPrices(draft, [0], '13900'));
    expect(body.options[0]!.values[1]).toEqual({ en: '6 ft', th: '', my: '', km: '', id: '', key: '6-ft' });
    expect(body.variants).toEqual([
      { code: 'BD-1-5', values: [0], price: 1_390_000, compareAtPrice: null, stock: 3, active: true, images: [] },
      { code: 'BD-1-6', values: [1], price: 14_950, compareAtPrice: null, stock: 4, active: true, images: [] },
    ]);
    expect(lowestPrice(draft)).toBe(14_950);
    expect(variantField('variants[12].code')).toEqual([12, 'code']);
    expect(variantField('price')).toBeNull();
  });
});
