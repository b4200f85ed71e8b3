//! Pure rules of the content pages: page names and links (the server's rules, checked early so the
//! form can say which field is wrong), missing languages, translation search, settings checks,
//! shipping amounts and the PDF check.
import type { Localized, Page, SiteSettings, TranslationRow } from '../../api/types';
import type { MessageKey } from '../../i18n/types';
import { LOCALE_CODES, type LocaleCode } from '../../lib/locale-path';
import { safeHref } from '../../lib/markdown';

const PAGE_NAME = /^[a-z0-9-]+(\/[a-z0-9-]+)?$/;
const RESERVED = new Set(['admin', 'api', 'cart', 'cartres', 'category', 'content', 'en', 'file', 'id', 'info', 'km', 'location', 'mobile', 'my', 'order', 'products', 'room', 'search', 'searchcode', 'static', 'th', 'user', 'view']);

export function checkNewPage(name: string, title: string): { name?: MessageKey; title?: MessageKey } {
  const errors: { name?: MessageKey; title?: MessageKey } = {};
  const trimmed = name.trim();
  if (!PAGE_NAME.test(trimmed) || trimmed.length > 80 || RESERVED.has(trimmed.split('/')[0]!)) errors.name = 'admin.content.pages.errName';
  if (!title.trim()) errors.title = 'admin.content.pages.errTitle';
  return errors;
}

/** Languages (not English) whose title or body is empty: they show English. */
export function missingLanguages(page: Pick<Page, 'title' | 'body'>): LocaleCode[] {
  return LOCALE_CODES.filter((code) => !page.title[code]?.trim() || !page.body[code]?.trim());
}

/** Where shoppers open a page: the fixed addresses, else /content/{name}. */
export function storefrontPath(name: string): string {
  if (name === 'about' || name === 'area' || name === 'privacy') return `/${name}`;
  if (name === 'showrooms') return '/location';
  return `/content/${name}`;
}

/** Link targets in Markdown (`[text](target)`, `[id]: target`) that the server would refuse. */
export function unsafeLinks(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of markdown.matchAll(/\]\(([^)\s]*)/g)) targets.push(match[1]!);
  for (const match of markdown.matchAll(/^\s*\[[^\]]+\]:\s*(\S*)/gm)) targets.push(match[1]!);
  return targets.filter((target) => safeHref(target) === null);
}

export type PageErrors = { title?: MessageKey; links: LocaleCode[] };

export function checkPage(title: Localized, body: Localized): PageErrors {
  return {
    title: title.en.trim() ? undefined : 'admin.content.editor.errTitle',
    links: LOCALE_CODES.filter((code) => unsafeLinks(body[code]).length > 0),
  };
}

/** A row lacks a language when its text is empty while English has one. */
export function isMissing(row: TranslationRow, code: LocaleCode): boolean {
  return !row.texts[code].trim() && row.texts.en.trim() !== '';
}

export function missingCount(rows: TranslationRow[]): number {
  return rows.reduce((sum, row) => sum + LOCALE_CODES.filter((code) => isMissing(row, code)).length, 0);
}

/** Rows whose key or any text contains every word of the query; `missingOnly` keeps rows lacking a language. */
export function filterRows(rows: TranslationRow[], query: string, missingOnly: boolean): TranslationRow[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (missingOnly && !LOCALE_CODES.some((code) => isMissing(row, code))) return false;
    if (!words.length) return true;
    const haystack = [row.key, ...LOCALE_CODES.map((code) => row.texts[code])].join('\n').toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

// ---- Site settings

export type SettingsField = `infoBar.${LocaleCode}` | `contact.${keyof SiteSettings['contact']}` | 'shipping.flatRate' | 'shipping.freeOver';
export type SettingsErrors = Partial<Record<SettingsField, MessageKey>>;

const HTTPS = /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(:\d+)?([/?#][^\s"'<>`]*)?$/i;

export function checkContact(kind: keyof SiteSettings['contact'], raw: string): MessageKey | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  if (value.length > 300) return 'admin.content.settings.errLength';
  switch (kind) {
    case 'tel': {
      const number = value.replace(/^tel:/i, '');
      const digits = number.replace(/\D/g, '').length;
      return /^[+\d\s().-]+$/.test(number) && digits >= 3 && digits <= 20 && !number.trimStart().startsWith('-') ? undefined : 'admin.content.settings.errTel';
    }
    case 'email':
      return /^(mailto:)?[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value) ? undefined : 'admin.content.settings.errEmail';
    case 'line':
      return /^@[a-z0-9._-]{1,40}$/i.test(value) || HTTPS.test(value) ? undefined : 'admin.content.settings.errLine';
    default:
      return HTTPS.test(value) ? undefined : 'admin.content.settings.errHttps';
  }
}

export function checkSettings(settings: SiteSettings): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const code of LOCALE_CODES) {
    const text = settings.infoBar[code];
    if ([...text].length > 300) errors[`infoBar.${code}`] = 'admin.content.settings.errLength';
    else if (/[<>]/.test(text)) errors[`infoBar.${code}`] = 'admin.content.settings.errAngle';
  }
  if (!settings.infoBar.en.trim()) errors['infoBar.en'] = 'admin.content.settings.errInfoBar';
  for (const kind of Object.keys(settings.contact) as (keyof SiteSettings['contact'])[]) {
    const problem = checkContact(kind, settings.contact[kind]);
    if (problem) errors[`contact.${kind}`] = problem;
  }
  return errors;
}

/** Baht as typed ('500', '1,250.50') to satang; null when it is not an amount of 0 to ฿1,000,000. */
export function bahtToSatang(text: string): number | null {
  const cleaned = text.replace(/[,\s฿]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const satang = Math.round(Number(cleaned) * 100);
  return satang <= 100_000_000 ? satang : null;
}

export function satangToBaht(satang: number): string {
  return satang % 100 === 0 ? String(satang / 100) : (satang / 100).toFixed(2);
}

// ---- E-catalogue

/** What the first and last bytes of a file say: a whole PDF, not a PDF, or a cut-off PDF. */
export function pdfVerdict(head: Uint8Array, tail: Uint8Array): 'ok' | 'notPdf' | 'incomplete' {
  const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);
  if (!text(head).includes('%PDF-')) return 'notPdf';
  return text(tail).includes('%%EOF') ? 'ok' : 'incomplete';
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
