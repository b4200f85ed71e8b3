import { describe, expect, it } from 'vitest';
import {
  ACCEPT,
  altsFor,
  altText,
  batches,
  classifyReason,
  formatBytes,
  longAlts,
  missingLanguages,
  moveItem,
  percent,
  precheckFile,
  problemsFromServer,
  sortFiles,
  thumbnail,
} from './image-rules';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('picking image files', () => {
  it('offers PNG, JPEG and WebP only (phones then offer the camera)', () => {
    expect(ACCEPT).toBe('image/png,image/jpeg,image/webp');
  });

  it('refuses at once what the server would refuse anyway', () => {
    expect(precheckFile(file('a.png', 'image/png'))).toBeNull();
    expect(precheckFile(file('IMG_1.JPG', 'image/jpeg'))).toBeNull();
    expect(precheckFile(file('no-type.png', ''))).toBeNull();
    expect(precheckFile(file('logo.svg', 'image/svg+xml'))?.kind).toBe('svg');
    expect(precheckFile(file('IMG_2.HEIC', ''))?.kind).toBe('heic');
    expect(precheckFile(file('notes.pdf', 'application/pdf'))?.kind).toBe('notImage');
    expect(precheckFile(file('empty.png', 'image/png', 0))?.kind).toBe('damaged');
    expect(precheckFile(file('big.png', 'image/png', 10 * 1024 * 1024 + 1))?.kind).toBe('tooLarge');
    expect(precheckFile(file('big.png', 'image/png', 2000), 1000)?.kind).toBe('tooLarge');
  });

  it('sends the good files and lists the others, in the order picked', () => {
    const { send, problems } = sortFiles([file('a.png', 'image/png'), file('b.svg', 'image/svg+xml'), file('c.webp', 'image/webp')]);
    expect(send.map((f) => f.name)).toEqual(['a.png', 'c.webp']);
    expect(problems).toEqual([{ name: 'b.svg', kind: 'svg', detail: '' }]);
  });

  it('uploads many files ten at a time', () => {
    const names = Array.from({ length: 23 }, (_, i) => i);
    expect(batches(names).map((b) => b.length)).toEqual([10, 10, 3]);
    expect(batches([])).toEqual([]);
  });
});

describe("reading the server's refusals per file", () => {
  it('names each refused file with its reason', () => {
    const message =
      'x.png is not an image: it is a program (only PNG, JPEG or WebP images are accepted); bomb.png is 30000 × 30000 pixels; at most 50 megapixels and 20000 pixels a side are accepted; half.png is damaged or incomplete (unexpected end of file); nothing was stored';
    const problems = problemsFromServer(message, ['fine.png', 'x.png', 'bomb.png', 'half.png']);
    expect(problems.map((p) => [p.name, p.kind])).toEqual([
      ['x.png', 'notImage'],
      ['bomb.png', 'tooManyPixels'],
      ['half.png', 'damaged'],
    ]);
    expect(problems[1]?.detail).toBe('is 30000 × 30000 pixels; at most 50 megapixels and 20000 pixels a side are accepted');
  });

  it('reads an SVG refusal and a name that holds another name', () => {
    const problems = problemsFromServer(
      'logo.svg.svg is an SVG drawing: SVG is not accepted because it can carry scripts; upload a PNG, JPEG or WebP image; nothing was stored',
      ['logo.svg', 'logo.svg.svg'],
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ name: 'logo.svg.svg', kind: 'svg' });
  });

  it('reads the too-large answer for every file it names', () => {
    const problems = problemsFromServer('a.png, b.jpg are larger than 10 MB; nothing was stored', ['a.png', 'b.jpg', 'c.png'], true);
    expect(problems).toEqual([
      { name: 'a.png', kind: 'tooLarge', detail: 'are larger than 10 MB' },
      { name: 'b.jpg', kind: 'tooLarge', detail: 'are larger than 10 MB' },
    ]);
  });

  it('keeps a message that names no file', () => {
    expect(problemsFromServer('no image: send one or more PNG, JPEG or WebP files in the field "file"', ['a.png'])).toEqual([
      { name: '', kind: 'other', detail: 'no image: send one or more PNG, JPEG or WebP files in the field "file"' },
    ]);
    expect(classifyReason('is a HEIC photo, which browsers cannot show')).toBe('heic');
    expect(classifyReason('is a GIF; upload a PNG, JPEG or WebP image')).toBe('notImage');
  });
});

describe('ordering images and their alt text', () => {
  it('moves an image left, right, to the front, and not past the ends', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 3, 9)).toEqual(list);
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('marks the languages an alt text still lacks', () => {
    expect(missingLanguages(undefined)).toEqual(['en', 'th', 'my', 'km', 'id']);
    expect(missingLanguages({ en: 'Teak sideboard', th: '  ', my: 'Almari jati' })).toEqual(['th', 'km', 'id']);
  });

  it('sends trimmed alt text only for images kept and not empty', () => {
    const alts = {
      '/a.png': { en: ' Front ', th: 'ด้านหน้า', my: '', km: '', id: '' },
      '/b.png': { en: '', th: ' ', my: '', km: '', id: '' },
      '/gone.png': { en: 'Gone', th: '', my: '', km: '', id: '' },
    };
    expect(altsFor(['/a.png', '/b.png'], alts)).toEqual({ '/a.png': { en: 'Front', th: 'ด้านหน้า', my: '', km: '', id: '' } });
  });

  it('finds alt text over the limit and falls back to English when a language has none', () => {
    expect(longAlts({ th: 'ก'.repeat(251), en: 'x'.repeat(250) })).toEqual(['th']);
    expect(altText({ en: 'Front', th: '' }, 'th')).toBe('Front');
    expect(altText({ en: 'Front', th: 'ด้านหน้า' }, 'th')).toBe('ด้านหน้า');
    expect(altText(undefined, 'th')).toBe('');
  });

  it('asks thumbnails in a size the server offers, and words sizes and progress', () => {
    expect(thumbnail('/api/file/images/SF-1/abc.png')).toBe('/api/file/images/SF-1/abc.png?w=160');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(64 * 1024)).toBe('64 KB');
    expect(percent(50, 200)).toBe(25);
    expect(percent(5, 0)).toBe(0);
  });
});
