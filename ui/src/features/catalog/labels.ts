//! Titles of material and colour keys. They come from the system labels (groups "material" and
//! "colour"), which the app hands to the catalogue pages; a key without a title shows as itself.
import { collatorOf, pickText } from '../../i18n/i18n-store';
import type { LabelTitles } from '../../i18n/types';
import type { LocaleCode } from '../../lib/locale-path';

/** The label groups and whether they have arrived (until then options cannot be listed). */
export type CatalogLabels = { groups: LabelTitles; loaded: boolean };

export type LabelGroupName = 'material' | 'colour';

export function labelTitle(groups: LabelTitles, group: LabelGroupName, key: string, locale: LocaleCode): string {
  const title = pickText(groups[group]?.[key], locale);
  if (title) return title;
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type LabelOption = { key: string; title: string };

/** Every key of a group with its title, in the alphabetical order of the current language. */
export function labelOptions(groups: LabelTitles, group: LabelGroupName, locale: LocaleCode, extraKeys: string[] = []): LabelOption[] {
  const keys = new Set([...Object.keys(groups[group] ?? {}), ...extraKeys]);
  const collator = collatorOf(locale);
  return [...keys]
    .map((key) => ({ key, title: labelTitle(groups, group, key, locale) }))
    .sort((a, b) => collator.compare(a.title, b.title));
}
