//! The carriers staff choose from when shipping: the `carrier` code table when the shop has one,
//! else the server's fixed list, each with its title in the current language.
import { t } from '../../i18n/i18n-store';
import type { MessageKey } from '../../i18n/types';
import { FALLBACK_CARRIERS } from './order-moves';
import type { OrderDeskTools } from './tools';

export function carrierKeys(tools: Pick<OrderDeskTools, 'labelKeys'>): string[] {
  const keys = tools.labelKeys('carrier');
  return keys.length ? keys : [...FALLBACK_CARRIERS];
}

export function carrierTitle(key: string, tools: Pick<OrderDeskTools, 'label' | 'labelKeys'>): string {
  if (tools.labelKeys('carrier').includes(key)) return tools.label('carrier', key);
  if ((FALLBACK_CARRIERS as readonly string[]).includes(key)) return t(`admin.carriers.${key}` as MessageKey);
  return key;
}
