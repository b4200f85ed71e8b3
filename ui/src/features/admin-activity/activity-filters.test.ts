import { describe, expect, it } from 'vitest';
import { activityQuery, activitySearch, NO_ACTIVITY_FILTERS, parseActivityFilters } from './activity-filters';

describe('activity filters and the URL', () => {
  it('reads person, words and a real day', () => {
    expect(parseActivityFilters('?actor=clerk1&q=K000123&day=2026-11-23')).toEqual({ actor: 'clerk1', target: '', q: 'K000123', day: '2026-11-23' });
    expect(parseActivityFilters('?target=order%20K000123').target).toBe('order K000123');
    expect(parseActivityFilters('?day=2026-13-01')).toEqual(NO_ACTIVITY_FILTERS);
  });

  it('writes only what is set, in one order, and reads back the same', () => {
    expect(activitySearch(NO_ACTIVITY_FILTERS)).toBe('');
    const filters = { actor: 'boss', target: 'product SF-1', q: 'roles', day: '2026-11-23' };
    expect(activitySearch(filters)).toBe('?actor=boss&target=product+SF-1&q=roles&day=2026-11-23');
    expect(parseActivityFilters(activitySearch(filters))).toEqual(filters);
  });

  it("pages back with the previous page's cursor", () => {
    expect(activityQuery({ ...NO_ACTIVITY_FILTERS, actor: 'boss' }, null, 100)).toBe('actor=boss&limit=100');
    expect(activityQuery(NO_ACTIVITY_FILTERS, '1795473721849.42', 100)).toBe('limit=100&before=1795473721849.42');
  });
});
