import { describe, expect, it } from 'vitest';
import { paragraphs } from './pages-store';

describe('paragraphs', () => {
  it('splits plain text on blank lines and keeps markup as text', () => {
    expect(paragraphs('First.\n\nSecond line\nstill second.\r\n\r\n  \n<b>third</b>\n \nlast')).toEqual([
      'First.',
      'Second line\nstill second.',
      '<b>third</b>',
      'last',
    ]);
    expect(paragraphs('')).toEqual([]);
  });
});
