//! Answers the server put into the page (`<script type="application/json" id="kiosk-data">`,
//! see src/http/first_paint.rs): the catalogue data of the first paint, keyed by request URL in
//! a normal form. The app's first GET of such a URL takes the answer instead of asking again;
//! each is used once, so later visits to the same URL ask the server for fresh data.

export const DATA_ELEMENT_ID = 'kiosk-data';

let answers: Map<string, unknown> | null = null;

/** `path?a=1&b=2` with the parameters sorted by name, as the server writes the keys. */
export function normalUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, mark)}?${query}` : url.slice(0, mark);
}

/** Reads the page's answers once; a missing or malformed block means there are none. */
export function readPrefetched(doc: Document = document): void {
  answers = new Map();
  const text = doc.getElementById(DATA_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [url, answer] of Object.entries(parsed)) answers.set(normalUrl(url), answer);
    }
  } catch {
    // A page without usable answers: the app fetches as it always did.
  }
}

/** The server's answer for `url`, once; undefined when the page carried none. */
export function takePrefetched(url: string): unknown {
  if (!answers || answers.size === 0) return undefined;
  const key = normalUrl(url);
  const answer = answers.get(key);
  if (answer !== undefined) answers.delete(key);
  return answer;
}

/** Whether the page carried an answer for `url` (without using it). */
export function hasPrefetched(url: string): boolean {
  return !!answers && answers.has(normalUrl(url));
}
