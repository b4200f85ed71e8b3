//! Plain text from the API (content pages, product descriptions) shown as paragraphs.

/** Splits a plain-text body into paragraphs on blank lines; the text is never treated as HTML. */
export function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}
