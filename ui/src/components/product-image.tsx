//! A catalogue image: the 4:3 box is reserved by width and height (no layout shift), the browser
//! picks a `?w=` variant from the srcset, and it loads lazily unless it is the page's main image.
import { useState } from 'react';
import { buildSrcSet, PRODUCT_IMAGE_SIZE, resizedUrl } from '../lib/images';
import { Icon } from './icon';
import './product.css';

type ProductImageProps = {
  /** Null or missing: a placeholder in the same box. */
  src: string | null | undefined;
  alt: string;
  /** The displayed width for each layout, as in the `sizes` attribute. */
  sizes: string;
  /** The variant used where srcset is not understood. */
  fallbackWidth?: number;
  /** The largest image of a page (the product photo) loads at once, first; everything else lazily. */
  priority?: boolean;
  /** Loads at once without jumping the queue (small images shown as soon as they appear). */
  eager?: boolean;
  class?: string;
};

export function ProductImage({ src, alt, sizes, fallbackWidth = 480, priority = false, eager = false, class: className }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = `product-image${className ? ` ${className}` : ''}`;
  if (!src || failedSrc === src) {
    return (
      <span class={`${classes} product-image--missing`} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        <Icon name="package" size={40} />
      </span>
    );
  }
  const srcset = buildSrcSet(src);
  // loading and decoding come before src, so the browser knows them before it starts the fetch.
  return (
    <img
      class={classes}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchpriority={priority ? 'high' : undefined}
      width={PRODUCT_IMAGE_SIZE.width}
      height={PRODUCT_IMAGE_SIZE.height}
      sizes={srcset ? sizes : undefined}
      srcset={srcset || undefined}
      src={resizedUrl(src, fallbackWidth)}
      alt={alt}
      onError={() => setFailedSrc(src)}
    />
  );
}
