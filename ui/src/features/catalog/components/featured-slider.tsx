//! The home page slider of featured products (docs/STOREFRONT.md §3 `slider`): one product at a
//! time with previous/next buttons, a dot per product and a pause/play button. It moves on by
//! itself every few seconds, except while the pointer is over it or focus is inside it, after the
//! shopper paused it, or when the system asks for reduced motion. Screen readers hear the new slide
//! only when the shopper changed it (aria-live is off while it rotates by itself).
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { ProductSummary } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { Price } from '../../../components/price';
import { ProductImage } from '../../../components/product-image';
import { useProductSlots } from '../../../components/product-slots';
import { useI18n } from '../../../i18n/i18n-store';
import { formatNumber } from '../../../lib/format';
import { isFromPrice, productPath, type ProductPage } from '../../../lib/product';
import { useRemote } from '../../../lib/use-remote';
import { listProducts, productListUrl, type ProductListQuery } from '../api/list-products';
import { pickFeatured } from '../featured';

export const SLIDE_INTERVAL_MS = 6000;
const POPULAR: ProductListQuery = { sort: 'popular', limit: 24 };

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function Slide({ product, index, count, current }: { product: ProductSummary; index: number; count: number; current: boolean }) {
  const { price: ShownPrice = Price } = useProductSlots();
  const { t } = useI18n();
  const name = product.name || product.code;
  return (
    <div
      class="slide"
      role="group"
      aria-roledescription={t('home.slide')}
      aria-label={t('home.slidePosition', { index: formatNumber(index + 1), count: formatNumber(count) })}
      hidden={!current}
    >
      <Link href={productPath(product.code)} class="slide__link">
        <ProductImage class="slide__image" src={product.image} alt="" sizes="(max-width: 1024px) 90vw, 440px" fallbackWidth={640} priority={index === 0} />
        <span class="slide__name">{name}</span>
      </Link>
      <ShownPrice product={product} size="md" class="slide__price" from={isFromPrice(product)} />
    </div>
  );
}

export function FeaturedSlider({ fallback }: { fallback?: ComponentChildren }) {
  const { t, locale } = useI18n();
  const remote = useRemote<ProductPage>(productListUrl(POPULAR, locale), (signal) => listProducts(POPULAR, locale, signal));
  const slides = remote.data ? pickFeatured(remote.data.products) : [];
  const count = slides.length;
  const [index, setIndex] = useState(0);
  // The first slide is there from the start (the server drew it): only a change of slide slides in.
  const [moved, setMoved] = useState(false);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = playing && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return undefined;
    // Restarted on every change of slide, so a slide chosen by hand gets its full time.
    const timer = setTimeout(() => {
      setMoved(true);
      setIndex((i) => (i + 1) % count);
    }, SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, index, count]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => {
      if (query.matches) setPlaying(false);
    };
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);

  if (remote.status === 'error' || (remote.status === 'ready' && count === 0)) return <>{fallback ?? null}</>;
  if (remote.status === 'loading') {
    return (
      // The same shape as the slider (photo, name, price, controls), so nothing moves when it arrives.
      <div class="slider slider--loading" role="status" aria-label={t('common.loading')}>
        <span class="skeleton slider__skeleton" />
        <span class="skeleton skeleton--line slider__skeleton-name" />
        <span class="skeleton skeleton--line skeleton--short slider__skeleton-price" />
        <span class="slider__skeleton-controls" />
      </div>
    );
  }
  const current = Math.min(index, count - 1);
  const go = (next: number) => {
    setMoved(true);
    setIndex((next + count) % count);
  };
  return (
    <section
      class={`slider${moved ? ' slider--moved' : ''}`}
      aria-roledescription={t('home.carousel')}
      aria-labelledby="featured-title"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocusIn={() => setFocused(true)}
      onFocusOut={(event) => {
        const next = (event as FocusEvent).relatedTarget as Node | null;
        if (!next || !(event.currentTarget as HTMLElement).contains(next)) setFocused(false);
      }}
    >
      <h2 id="featured-title" class="slider__title">
        {t('home.featured')}
      </h2>
      <div class="slider__viewport" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((product, i) => (
          <Slide key={product.code} product={product} index={i} count={count} current={i === current} />
        ))}
      </div>
      {count > 1 ? (
        <div class="slider__controls">
          <button
            type="button"
            class="slider__button slider__play"
            aria-label={playing ? t('home.pauseSlides') : t('home.playSlides')}
            onClick={() => setPlaying(!playing)}
          >
            <Icon name={playing ? 'pause' : 'play'} size={18} />
          </button>
          <button type="button" class="slider__button" aria-label={t('home.previousSlide')} onClick={() => go(current - 1)}>
            <Icon name="chevron-right" size={20} class="slider__back" />
          </button>
          <ul class="slider__dots">
            {slides.map((product, i) => (
              <li key={product.code}>
                <button
                  type="button"
                  class="slider__dot"
                  aria-label={t('home.showSlide', { index: formatNumber(i + 1), count: formatNumber(count) })}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button type="button" class="slider__button" aria-label={t('home.nextSlide')} onClick={() => go(current + 1)}>
            <Icon name="chevron-right" size={20} />
          </button>
        </div>
      ) : null}
    </section>
  );
}
