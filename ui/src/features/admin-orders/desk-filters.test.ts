import { describe, expect, it } from 'vitest';
import { deskSearch, hasFilters, NO_FILTERS, parseDeskFilters, serverQueries } from './desk-filters';

describe('desk filters and the URL', () => {
  it('reads every filter from the query string', () => {
    expect(parseDeskFilters('?status=paid&from=2026-11-01&to=2026-11-23&payment=bank_transfer&kcard=shop-1&q=0812')).toEqual({
      status: 'paid',
      from: '2026-11-01',
      to: '2026-11-23',
      payment: 'bank_transfer',
      kcard: 'shop-1',
      q: '0812',
    });
  });

  it('drops what the server would refuse: unknown status or payment, impossible days, a backwards range', () => {
    expect(parseDeskFilters('?status=lost&payment=cash&from=2026-02-30&to=yesterday')).toEqual(NO_FILTERS);
    expect(parseDeskFilters('?from=2026-11-20&to=2026-11-01')).toMatchObject({ from: '2026-11-20', to: '' });
  });

  it('trims text and keeps it within the server limits', () => {
    const filters = parseDeskFilters(`?q=${encodeURIComponent(`  ${'x'.repeat(150)}  `)}`);
    expect(filters.q).toHaveLength(100);
  });

  it('writes defaults out and keeps one key order, so a URL reads the same however it was built', () => {
    expect(deskSearch(NO_FILTERS)).toBe('');
    expect(deskSearch({ ...NO_FILTERS, q: 'Somsri Jaidee', status: 'unshipped', from: '2026-11-01' })).toBe(
      '?status=unshipped&from=2026-11-01&q=Somsri+Jaidee',
    );
  });

  it('survives a round trip', () => {
    const filters = { status: 'cancelled' as const, from: '2026-01-01', to: '2026-01-31', payment: 'promptpay', kcard: 'web', q: 'K0001' };
    expect(parseDeskFilters(deskSearch(filters))).toEqual(filters);
  });

  it('knows when anything is filtered', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, kcard: 'line' })).toBe(true);
  });

  it('asks the server once per status; "paid, not shipped" is paid and preparing with the same filters', () => {
    expect(serverQueries(NO_FILTERS)).toEqual(['']);
    expect(serverQueries({ ...NO_FILTERS, status: 'shipped', q: 'K00' })).toEqual(['status=shipped&q=K00']);
    expect(serverQueries({ ...NO_FILTERS, status: 'unshipped', payment: 'promptpay' })).toEqual([
      'status=paid&payment=promptpay',
      'status=preparing&payment=promptpay',
    ]);
  });
});
