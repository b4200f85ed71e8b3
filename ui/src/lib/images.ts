//! Resized image URLs: the server makes `?w=` variants of catalogue images in a fixed set of
//! widths only (any other width is a 400), so every srcset is built here from that set.

/** The widths `/api/file/images/…?w=` answers. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Catalogue images are 800 × 600 (4:3). */
export const PRODUCT_IMAGE_SIZE = { width: 800, height: 600 } as const;

const RESIZABLE = /^\/api\/file\/images\/[^?#]+$/;

/** Only the server's own catalogue images can be resized; other URLs are used as they are. */
export function isResizable(src: string): boolean {
  return RESIZABLE.test(src);
}

/** The URL of the variant `width` wide (a width outside the fixed set takes the next one up). */
export function resizedUrl(src: string, width: number): string {
  if (!isResizable(src)) return src;
  const allowed = IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return `${src}?w=${allowed}`;
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
  return widths.map((width) => `${src}?w=${width} ${width}w`).join(', ');
}
