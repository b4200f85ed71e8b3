//! Resized image URLs: the server makes `?w=` variants of catalogue images in a fixed set of
//! widths only (any other width is a 400), so every srcset is built here from that set.
//! Catalogue answers name images with a version (`…/SF-1001-1.png?v=3f2a9c0b1d4e`), which the
//! server answers as cacheable for a year; the width is added after it (`?v=…&w=480`).
//!
//! Which width a browser takes: the smallest at or above the slot's CSS width × the screen's
//! density. A 375 px phone at 2× shows a two-column card (≈ 170 px) from 480 and a full-width
//! product photo from the 960 copy (the 800 px original's size); at 3× the same. A desktop card
//! (≈ 280 px at 1×) takes 320. Every copy is lossy WebP, never heavier than a wider one.

/** The widths `/api/file/images/…?w=` answers. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Catalogue images are 800 × 600 (4:3). */
export const PRODUCT_IMAGE_SIZE = { width: 800, height: 600 } as const;

/** A catalogue image path, with or without its version. */
const RESIZABLE = /^\/api\/file\/images\/[^?#]+(\?v=[0-9a-f]+)?$/;

/** `src` with the width parameter added after any version. */
function withWidth(src: string, width: number): string {
  return `${src}${src.includes('?') ? '&' : '?'}w=${width}`;
}

/** Only the server's own catalogue images can be resized; other URLs are used as they are. */
export function isResizable(src: string): boolean {
  return RESIZABLE.test(src);
}

/** The URL of the variant `width` wide (a width outside the fixed set takes the next one up). */
export function resizedUrl(src: string, width: number): string {
  if (!isResizable(src)) return src;
  const allowed = IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? width;
  return withWidth(src, allowed);
}

/**
 * A srcset of the fixed widths, up to the first one that covers the original (the server never
 * enlarges, so wider variants would only repeat it). Empty for images that cannot be resized.
 */
export function buildSrcSet(src: string, intrinsicWidth: number = PRODUCT_IMAGE_SIZE.width): string {
  if (!isResizable(src)) return '';
  const widths: number[] = [];
  for (const width of IMAGE_WIDTHS) {
    widths.push(width);
    if (width >= intrinsicWidth) break;
  }
  return widths.map((width) => `${withWidth(src, width)} ${width}w`).join(', ');
}
