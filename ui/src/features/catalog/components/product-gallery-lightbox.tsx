//! The product photos full screen: a modal dialog over the page with the photo as large as the
//! screen allows, previous/next (buttons, arrow keys, a swipe), tap or click to zoom to twice the
//! size and pan by scrolling (or dragging on a touch screen; pinching works where the browser
//! allows it), and Escape or the close button to leave. Focus stays inside while it is open (the
//! rest of the page is inert); the gallery puts it back on its own button afterwards. Loaded only
//! when a shopper opens it.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../../../components/icon';
import { ProductImage } from '../../../components/product-image';
import { useI18n } from '../../../i18n/i18n-store';
import { formatNumber } from '../../../lib/format';
import './product-gallery-lightbox.css';

const SWIPE_PX = 40;
const ZOOM = 2;

/** What a key does in the viewer, or null for keys it leaves alone (Tab is handled apart). */
export function lightboxKeyAction(key: string, count: number): 'close' | 'previous' | 'next' | 'first' | 'last' | null {
  switch (key) {
    case 'Escape':
      return 'close';
    case 'ArrowLeft':
      return count > 1 ? 'previous' : null;
    case 'ArrowRight':
      return count > 1 ? 'next' : null;
    case 'Home':
      return count > 1 ? 'first' : null;
    case 'End':
      return count > 1 ? 'last' : null;
    default:
      return null;
  }
}

/** The focusable elements of the dialog, in order, for keeping Tab inside it. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])')];
}

export type LightboxProps = {
  images: string[];
  /** The photo to open on. */
  start: number;
  name: string;
  /** The alt text of photo `index`. */
  altOf: (index: number) => string;
  /** Called with the photo shown last, so the page's gallery can follow. */
  onClose: (index: number) => void;
};

export function ProductLightbox({ images, start, name, altOf, onClose }: LightboxProps) {
  const { t } = useI18n();
  const count = images.length;
  const [index, setIndex] = useState(start);
  const [zoomed, setZoomed] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const touchX = useRef<number | null>(null);
  const indexRef = useRef(index);
  indexRef.current = index;

  const show = (next: number) => {
    setZoomed(false);
    setIndex((next + count) % count);
  };

  // Opening: focus moves in, the page behind goes inert and stops scrolling; closing undoes it.
  useEffect(() => {
    const app = document.getElementById('app');
    const overflow = document.body.style.overflow;
    app?.setAttribute('inert', '');
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    return () => {
      app?.removeAttribute('inert');
      document.body.style.overflow = overflow;
    };
  }, []);

  const close = () => onClose(indexRef.current);

  // Keys are read on the document: a tap on the photo leaves focus on the page body.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Tab' && dialog.current) {
      const list = focusables(dialog.current);
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    const action = lightboxKeyAction(event.key, count);
    if (!action) return;
    event.preventDefault();
    if (action === 'close') close();
    else if (action === 'previous') show(index - 1);
    else if (action === 'next') show(index + 1);
    else if (action === 'first') show(0);
    else show(count - 1);
  };

  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;
  useEffect(() => {
    const listen = (event: KeyboardEvent) => keys.current(event);
    document.addEventListener('keydown', listen);
    return () => document.removeEventListener('keydown', listen);
  }, []);

  /** Zooms in on the point tapped (it stays under the finger), or back out. */
  const toggleZoom = (event?: { clientX: number; clientY: number }) => {
    const box = stage.current;
    if (zoomed || !box) {
      setZoomed(false);
      return;
    }
    const rect = box.getBoundingClientRect();
    const x = event ? (event.clientX - rect.left) / rect.width : 0.5;
    const y = event ? (event.clientY - rect.top) / rect.height : 0.5;
    setZoomed(true);
    requestAnimationFrame(() => {
      box.scrollLeft = x * box.scrollWidth - rect.width / 2;
      box.scrollTop = y * box.scrollHeight - rect.height / 2;
    });
  };

  const position = { index: formatNumber(index + 1), count: formatNumber(count) };
  return createPortal(
    <div class="lightbox" role="dialog" aria-modal="true" aria-label={t('details.lightbox.label', { name })} ref={dialog}>
      <div class="lightbox__bar">
        {count > 1 ? (
          <p class="lightbox__counter" aria-live="polite">
            {t('product.photoPosition', position)}
          </p>
        ) : (
          <span />
        )}
        <div class="lightbox__tools">
          <button type="button" class="lightbox__tool" aria-pressed={zoomed} aria-label={zoomed ? t('details.lightbox.zoomOut') : t('details.lightbox.zoomIn')} onClick={() => toggleZoom()}>
            <Icon name={zoomed ? 'minus' : 'plus'} size={22} />
          </button>
          <button type="button" class="lightbox__tool" ref={closeButton} aria-label={t('details.lightbox.close')} onClick={close}>
            <Icon name="close" size={22} />
          </button>
        </div>
      </div>
      <div
        class={`lightbox__stage${zoomed ? ' is-zoomed' : ''}`}
        ref={stage}
        onTouchStart={(event) => {
          touchX.current = event.touches.length === 1 ? (event.touches[0]?.clientX ?? null) : null;
        }}
        onTouchEnd={(event) => {
          const begin = touchX.current;
          const end = event.changedTouches[0]?.clientX;
          touchX.current = null;
          if (zoomed || begin === null || end === undefined || count < 2) return;
          if (end - begin > SWIPE_PX) show(index - 1);
          else if (begin - end > SWIPE_PX) show(index + 1);
        }}
      >
        <div class="lightbox__frame" style={zoomed ? { width: `${ZOOM * 100}%` } : undefined} onClick={(event) => toggleZoom(event)}>
          <ProductImage
            key={images[index]}
            class="lightbox__image"
            src={images[index]}
            alt={altOf(index)}
            sizes={zoomed ? '200vw' : '100vw'}
            fallbackWidth={1280}
            eager
          />
        </div>
      </div>
      {count > 1 ? (
        <>
          <button type="button" class="lightbox__step lightbox__step--prev" aria-label={t('product.previousPhoto')} onClick={() => show(index - 1)}>
            <Icon name="chevron-right" size={26} />
          </button>
          <button type="button" class="lightbox__step lightbox__step--next" aria-label={t('product.nextPhoto')} onClick={() => show(index + 1)}>
            <Icon name="chevron-right" size={26} />
          </button>
        </>
      ) : null}
    </div>,
    document.body,
  );
}
