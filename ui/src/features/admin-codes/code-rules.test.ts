import { describe, expect, it } from 'vitest';
import type { CodeEntry } from '../../api/types';
import { canRemove, isCodeKey, isDirty, newEntryProblems } from './code-rules';

const title = { en: 'Teak', th: 'ไม้สัก', my: '', km: '', id: '' };
const entry = (used: number): CodeEntry => ({ key: 'teak', title, active: true, used });

describe('code tables', () => {
  it('checks keys as the server does', () => {
    expect(isCodeKey('pending_payment')).toBe(true);
    expect(isCodeKey('a b')).toBe(false);
    expect(isCodeKey('ไม้')).toBe(false);
    expect(isCodeKey('')).toBe(false);
  });
  it('sees edits of titles and state only', () => {
    expect(isDirty(entry(0), { ...title, th: ' ไม้สัก ' }, true)).toBe(false);
    expect(isDirty(entry(0), { ...title, my: 'Jati' }, true)).toBe(true);
    expect(isDirty(entry(0), title, false)).toBe(true);
  });
  it('never offers to remove a used key or a key of the program', () => {
    expect(canRemove(entry(0), false)).toBe(true);
    expect(canRemove(entry(3), false)).toBe(false);
    expect(canRemove(entry(0), true)).toBe(false);
  });
  it('names the problems of a new entry', () => {
    expect(newEntryProblems('bamboo', { ...title, en: 'Bamboo' }, ['teak'])).toEqual([]);
    expect(newEntryProblems('teak', { ...title, en: '' }, ['teak'])).toEqual(['taken', 'title']);
    expect(newEntryProblems('x y', title, [])).toEqual(['key']);
  });
});
