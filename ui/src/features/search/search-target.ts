//! The search-box rule (docs/STOREFRONT.md §2, §5): `#CODE` searches product codes, anything else
//! searches words.

export const CODE_SEARCH_PREFIX = '#';

/** The in-language path a search box entry leads to, or null when there is nothing to search. */
export function searchTarget(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (text.startsWith(CODE_SEARCH_PREFIX)) {
    const code = text.slice(CODE_SEARCH_PREFIX.length).trim();
    return code ? `/searchcode?keyword=${encodeURIComponent(code)}` : null;
  }
  return `/search?keyword=${encodeURIComponent(text)}`;
}
