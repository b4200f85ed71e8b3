//! Localized texts for unit tests: the API always sends all five languages, an untranslated
//! one as '' (shown in English).
import type { Localized } from '../api/types';

export function localized(en: string, others: Partial<Localized> = {}): Localized {
  return { en, th: '', my: '', km: '', id: '', ...others };
}
