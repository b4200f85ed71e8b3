import { describe, expect, it } from 'vitest';
import { joinCsv } from './export-orders';

const BOM = '\uFEFF';

describe('joinCsv', () => {
  it('keeps one byte-order mark and one header row', () => {
    const paid = `${BOM}number,status\r\nK000003,paid\r\n`;
    const preparing = `${BOM}number,status\r\nK000002,preparing\r\n`;
    expect(joinCsv([paid, preparing])).toBe(`${BOM}number,status\r\nK000003,paid\r\nK000002,preparing\r\n`);
  });

  it('adds the mark when the server left it out, and keeps a file with no rows', () => {
    expect(joinCsv(['number\n'])).toBe(`${BOM}number\n`);
    expect(joinCsv([`${BOM}number\n`, `${BOM}number\n`])).toBe(`${BOM}number\n`);
  });
});
