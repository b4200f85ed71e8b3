//! The activity viewer's filters and the URL: the person (exact user name), the thing changed
//! (exact target, e.g. `order K000123`), words and one shop day, as `?actor=&target=&q=&day=`; bad
//! values are dropped, empty ones left out.

/** Is this text a real calendar day written YYYY-MM-DD? */
function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

export type ActivityFilters = { actor: string; target: string; q: string; day: string };

export const NO_ACTIVITY_FILTERS: ActivityFilters = { actor: '', target: '', q: '', day: '' };

const KEYS = ['actor', 'target', 'q', 'day'] as const;

export function parseActivityFilters(search: string): ActivityFilters {
  const params = new URLSearchParams(search);
  const text = (key: string, max: number) => (params.get(key) ?? '').trim().slice(0, max);
  const day = text('day', 10);
  return { actor: text('actor', 100), target: text('target', 200), q: text('q', 100), day: isDay(day) ? day : '' };
}

export function activitySearch(filters: ActivityFilters): string {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filters[key].trim()) params.set(key, filters[key].trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The server's query for one page (`before` is the previous page's `next`). */
export function activityQuery(filters: ActivityFilters, before: string | null, limit: number): string {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filters[key].trim()) params.set(key, filters[key].trim());
  params.set('limit', String(limit));
  if (before) params.set('before', before);
  return params.toString();
}
