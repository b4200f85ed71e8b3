import { describe, expect, it } from 'vitest';
import { addDays, formatDay, formatShopTime, isDay, shopDay } from './shop-time';

describe('formatShopTime', () => {
  // 2026-11-23 02:14 UTC is 09:14 in Bangkok.
  const at = Date.UTC(2026, 10, 23, 2, 14);

  it("shows 'D MMM YYYY kk:mm' on the shop's clock with the month in the viewer's language", () => {
    expect(formatShopTime(at, 'en-GB')).toBe('23 Nov 2026 09:14');
    expect(formatShopTime(at, 'th')).toBe('23 พ.ย. 2569 09:14');
    expect(formatShopTime(at, 'km')).toBe('23 វិច្ឆិកា 2026 09:14');
    expect(formatShopTime(at, 'id')).toBe('23 Nov 2026 09:14');
  });

  it('counts midnight as 24 (kk) and counts Thai years in the Buddhist era', () => {
    expect(formatShopTime(Date.UTC(2024, 11, 30, 17, 30), 'th')).toBe('31 ธ.ค. 2567 24:30');
    expect(formatShopTime(Date.UTC(2024, 11, 30, 17, 30), 'ms')).toBe('31 Dis 2024 24:30');
  });

  it('agrees with the server (src/i18n.rs): the same moment in every language', () => {
    // 2026-11-24 15:10 UTC = 22:10 in Bangkok.
    const moment = 1_795_533_000_000;
    expect(formatShopTime(moment, 'en')).toBe('24 Nov 2026 22:10');
    expect(formatShopTime(moment, 'th')).toBe('24 พ.ย. 2569 22:10');
    expect(formatShopTime(moment, 'km')).toBe('24 វិច្ឆិកា 2026 22:10');
    expect(formatShopTime(moment, 'ms')).toBe('24 Nov 2026 22:10');
    expect(formatShopTime(1_795_539_600_000, 'en')).toBe('25 Nov 2026 24:00');
  });

  it('shows nothing for a missing time', () => {
    expect(formatShopTime(0)).toBe('');
    expect(formatShopTime(Number.NaN)).toBe('');
  });
});

describe('shop days', () => {
  it("names the Bangkok day of a moment: 18:00 UTC is already tomorrow's", () => {
    expect(shopDay(Date.UTC(2026, 10, 23, 16, 59))).toBe('2026-11-23');
    expect(shopDay(Date.UTC(2026, 10, 23, 17, 0))).toBe('2026-11-24');
  });

  it('moves days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-23', -29)).toBe('2026-10-25');
  });

  it('knows a real day', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('23/11/2026')).toBe(false);
  });

  it('writes a day with its month in the language', () => {
    expect(formatDay('2026-11-23', 'th')).toBe('23 พ.ย. 2569');
    expect(formatDay('2026-11-23', 'en-GB', false)).toBe('23 Nov');
    expect(formatDay('nope')).toBe('');
  });
});
