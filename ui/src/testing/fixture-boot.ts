//! Boot data for tests and the vite dev server when no Kiosk server writes it: English messages
//! from locales/en.json and the languages in the chooser order (th, my, km, en, id).
import enMessages from '../../../locales/en.json';
import type { Boot } from '../app/boot';
import { DEFAULT_LANGUAGES } from '../i18n/default-languages';
import type { Language } from '../i18n/types';

export const fixtureLanguages: Language[] = DEFAULT_LANGUAGES;

export function fixtureBoot(overrides: Partial<Boot> = {}): Boot {
  return {
    locale: 'en',
    languages: fixtureLanguages,
    messages: enMessages,
    status: 200,
    shop: {
      name: 'Kiosk',
      publicUrl: 'http://127.0.0.1:8080',
      logo: '/static/logo.svg',
      social: { facebook: 'https://www.facebook.com/kioskfurniture', line: 'https://line.me/R/ti/p/@kiosk', tel: '+6621234567' },
      catalogUrl: '/api/file/pdf/get/catalog-min.pdf',
    },
    features: { roomMenu: true, categoryMenu: true },
    paymentMethods: ['promptpay', 'bank_transfer'],
    ...overrides,
  };
}
