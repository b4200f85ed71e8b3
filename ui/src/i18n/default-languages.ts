//! The five languages in the chooser order (docs/STOREFRONT.md §2: th, my, km, en, id), used when
//! no boot data lists them. Flags are file stems under /static/flags/.
import type { Language } from './types';

export const DEFAULT_LANGUAGES: Language[] = [
  { code: 'th', name: 'ไทย', iso: 'th-th', htmlLang: 'th', flag: 'th' },
  { code: 'my', name: 'Bahasa Melayu', iso: 'my-th', htmlLang: 'ms', flag: 'my' },
  { code: 'km', name: 'ខ្មែរ', iso: 'km-th', htmlLang: 'km', flag: 'kh' },
  { code: 'en', name: 'English', iso: 'en-th', htmlLang: 'en', flag: 'gb' },
  { code: 'id', name: 'Bahasa Indonesia', iso: 'id-th', htmlLang: 'id', flag: 'id' },
];
