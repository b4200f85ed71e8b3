import { describe, expect, it } from 'vitest';
import { parseDelta } from './stock-dialog';

describe('stock adjustments typed', () => {
  it('takes signed whole numbers other than 0', () => {
    expect(parseDelta('+5')).toBe(5);
    expect(parseDelta(' -2 ')).toBe(-2);
    expect(parseDelta('3')).toBe(3);
    expect(parseDelta('0')).toBeNull();
    expect(parseDelta('1.5')).toBeNull();
    expect(parseDelta('')).toBeNull();
  });
});
