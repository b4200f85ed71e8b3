//! Reads the boot data the server writes into index.html (`<script type="application/json" id="kiosk-boot">`).
import type { Language, Messages } from '../i18n/types';
import { isLocaleCode, type LocaleCode } from '../lib/locale-path';
import { parsePaymentMethods, type WebsiteData } from '../lib/website-data';

export type Boot = WebsiteData & {
  locale: LocaleCode;
  languages: Language[];
  messages: Messages;
  status: 200 | 404;
};

export const BOOT_ELEMENT_ID = 'kiosk-boot';

/** Parses the boot block; null when it is missing or malformed. */
export function readBoot(doc: Document = document): Boot | null {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const boot = JSON.parse(text) as Partial<Boot>;
    if (!isLocaleCode(boot.locale) || !boot.messages || !Array.isArray(boot.languages) || !boot.shop) return null;
    return {
      locale: boot.locale,
      languages: boot.languages,
      messages: boot.messages,
      status: boot.status === 404 ? 404 : 200,
      shop: { ...boot.shop, social: boot.shop.social ?? {} },
      features: { roomMenu: !!boot.features?.roomMenu, categoryMenu: !!boot.features?.categoryMenu },
      paymentMethods: parsePaymentMethods(boot.paymentMethods),
    };
  } catch {
    return null;
  }
}
