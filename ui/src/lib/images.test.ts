import { describe, expect, it } from 'vitest';
import { buildSrcSet, IMAGE_WIDTHS, isResizable, resizedUrl } from './images';

const SRC = '/api/file/images/demo/SF-1001-1.png';

describe('buildSrcSet', () => {
  it('lists the server widths up to the first that covers an 800 px original', () => {
    expect(buildSrcSet(SRC)).toBe(
      `${SRC}?w=160 160w, ${SRC}?w=320 320w, ${SRC}?w=480 480w, ${SRC}?w=640 640w, ${SRC}?w=960 960w`,
    );
  });

  it('goes up to 1280 for larger originals and stops early for small ones', () => {
    expect(buildSrcSet(SRC, 2000).split(', ').map((part) => part.split(' ')[1])).toEqual(['160w', '320w', '480w', '640w', '960w', '1280w']);
    expect(buildSrcSet(SRC, 300)).toBe(`${SRC}?w=160 160w, ${SRC}?w=320 320w`);
  });

  it('only ever asks for widths the server makes', () => {
    for (const intrinsic of [1, 159, 161, 500, 800, 1279, 5000]) {
      for (const part of buildSrcSet(SRC, intrinsic).split(', ')) {
        const width = Number(/\?w=(\d+) /.exec(part)?.[1]);
        expect(IMAGE_WIDTHS).toContain(width);
      }
    }
  });

  it('leaves images the server cannot resize alone', () => {
    expect(buildSrcSet('/static/logo.svg')).toBe('');
    expect(buildSrcSet('https://cdn.example.com/a.png')).toBe('');
    expect(buildSrcSet(`${SRC}?w=320`)).toBe('');
    expect(buildSrcSet(`${SRC}?v=abc&w=320`)).toBe('');
    expect(buildSrcSet(`${SRC}?v=NOT-HEX`)).toBe('');
    expect(isResizable(SRC)).toBe(true);
  });
});

describe('resizedUrl', () => {
  it('takes the allowed width at or above the one asked for', () => {
    expect(resizedUrl(SRC, 320)).toBe(`${SRC}?w=320`);
    expect(resizedUrl(SRC, 300)).toBe(`${SRC}?w=320`);
    expect(resizedUrl(SRC, 5000)).toBe(`${SRC}?w=1280`);
    expect(resizedUrl('/static/logo.svg', 320)).toBe('/static/logo.svg');
  });
});

describe('versioned images', () => {
  const VERSIONED = `${SRC}?v=3f2a9c0b1d4e`;

  it('keep their version and add the width after it', () => {
    expect(isResizable(VERSIONED)).toBe(true);
    expect(resizedUrl(VERSIONED, 480)).toBe(`${VERSIONED}&w=480`);
    expect(buildSrcSet(VERSIONED, 300)).toBe(`${VERSIONED}&w=160 160w, ${VERSIONED}&w=320 320w`);
  });

  it('offer a two-column phone card at 2x a width at or above 340 px, and the product photo its full size', () => {
    const widths = buildSrcSet(VERSIONED).split(', ').map((part) => Number(part.split(' ')[1]?.replace('w', '')));
    expect(widths.find((w) => w >= 170 * 2)).toBe(480);
    expect(widths.find((w) => w >= 375 * 2)).toBe(960);
    expect(Math.max(...widths)).toBe(960);
  });
});
