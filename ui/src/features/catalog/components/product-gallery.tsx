//! The photos of a product: the chosen photo large, previous/next buttons, a thumbnail button per
//! photo (Tab reaches each one; the arrow keys, Home and End move between them) and a swipe on
//! touch screens. The counter tells screen readers which photo is shown.
import { useRef, useState } from 'react';
import { Icon } from '../../../components/icon';
import { ProductImage } from '../../../components/product-image';
import { useI18n } from '../../../i18n/i18n-store';
import { formatNumber } from '../../../lib/format';
import './product-gallery.css';

const SWIPE_PX = 40;

/** The photo reached from `index` by a key press, or null for keys the gallery leaves alone. */
export function galleryKeyTarget(key: string, index: number, count: number): number | null {
  if (count < 2) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

type GalleryProps = {
  images: string[];
  name: string;
  /** Staff-written alt text per image and language; the shopper's language is used when present. */
  alts?: Partial<Record<string, Partial<Record<string, string>>>>;
};

export function ProductGallery({ images, name, alts }: GalleryProps) {
  const { t, locale } = useI18n();
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const touchX = useRef<number | null>(null);
  const count = images.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const show = (next: number, focusThumb = false) => {
    const target = (next + count) % count;
    setIndex(target);
    if (focusThumb) thumbs.current[target]?.focus();
  };
  const position = { index: formatNumber(current + 1), count: formatNumber(count) };
  const ownAlt = (src: string | undefined) => (src ? (alts?.[src]?.[locale] ?? '').trim() : '');

  return (
    <div class="gallery">
      <div
        class="gallery__main"
        onTouchStart={(event) => {
          touchX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchX.current;
          const end = event.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined || count < 2) return;
          if (end - start > SWIPE_PX) show(current - 1);
          else if (start - end > SWIPE_PX) show(current + 1);
        }}
      >
        <ProductImage
          class="gallery__image"
          src={images[current]}
          alt={ownAlt(images[current]) || (count > 1 ? t('product.photoAlt', { name, ...position }) : name)}
          sizes="(max-width: 700px) 100vw, (max-width: 1024px) 45vw, 540px"
          fallbackWidth={640}
          priority
        />
        {count > 1 ? (
          <>
            <button type="button" class="gallery__step gallery__step--prev" aria-label={t('product.previousPhoto')} onClick={() => show(current - 1)}>
              <Icon name="chevron-right" size={22} />
            </button>
            <button type="button" class="gallery__step gallery__step--next" aria-label={t('product.nextPhoto')} onClick={() => show(current + 1)}>
              <Icon name="chevron-right" size={22} />
            </button>
            <p class="gallery__counter" aria-live="polite">
              {t('product.photoPosition', position)}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul class="gallery__thumbs" aria-label={t('product.photos')}>
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                ref={(element) => {
                  thumbs.current[i] = element;
                }}
                class="gallery__thumb"
                aria-current={i === current ? 'true' : undefined}
                aria-label={t('product.showPhoto', { index: formatNumber(i + 1), count: formatNumber(count) })}
                onClick={() => show(i)}
                onKeyDown={(event) => {
                  const target = galleryKeyTarget(event.key, i, count);
                  if (target === null) return;
                  event.preventDefault();
                  show(target, true);
                }}
              >
                <ProductImage src={src} alt="" sizes="96px" fallbackWidth={160} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
