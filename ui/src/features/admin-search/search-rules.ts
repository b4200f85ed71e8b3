//! Pure rules of the search page: a synonym row (terms separated by commas) read as terms, the
//! PUT body built from the rows with which row each sent group came from, the server's
//! `invalid_input` lines (`groups[i][j]: problem`, indexes of the body sent) mapped back to the
//! rows, the group filter, and the range of shop days whose misses are shown.
import type { SynonymsBody } from '../../api/types';

/** One group as staff edit it: its terms in one text, with an id that outlives edits and saves. */
export type SynonymRow = { id: number; text: string };

/** Commas of the scripts staff type in: ASCII, full-width and ideographic. */
const COMMA = /[,，、]/;

/** A row's terms: split on commas, spaces tidied (as the server does), empty ones dropped. */
export function parseTerms(text: string): string[] {
  return text
    .split(COMMA)
    .map((term) => term.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** A group's terms as the text of its row. */
export function formatTerms(terms: readonly string[]): string {
  return terms.join(', ');
}

/** The text of a new row started from a keyword: the keyword, then room for what it means. */
export function rowFromKeyword(keyword: string): string {
  const term = keyword.trim().replace(/\s+/g, ' ');
  return term ? `${term}, ` : '';
}

/** The body to PUT, and for each group sent (by its index) the id of the row it came from. */
export type SynonymsDraft = { body: SynonymsBody; rowIds: number[] };

/** Rows without any term (removed text, new rows left empty) are not sent. */
export function buildBody(rows: readonly SynonymRow[]): SynonymsDraft {
  const groups: string[][] = [];
  const rowIds: number[] = [];
  for (const row of rows) {
    const terms = parseTerms(row.text);
    if (!terms.length) continue;
    groups.push(terms);
    rowIds.push(row.id);
  }
  return { body: { groups }, rowIds };
}

/** Whether the rows say something else than the groups in force (order counts: it is kept). */
export function isChanged(rows: readonly SynonymRow[], saved: readonly (readonly string[])[]): boolean {
  const groups = buildBody(rows).body.groups;
  return groups.length !== saved.length || groups.some((terms, i) => formatTerms(terms) !== formatTerms(saved[i] ?? []));
}

/** The server's problems this page words in the viewer's language (anything else is shown as sent). */
export const PROBLEM_KINDS = ['twoTerms', 'tooLong', 'tooManyWords', 'noLetters', 'control', 'tooManyTerms', 'tooManyGroups'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** One problem: its kind when known (with the limit it names), the server's words, and the term at fault. */
export type Problem = { kind: ProblemKind | null; max: number | null; text: string; term: string | null };

const KINDS: [RegExp, ProblemKind][] = [
  [/^a group needs at least two different terms$/i, 'twoTerms'],
  [/^at most (\d+) characters$/i, 'tooLong'],
  [/^at most (\d+) words$/i, 'tooManyWords'],
  [/^has no letters or digits$/i, 'noLetters'],
  [/^control characters$/i, 'control'],
  [/^at most (\d+) terms$/i, 'tooManyTerms'],
  [/^at most (\d+) groups$/i, 'tooManyGroups'],
];

function readProblem(text: string, term: string | null): Problem {
  for (const [pattern, kind] of KINDS) {
    const match = pattern.exec(text);
    if (match) return { kind, max: match[1] ? Number(match[1]) : null, text, term };
  }
  return { kind: null, max: null, text, term };
}

/** The problems by row id, and those that name no row of this draft (or no group at all). */
export type MappedProblems = { rows: Record<number, Problem[]>; other: Problem[] };

const LINE = /^groups\[(\d+)\](?:\[(\d+)\])?:\s*(.*)$/;

/** Reads an `invalid_input` message (one `groups[i][j]: problem` per line) against the draft sent. */
export function mapProblems(message: string, draft: SynonymsDraft): MappedProblems {
  const out: MappedProblems = { rows: {}, other: [] };
  for (const raw of message.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const match = LINE.exec(line);
    const group = match ? Number(match[1]) : -1;
    const rowId = draft.rowIds[group];
    if (!match || rowId === undefined) {
      const text = line.replace(/^groups:\s*/, '');
      out.other.push(readProblem(text, null));
      continue;
    }
    const term = match[2] === undefined ? null : (draft.body.groups[group]?.[Number(match[2])] ?? null);
    (out.rows[rowId] ??= []).push(readProblem(match[3] ?? '', term));
  }
  return out;
}

/** Does a row hold a term containing the filter text (case and spacing ignored)? An empty filter keeps all. */
export function matchesFilter(text: string, filter: string): boolean {
  const wanted = filter.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  if (!wanted) return true;
  return parseTerms(text).some((term) => term.toLocaleLowerCase().includes(wanted));
}

/** The longest range the server reports on, in shop days (both ends counted). */
export const MAX_RANGE_DAYS = 400;

/** Is this text a real calendar day written YYYY-MM-DD? */
export function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** A day 'YYYY-MM-DD' moved by `days` (negative: back), calendar arithmetic only. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

export type DayRange = { from: string; to: string };

/** The last 30 shop days, today included (the server's own default). */
export function defaultRange(today: string): DayRange {
  return { from: addDays(today, -29), to: today };
}

/** What is wrong with a range, as the server would refuse it; null when nothing. */
export function rangeProblem(range: DayRange): 'day' | 'order' | 'tooLong' | null {
  if (!isDay(range.from) || !isDay(range.to)) return 'day';
  if (range.from > range.to) return 'order';
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  return days > MAX_RANGE_DAYS ? 'tooLong' : null;
}

/** The misses query for a range. */
export function missesQuery(range: DayRange): string {
  return new URLSearchParams({ from: range.from, to: range.to }).toString();
}
