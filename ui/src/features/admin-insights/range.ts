//! The range of shop days the page shows: the last 30 by default, at most a year and a month.

/** The server answers at most this many days. */
export const MAX_RANGE_DAYS = 400;

/** `day` (YYYY-MM-DD) moved by `days`. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Why a range cannot be asked for, or null. */
export function rangeProblem(from: string, to: string): 'missing' | 'order' | 'long' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'missing';
  if (from > to) return 'order';
  if (daysBetween(from, to) >= MAX_RANGE_DAYS) return 'long';
  return null;
}

/** A share (0…1) as a percentage with one decimal. */
export function percent(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}
