//! Types of the message sets (locales/en.json is the reference shape) and of the languages list.
import type enMessages from '../../../locales/en.json';
import type { LocaleCode } from '../lib/locale-path';

export type Messages = typeof enMessages;

/** Dot paths of every string leaf in the message set: 'header.cart', 'errors.notFound'… */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : T[K] extends readonly unknown[]
      ? never
      : T[K] extends object
        ? Leaves<T[K], `${Prefix}${K}.`>
        : never;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;

export type Language = { code: LocaleCode; name: string; iso: string; htmlLang: string; flag: string };

/** A text given in each language, as the API sends titles. */
export type LocalizedText = Partial<Record<LocaleCode, string>>;

/**
 * Label groups (code tables such as `orderStatus`, `province`, `material`), each key to its title.
 * Looser than the API's `LabelsAnswer['data']`: a label set in the app may lack a language.
 */
export type LabelTitles = Record<string, Record<string, LocalizedText>>;

export type MenuItem = { name: string; icon?: string; path?: string; subMenus?: MenuItem[] };
export type InfoLink = { name: string; path: string };
