import { describe, expect, it } from 'vitest';
import { formatLogTime, formatMoney, formatNumber } from './format';

describe('formatNumber', () => {
  it('shows integers without decimals, grouped in the Thai locale', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(7)).toBe('7');
    expect(formatNumber(1500)).toBe('1,500');
  });

  it('shows other values with two decimals', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(0.125)).toBe('0.13');
    expect(formatNumber(99.999)).toBe('100.00');
  });

  it('uses an explicit number of decimals when given', () => {
    expect(formatNumber(1500, 2)).toBe('1,500.00');
    expect(formatNumber(3.14159, 3)).toBe('3.142');
    expect(formatNumber(2.75, 0)).toBe('3');
  });

  it('formats negatives', () => {
    expect(formatNumber(-1500)).toBe('-1,500');
    expect(formatNumber(-1234.5)).toBe('-1,234.50');
  });

  it('formats large numbers', () => {
    expect(formatNumber(1234567890)).toBe('1,234,567,890');
    expect(formatNumber(9876543.21)).toBe('9,876,543.21');
  });

  it('writes what Intl.NumberFormat writes for the Thai locale', () => {
    const samples = [0, 1, 12, 999, 1000, 1.005, 2.675, 0.5, 1.5, 2.5, -2.5, 0.045, 123456.789, 1e-7, 99999999999.995, 5e14, 2e15, 1e22];
    for (const value of samples) {
      for (const places of [0, 1, 2, 3]) {
        const intl = new Intl.NumberFormat('th-TH', { minimumFractionDigits: places, maximumFractionDigits: places });
        expect(formatNumber(value, places), `${value} with ${places}`).toBe(intl.format(value));
      }
    }
  });

  it('returns an empty text for values that are not numbers', () => {
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatMoney', () => {
  it('turns integer satang into baht through formatNumber', () => {
    expect(formatMoney(150000)).toBe('฿1,500');
    expect(formatMoney(150050)).toBe('฿1,500.50');
    expect(formatMoney(5)).toBe('฿0.05');
    expect(formatMoney(-2500)).toBe('-฿25');
  });
});

describe('formatLogTime', () => {
  it("uses 'D MMM YYYY kk:mm' with hours 01–24", () => {
    expect(formatLogTime(new Date(2024, 2, 5, 9, 7))).toBe('5 Mar 2024 09:07');
    expect(formatLogTime(new Date(2024, 11, 31, 0, 30))).toBe('31 Dec 2024 24:30');
    expect(formatLogTime(new Date(2024, 0, 1, 23, 59))).toBe('1 Jan 2024 23:59');
  });
});
