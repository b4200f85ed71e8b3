import { describe, expect, it } from 'vitest';
import { VARIANT_SOFA as SOFA } from '../testing/variants';
import { choiceText, chosenVariant, defaultVariant, swatchImage, valueStates, variantAfterChoosing, variantImages } from './variants';

const variant = (code: string) => {
  const found = SOFA.variants?.find((v) => v.code === code);
  if (!found) throw new Error(code);
  return found;
};

describe('which variant a product page shows', () => {
  it('takes the first variant in stock when the URL names none, as the server draws it', () => {
    const grey2First = { ...SOFA, variants: [variant('SF-2001-GRY-2'), variant('SF-2001-SND-3'), variant('SF-2001-GRY-3')] };
    expect(defaultVariant(grey2First)?.code).toBe('SF-2001-SND-3');
    expect(defaultVariant(SOFA)?.code).toBe('SF-2001-GRY-3');
    expect(chosenVariant(SOFA, null)?.code).toBe('SF-2001-GRY-3');
  });

  it('takes the URL’s variant, even sold out, but never a hidden or unknown one', () => {
    expect(chosenVariant(SOFA, 'SF-2001-GRY-2')?.code).toBe('SF-2001-GRY-2');
    expect(chosenVariant(SOFA, 'SF-2001-GRN-3')?.code).toBe('SF-2001-GRY-3');
    expect(chosenVariant(SOFA, 'NOPE')?.code).toBe('SF-2001-GRY-3');
  });

  it('has no variant to choose for a product without options', () => {
    expect(chosenVariant({ ...SOFA, options: [], variants: [{ ...variant('SF-2001-GRY-3'), code: 'SF-2001', values: [] }] }, null)).toBeNull();
  });
});

describe('the values beside the current choice', () => {
  it('marks the chosen one, the sold-out one and the ones never made or hidden', () => {
    const current = variant('SF-2001-GRY-3');
    expect(valueStates(SOFA, current, 0)).toEqual(['chosen', 'available', 'missing']);
    expect(valueStates(SOFA, current, 1)).toEqual(['chosen', 'soldOut']);
    expect(valueStates(SOFA, variant('SF-2001-SND-3'), 1)).toEqual(['chosen', 'missing']);
  });

  it('offers an upper option’s values beside the choices above it only, so every variant stays reachable', () => {
    // Grey 2-seat is sold out; Sand exists only as a 3-seat, and choosing it moves the size.
    const current = variant('SF-2001-GRY-2');
    expect(valueStates(SOFA, current, 0)).toEqual(['chosen', 'available', 'missing']);
    expect(valueStates(SOFA, current, 1)).toEqual(['available', 'chosen']);
    expect(variantAfterChoosing(SOFA, current, 0, 1)?.code).toBe('SF-2001-SND-3');
  });

  it('prefers a variant in stock to the sold-out one with every other choice kept', () => {
    const both = { ...SOFA, variants: [...(SOFA.variants ?? []), { ...variant('SF-2001-SND-3'), code: 'SF-2001-SND-2', values: [1, 1], stock: 0 }] };
    expect(variantAfterChoosing(both, variant('SF-2001-GRY-2'), 0, 1)?.code).toBe('SF-2001-SND-3');
    expect(valueStates(both, variant('SF-2001-SND-3'), 1)).toEqual(['chosen', 'soldOut']);
  });

  it('reaches the variant with the one value changed and the others kept', () => {
    expect(variantAfterChoosing(SOFA, variant('SF-2001-GRY-3'), 0, 1)?.code).toBe('SF-2001-SND-3');
    expect(variantAfterChoosing(SOFA, variant('SF-2001-SND-3'), 1, 1)).toBeNull();
  });
});

describe('photos and words of a variant', () => {
  it('shows the variant’s own photos first (as the product lists them, versioned), then the photos of no variant', () => {
    expect(variantImages(SOFA, variant('SF-2001-GRY-3'))).toEqual([SOFA.images[1], SOFA.images[0], SOFA.images[3]]);
    // Without photos of its own: all of the product's.
    expect(variantImages(SOFA, variant('SF-2001-GRY-2'))).toEqual(SOFA.images);
  });

  it('gives a swatch the photo of the variant its value leads to, or none', () => {
    expect(swatchImage(SOFA, variant('SF-2001-GRY-3'), 0, 1)).toBe(SOFA.images[2]);
    expect(swatchImage(SOFA, variant('SF-2001-GRY-3'), 0, 2)).toBeNull();
  });

  it('says the choice in the shopper’s language, English where a translation is missing', () => {
    expect(choiceText(SOFA, variant('SF-2001-GRY-3'), 'th')).toBe('เทา / 3 ที่นั่ง');
    expect(choiceText(SOFA, variant('SF-2001-SND-3'), 'km')).toBe('Sand / 3-seat');
  });
});
