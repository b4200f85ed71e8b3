import { describe, expect, it } from 'vitest';
import { percent, rangeProblem, shiftDay } from './range';

describe('insights range', () => {
  it('moves days across months and years', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('refuses ranges the server would refuse', () => {
    expect(rangeProblem('2026-01-01', '2026-01-31')).toBeNull();
    expect(rangeProblem('2026-02-01', '2026-01-31')).toBe('order');
    expect(rangeProblem('2024-01-01', '2026-01-31')).toBe('long');
    expect(rangeProblem('', '2026-01-31')).toBe('missing');
  });
  it('shows shares as percentages', () => {
    expect(percent(0.5)).toBe('50.0%');
    expect(percent(1 / 3)).toBe('33.3%');
  });
});
