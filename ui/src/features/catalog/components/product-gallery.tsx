//! The photos of a product: the chosen photo large, previous/next buttons, a thumbnail button per
//! photo (Tab reaches each one; the arrow keys, Home and End move between them) and a swipe on
//! touch screens. The counter tells screen readers which photo is shown. Tapping or clicking the
//! large photo opens it full screen (`product-gallery-lightbox.tsx`, loaded on first use); when
//! that closes, focus comes back to the photo and the gallery shows the photo seen last.
import type { ComponentType } from 'preact';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Icon } from '../../../components/icon';
import { ProductImage } from '../../../components/product-image';
import { useI18n } from '../../../i18n/i18n-store';
import { formatNumber } from '../../../lib/format';
import type { LightboxProps } from './product-gallery-lightbox';
import './product-gallery.css';

const SWIPE_PX = 40;

const ProductLightbox = lazy(async (): Promise<{ default: ComponentType<LightboxProps> }> => {
  try {
    return { default: (await import('./product-gallery-lightbox')).ProductLightbox };
  } catch {
    // Its code could not be fetched (offline): the photo simply does not open.
    return { default: ClosedAtOnce };
  }
});

function ClosedAtOnce({ start, onClose }: LightboxProps) {
  useEffect(() => onClose(start), [start, onClose]);
  return null;
}

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
  const zoomButton = useRef<HTMLButtonElement>(null);
  const [viewing, setViewing] = useState(false);
  const wasViewing = useRef(false);
  const count = images.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const show = (next: number, focusThumb = false) => {
    const target = (next + count) % count;
    setIndex(target);
    if (focusThumb) thumbs.current[target]?.focus();
  };
  const position = { index: formatNumber(current + 1), count: formatNumber(count) };
  const ownAlt = (src: string | undefined) => (src ? (alts?.[src]?.[locale] ?? '').trim() : '');
  const altOf = (i: number) =>
    ownAlt(images[i]) || (count > 1 ? t('product.photoAlt', { name, index: formatNumber(i + 1), count: formatNumber(count) }) : name);

  // Back from full screen: focus returns to the photo that opened it (once the viewer, which
  // made the page inert, is gone).
  useEffect(() => {
    if (wasViewing.current && !viewing) zoomButton.current?.focus();
    wasViewing.current = viewing;
  }, [viewing]);

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
        {count > 0 ? (
          <button type="button" class="gallery__zoom" ref={zoomButton} aria-haspopup="dialog" aria-label={t('details.lightbox.open', { name: altOf(current) })} onClick={() => setViewing(true)}>
            <ProductImage
              class="gallery__image"
              src={images[current]}
              alt={altOf(current)}
              sizes="(max-width: 700px) 100vw, (max-width: 1024px) 45vw, 540px"
              fallbackWidth={640}
              priority
            />
          </button>
        ) : (
          <ProductImage class="gallery__image" src={undefined} alt={name} sizes="540px" priority />
        )}
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
      {viewing ? (
        <Suspense fallback={null}>
          <ProductLightbox
            images={images}
            start={current}
            name={name}
            altOf={altOf}
            onClose={(last) => {
              setIndex(last);
              setViewing(false);
            }}
          />
        </Suspense>
      ) : null}
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
