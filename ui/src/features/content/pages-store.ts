//! Content pages (SPEC §3 `pages`): the list is loaded once; each page once when first shown.
import { createResource, createResourceMap } from '../../lib/resource';
import { getPage } from './api/get-page';
import { listPages } from './api/list-pages';

export const pages = createResource(listPages);
export const pageByName = createResourceMap((name) => getPage(name));

/** Splits a plain-text body into paragraphs on blank lines; the text is never treated as HTML. */
export function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}
