//! URL rules from docs/STOREFRONT.md §2 and §5: external links, safe redirect targets, catalogue
//! paths, safe social hrefs.

/** A menu path is external when it looks like a URL (a scheme, `//host` or `www.`). */
export function isExternalLink(path: string): boolean {
  const value = path.trim();
  return /^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//') || /^www\./i.test(value);
}

const SAFE_REDIRECT = /^\/(?![/\\])[A-Za-z0-9\-_./~%]*(\?[A-Za-z0-9\-_./~%=&+]*)?(#[A-Za-z0-9\-_./~%=&+]*)?$/;

/**
 * A stored redirect target is accepted only when it is a relative path of letters, digits and
 * -_./~% with an optional query and hash; never `//host`, a backslash trick or a scheme.
 */
export function isSafeRedirect(target: unknown): target is string {
  return typeof target === 'string' && target.length <= 2048 && SAFE_REDIRECT.test(target);
}

/** The URL segment of a room or category: pageName or key, lowercased and trimmed. */
export function catalogSlug(item: { key: string; pageName?: string | null }): string {
  const name = item.pageName && item.pageName.trim() ? item.pageName : item.key;
  return name.toLowerCase().trim();
}

const SAFE_SCHEMES = /^(https?|tel|mailto|line|viber):/i;

/** Returns an href for a configured contact link, or null when it uses an unsafe scheme. */
export function safeContactHref(kind: string, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (kind === 'tel' && !/^tel:/i.test(trimmed)) {
    const digits = trimmed.replace(/[^\d+]/g, '');
    return digits ? `tel:${digits}` : null;
  }
  return SAFE_SCHEMES.test(trimmed) ? trimmed : null;
}

/** decodeURIComponent that returns the text unchanged when it is not valid percent-encoding. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
