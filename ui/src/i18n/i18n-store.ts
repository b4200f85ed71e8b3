//! Client state for languages (docs/STOREFRONT.md §3: locale, locales, languages) and the `t()`
//! translator. English is the fallback for keys a translation lacks; switching language loads the
//! message set from the API, then updates <html lang>, localStorage and the i18n_redirected cookie.
import { apiGet } from '../api/client';
import type { LocaleAnswer } from '../api/types';
import { writeLanguageCookie } from '../lib/cookie';
import { createStore, useStore } from '../lib/create-store';
import { DEFAULT_LOCALE, type LocaleCode } from '../lib/locale-path';
import { STORAGE_KEYS, writeStorage } from '../lib/storage';
import type { Language, LocalizedText, MessageKey, Messages } from './types';

export type I18nState = {
  locale: LocaleCode;
  messages: Messages;
  languages: Language[];
  /** Message sets already loaded, by code (each already merged over English). */
  locales: Partial<Record<LocaleCode, Messages>>;
};

export const i18nStore = createStore<I18nState>({
  locale: DEFAULT_LOCALE,
  messages: {} as Messages,
  languages: [],
  locales: {},
});

export function initI18n(locale: LocaleCode, messages: Messages, languages: Language[]): void {
  i18nStore.set({ locale, messages, languages, locales: { [locale]: messages } });
  applyHtmlLang(locale);
}

function lookup(messages: unknown, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export type TParams = Record<string, string | number>;

/** Translates a key with `{name}` placeholders; falls back to English, then to the key itself. */
export function t(key: MessageKey, params?: TParams): string {
  const { messages, locales } = i18nStore.get();
  let text = lookup(messages, key);
  if (typeof text !== 'string') text = lookup(locales.en, key);
  if (typeof text !== 'string') return key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** Subscribes the component to language changes and returns the translator and state. */
export function useI18n() {
  const state = useStore(i18nStore);
  return { t, locale: state.locale, messages: state.messages, languages: state.languages };
}

/** Picks the current language's text of an API title, falling back to English. */
export function pickText(text: LocalizedText | string | null | undefined, locale: LocaleCode): string {
  if (!text) return '';
  if (typeof text === 'string') return text;
  return text[locale] || text.en || Object.values(text).find(Boolean) || '';
}

export function findLanguage(code: string): Language | undefined {
  return i18nStore.get().languages.find((language) => language.code === code);
}

/** The BCP 47 tag of a language: `ms` for the /my prefix (Malay, not Burmese). */
export function htmlLangOf(code: LocaleCode): string {
  return findLanguage(code)?.htmlLang || (code === 'my' ? 'ms' : code);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * Whether `count` takes the "one" form in the language of `code` (CLDR rules through Intl).
 * One rule object per language: building one loads ICU locale data, too slow for every render.
 */
export function isPluralOne(count: number, code: LocaleCode): boolean {
  const lang = htmlLangOf(code);
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count) === 'one';
}

const collators = new Map<string, Intl.Collator>();

/** Alphabetical order in the language of `code`; one collator per language, kept (see above). */
export function collatorOf(code: string): Intl.Collator {
  const lang = code === 'my' ? 'ms' : code;
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(lang);
    collators.set(lang, collator);
  }
  return collator;
}

export function applyHtmlLang(code: LocaleCode): void {
  document.documentElement.lang = htmlLangOf(code);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Deep-merges a translation over English so every key has a text. */
export function mergeMessages<T>(base: T, over: unknown): T {
  if (!isObject(base) || !isObject(over)) return (over ?? base) as T;
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] = isObject(current) && isObject(value) ? mergeMessages(current, value) : value;
  }
  return result as T;
}

async function fetchMessages(code: LocaleCode): Promise<Messages> {
  // The server answers free-form messages; their shape is that of locales/en.json.
  const body = await apiGet<LocaleAnswer & { data: Messages }>(`/api/file/locales/${code}`);
  return body.data;
}

/** Loads (once) the message set of a language, merged over English. */
export async function loadMessages(code: LocaleCode): Promise<Messages> {
  const cached = i18nStore.get().locales[code];
  if (cached) return cached;
  let english = i18nStore.get().locales.en;
  if (!english) {
    english = await fetchMessages('en');
    i18nStore.set((s) => ({ ...s, locales: { ...s.locales, en: english } }));
  }
  const messages = code === 'en' ? english : mergeMessages(english, await fetchMessages(code));
  i18nStore.set((s) => ({ ...s, locales: { ...s.locales, [code]: messages } }));
  return messages;
}

let staffMessages: Promise<void> | null = null;

/**
 * The boot data carries the storefront's messages only (the staff area's are most of the
 * bytes); the staff area loads the whole sets of English and the current language, once, before
 * it renders. Languages loaded afterwards are whole sets too.
 */
export function ensureStaffMessages(): Promise<void> {
  if (lookup(i18nStore.get().messages, 'admin.common') !== undefined) return Promise.resolve();
  staffMessages ??= (async () => {
    const { locale } = i18nStore.get();
    const english = await fetchMessages('en');
    const messages = locale === 'en' ? english : mergeMessages(english, await fetchMessages(locale));
    i18nStore.set((s) => ({
      ...s,
      messages: s.locale === locale ? messages : s.messages,
      locales: { en: english, [locale]: messages },
    }));
  })().catch((error: unknown) => {
    staffMessages = null;
    throw error;
  });
  return staffMessages;
}

/** Makes an already loaded language current. Refuses a code that is not an available language. */
export function applyLocale(code: string, options: { persist: boolean }): boolean {
  const language = findLanguage(code);
  if (!language) return false;
  const messages = i18nStore.get().locales[language.code];
  if (!messages) return false;
  i18nStore.set((s) => ({ ...s, locale: language.code, messages }));
  applyHtmlLang(language.code);
  if (options.persist) {
    writeStorage(STORAGE_KEYS.locale, language.code);
    writeLanguageCookie(language.code);
  }
  return true;
}

/**
 * Switches the interface language: loads its messages, then runs `beforeApply` (the caller
 * navigates there, so URL and texts change in one render) and applies it.
 * Resolves false for a code that is not one of the available languages.
 */
export async function setLocale(
  code: string,
  options: { persist?: boolean; beforeApply?: () => void } = {},
): Promise<boolean> {
  const language = findLanguage(code);
  if (!language) return false;
  await loadMessages(language.code);
  options.beforeApply?.();
  return applyLocale(language.code, { persist: options.persist ?? true });
}
