//! The image manager's pure rules: which files are worth sending, the server's refusals read per
//! file, moving an image, and the alt text the server is sent (only non-empty languages of the
//! images the product keeps).
import type { Localized } from '../../api/types';

/** What the server accepts (checked again there by content); phones offer the camera for these. */
export const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const ACCEPT = ACCEPTED_TYPES.join(',');
/** Files one upload may carry (the server's limit). */
export const MAX_FILES_PER_UPLOAD = 10;
/** The server's default size limit; it is the judge when configured otherwise. */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
/** Longest alt text per language (the server's limit). */
export const MAX_ALT = 250;
/** Thumbnails use a width the image server offers. */
export const THUMB_WIDTH = 160;

export const ALT_LANGUAGES = ['en', 'th', 'my', 'km', 'id'] as const;
export type AltLanguage = (typeof ALT_LANGUAGES)[number];

export type ProblemKind = 'notImage' | 'svg' | 'heic' | 'damaged' | 'tooManyPixels' | 'tooLarge' | 'other';
/** Why one file was not taken; `detail` is the server's own words (English) when it gave any. */
export type FileProblem = { name: string; kind: ProblemKind; detail: string };

type FileLike = { name: string; type: string; size: number };

/** A problem visible before sending: the server checks the content anyway. */
export function precheckFile(file: FileLike, maxBytes = DEFAULT_MAX_BYTES): FileProblem | null {
  const name = file.name;
  const lower = name.toLowerCase();
  const type = file.type.toLowerCase();
  const problem = (kind: ProblemKind): FileProblem => ({ name, kind, detail: '' });
  if (type === 'image/svg+xml' || lower.endsWith('.svg')) return problem('svg');
  if (type === 'image/heic' || type === 'image/heif' || /\.hei[cf]$/.test(lower)) return problem('heic');
  if (type && !(ACCEPTED_TYPES as readonly string[]).includes(type)) return problem('notImage');
  if (file.size === 0) return problem('damaged');
  if (file.size > maxBytes) return problem('tooLarge');
  return null;
}

/** Splits picked files into those to send and those refused at once. */
export function sortFiles<F extends FileLike>(files: F[], maxBytes = DEFAULT_MAX_BYTES): { send: F[]; problems: FileProblem[] } {
  const send: F[] = [];
  const problems: FileProblem[] = [];
  for (const file of files) {
    const problem = precheckFile(file, maxBytes);
    if (problem) problems.push(problem);
    else send.push(file);
  }
  return { send, problems };
}

/** Uploads of at most [`MAX_FILES_PER_UPLOAD`] files each, in the order picked. */
export function batches<F>(files: F[], size = MAX_FILES_PER_UPLOAD): F[][] {
  const out: F[][] = [];
  for (let i = 0; i < files.length; i += size) out.push(files.slice(i, i + size));
  return out;
}

/** Reads the server's reason ("is an SVG drawing…") as a kind the UI words in every language. */
export function classifyReason(reason: string): ProblemKind {
  const text = reason.toLowerCase();
  if (text.includes('svg')) return 'svg';
  if (text.includes('heic')) return 'heic';
  if (text.includes('larger than') || text.includes('too large to')) return text.includes('pixels') ? 'tooManyPixels' : 'tooLarge';
  if (text.includes('pixels')) return 'tooManyPixels';
  if (text.includes('damaged') || text.includes('incomplete') || text.includes('is empty') || text.includes('no pixels')) return 'damaged';
  if (text.includes('not an image') || text.includes('not a png') || text.includes('program') || text.includes('gif')) return 'notImage';
  return 'other';
}

/**
 * The server refuses a whole upload naming each file at fault: "a.png is not an image…; b.png is
 * damaged…; nothing was stored" (400), or "a.png, b.png are larger than 10 MB; nothing was stored"
 * (413). Reads it back per file, for the files that were sent.
 */
export function problemsFromServer(message: string, names: string[], tooLarge = false): FileProblem[] {
  const text = message.replace(/;?\s*nothing was stored\.?\s*$/i, '');
  const found: { name: string; at: number }[] = [];
  // Longest names first, so "photo.png" does not claim the start of "photo.png.png".
  for (const name of [...new Set(names)].sort((a, b) => b.length - a.length)) {
    if (!name) continue;
    let from = 0;
    for (;;) {
      const at = text.indexOf(name, from);
      if (at < 0) break;
      const overlaps = found.some((f) => at < f.at + f.name.length && f.at < at + name.length);
      if (!overlaps) found.push({ name, at });
      from = at + name.length;
    }
  }
  found.sort((a, b) => a.at - b.at);
  if (found.length === 0) return [{ name: '', kind: tooLarge ? 'tooLarge' : classifyReason(text), detail: text }];
  if (tooLarge) {
    const last = found[found.length - 1]!;
    const detail = text.slice(last.at + last.name.length).replace(/^[\s,]+/, '');
    return found.map(({ name }) => ({ name, kind: 'tooLarge', detail }));
  }
  return found.map(({ name, at }, i) => {
    const end = found[i + 1]?.at ?? text.length;
    const detail = text
      .slice(at + name.length, end)
      .replace(/^[\s:]+/, '')
      .replace(/[\s;]+$/, '');
    return { name, kind: classifyReason(detail), detail };
  });
}

/** The list with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const last = list.length - 1;
  const target = Math.max(0, Math.min(last, to));
  if (from < 0 || from > last || from === target) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1) as [T];
  out.splice(target, 0, item);
  return out;
}

export function emptyAlt(): Localized {
  return { en: '', th: '', my: '', km: '', id: '' };
}

/** The languages an image's alt text still lacks. */
export function missingLanguages(alt: Partial<Localized> | undefined): AltLanguage[] {
  return ALT_LANGUAGES.filter((lang) => !(alt?.[lang] ?? '').trim());
}

/** Alt text to send: trimmed, only for images kept, without images that have none. */
export function altsFor(images: readonly string[], alts: Record<string, Partial<Localized>>): Record<string, Localized> {
  const out: Record<string, Localized> = {};
  for (const image of images) {
    const alt = alts[image];
    if (!alt) continue;
    const clean = emptyAlt();
    for (const lang of ALT_LANGUAGES) clean[lang] = (alt[lang] ?? '').trim();
    if (ALT_LANGUAGES.some((lang) => clean[lang])) out[image] = clean;
  }
  return out;
}

/** Alt text fields that are too long. */
export function longAlts(alt: Partial<Localized>): AltLanguage[] {
  return ALT_LANGUAGES.filter((lang) => [...(alt[lang] ?? '').trim()].length > MAX_ALT);
}

/** The image's alt text in `lang`, else English, else ''. */
export function altText(alt: Partial<Localized> | undefined, lang: string): string {
  const own = (alt?.[lang as AltLanguage] ?? '').trim();
  return own || (alt?.en ?? '').trim();
}

/** The thumbnail address: a resized copy the image server keeps. */
export function thumbnail(path: string, width = THUMB_WIDTH): string {
  return `${path}${path.includes('?') ? '&' : '?'}w=${width}`;
}

/** "10 MB", "640 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024);
    return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  }
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** Whole percent of an upload sent. */
export function percent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}
