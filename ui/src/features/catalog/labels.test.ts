import { describe, expect, it } from 'vitest';
import { labelOptions, labelTitle } from './labels';

const groups = {
  material: { teak: { en: 'Teak', th: 'ไม้สัก' }, oak: { en: 'Oak', th: '' }, bamboo: { en: 'Bamboo', th: 'ไม้ไผ่' } },
  colour: {},
};

describe('material and colour titles', () => {
  it('come from the labels in the current language, English when it is empty', () => {
    expect(labelTitle(groups, 'material', 'teak', 'th')).toBe('ไม้สัก');
    expect(labelTitle(groups, 'material', 'oak', 'th')).toBe('Oak');
  });

  it('fall back to the key itself when there is no label', () => {
    expect(labelTitle(groups, 'colour', 'dark-green', 'en')).toBe('Dark green');
  });

  it('are offered in alphabetical order, selected unknown keys included', () => {
    expect(labelOptions(groups, 'material', 'en').map((o) => o.key)).toEqual(['bamboo', 'oak', 'teak']);
    expect(labelOptions(groups, 'colour', 'en', ['red']).map((o) => o.title)).toEqual(['Red']);
  });
});
