//! A product in a grid: photo, code, name (lists send it in the current language, English when
//! the translation is empty), price and a stock note when it matters. The whole card is one
//! link to the product page; its text is the name. A promotion badge (the app's product slot)
//! sits on the photo's corner when a promotion applies, and the price is then the promotion's
//! (the app's price slot), as the cart will charge it. A product whose variants differ in price
//! says "from ฿X", up to five dots show its colours, and a card for the variant a search matched
//! opens the product with that variant chosen (docs/VARIANTS.md §4).
import { Link } from 'wouter';
import { useI18n } from '../i18n/i18n-store';
import { formatNumber } from '../lib/format';
import { isFromPrice, productPath, type ListProduct, type ListSwatch } from '../lib/product';
import { Later } from './later';
import { Price } from './price';
import { ProductImage } from './product-image';
import { useProductSlots } from './product-slots';
import { StockNote } from './stock-note';
import './product.css';

/** Cards are about 230 px wide on wide screens and half the screen on phones. */
export const CARD_IMAGE_SIZES = '(max-width: 700px) 50vw, (max-width: 1024px) 30vw, 240px';

/** How a card's photo loads: the first row of a listing at once (the first with priority, the
 * page's largest paint), the rest as they come near the screen. */
export type CardLoading = 'priority' | 'eager' | 'lazy';

const MAX_DOTS = 5;

/** Up to five colour dots; one colour alone is no choice, so it shows none. */
function ColourDots({ swatches }: { swatches: ListSwatch[] }) {
  const { t } = useI18n();
  const shown = swatches.slice(0, MAX_DOTS);
  return (
    <p class="product-card__colours">
      {shown.map((dot, index) => (
        <span key={`${dot.key} ${index}`} class="swatch product-card__dot" data-colour={dot.key} style={dot.swatch ? { background: dot.swatch } : undefined} aria-hidden="true" />
      ))}
      <span class="visually-hidden">{t('product.colourCount', { count: formatNumber(swatches.length) })}</span>
    </p>
  );
}

export function ProductCard({ product, sizes = CARD_IMAGE_SIZES, loading = 'lazy' }: { product: ListProduct; sizes?: string; loading?: CardLoading }) {
  const { badge: Badge, price: SlotPrice = Price } = useProductSlots();
  const name = product.name || product.code;
  const from = isFromPrice(product);
  const swatches = product.swatches ?? [];
  return (
    <li class="product-card">
      <ProductImage
        class="product-card__image"
        src={product.image}
        alt=""
        sizes={sizes}
        fallbackWidth={320}
        priority={loading === 'priority'}
        eager={loading === 'eager'}
      />
      {Badge ? (
        <div class="product-card__badges">
          <Badge product={product} />
        </div>
      ) : null}
      <div class="product-card__body">
        <p class="product-card__code">{product.code}</p>
        <p class="product-card__name">
          <Link href={productPath(product.code, product.variant)} class="product-card__link">
            {name}
          </Link>
        </p>
        {swatches.length > 1 ? <ColourDots swatches={swatches} /> : null}
        <SlotPrice product={product} size="sm" from={from} />
        <StockNote product={product} />
      </div>
    </li>
  );
}

/**
 * `eagerFirst`: how many cards load their photo at once (a listing's first row, as the server
 * draws it); other grids are below the fold and load lazily.
 */
/**
 * `eagerFirst` cards load their photos at once (the first row); the rest load lazily and, in the
 * app's first render, render a task later (`Later`).
 */
export function ProductGrid({ products, label, sizes, eagerFirst = 0 }: { products: ListProduct[]; label?: string; sizes?: string; eagerFirst?: number }) {
  const card = (product: ListProduct, index: number) => (
    <ProductCard key={product.code} product={product} sizes={sizes} loading={index >= eagerFirst ? 'lazy' : index === 0 ? 'priority' : 'eager'} />
  );
  return (
    <ul class="product-grid" aria-label={label}>
      {products.slice(0, eagerFirst).map(card)}
      <Later>{products.slice(eagerFirst).map((product, index) => card(product, eagerFirst + index))}</Later>
    </ul>
  );
}

/** Grey cards in the shape of the real ones while a list loads. */
export function ProductGridSkeleton({ count = 8, label }: { count?: number; label: string }) {
  return (
    <div class="product-grid-skeleton" role="status" aria-label={label}>
      <ul class="product-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} class="product-card product-card--skeleton">
            <span class="product-card__image skeleton" />
            <div class="product-card__body">
              <span class="skeleton skeleton--line skeleton--short" />
              <span class="skeleton skeleton--line" />
              <span class="skeleton skeleton--line skeleton--medium" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
