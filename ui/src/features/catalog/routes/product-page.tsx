//! /products/{code}: photos, name, code, price with the one saving figure (against the compare-at
//! price, after the promotion that applies: the app's price slot), size, material and colour,
//! stock state and the buy box (quantity, "Add to cart"; a product slot too, since the cart and
//! promotions are other domains), description and related products. On a phone the buy box with
//! the price is a bar fixed to the bottom of the screen, so "Add to cart" shows without scrolling. An unknown code (the API answers 404) shows the not-found screen; a
//! discontinued product says it is no longer available. Opened from a list, the page shows at once
//! what the list's summary of the product had (name, code, price, first photo, stock) while the
//! whole product loads, with skeletons where its description, facts and buy box will be.
//! /products without a code offers the rooms and categories instead.
//! A product with options (docs/VARIANTS.md §5) shows one variant at a time: the URL's
//! `?variant=CODE` or the cheapest one in stock; choosing a value replaces the URL's variant and
//! the price, compare-at price, stock note, photos, size and code follow without a reload.
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Product, ProductSummary } from '../../../api/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorStatus } from '../../../components/error-status';
import { Price } from '../../../components/price';
import { Later } from '../../../components/later';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product-card';
import { useProductSlots } from '../../../components/product-slots';
import { StockNote } from '../../../components/stock-note';
import { errorDetail, httpStatusOf } from '../../../api/client';
import { useDocumentTitle } from '../../../lib/document-title';
import type { LocaleCode } from '../../../lib/locale-path';
import { KEEP_POSITION } from '../../../lib/navigation-state';
import { formatDimensions, PRODUCT_CODE, productApiPath, productPath, rememberedSummary, variantOfSearch } from '../../../lib/product';
import { useResource } from '../../../lib/resource';
import { paragraphs } from '../../../lib/text';
import { useRemote } from '../../../lib/use-remote';
import { choiceText, chosenVariant, variantAfterChoosing, variantImages, type Variant } from '../../../lib/variants';
import { safeDecode } from '../../../lib/url-rules';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { getProduct } from '../api/get-product';
import { getRelatedProducts, relatedProductsUrl } from '../api/get-related-products';
import { categories, categoryPath, productCategoryPath } from '../catalog-store';
import { ProductGallery } from '../components/product-gallery';
import { ProductRating } from '../components/product-rating';
import { VariantPicker } from '../components/variant-picker';
import { labelTitle, type CatalogLabels } from '../labels';
import './product-page.css';

/**
 * What the top of the page shows: a whole product and a list's summary both give it, so the page
 * keeps its elements (and the photo its image) when the whole product replaces the summary.
 */
type ProductHead = Pick<Product, 'code' | 'price' | 'compareAtPrice' | 'rooms' | 'categories' | 'stock' | 'active'> & {
  name: string;
  images: string[];
  /** The code shown (and sold): the chosen variant's, else the product's. */
  sku: string;
};

/** The top of the page for a whole product: a chosen variant's price, stock and photos lead. */
function headOf(product: Product, locale: LocaleCode, variant: Variant | null): ProductHead {
  const name = pickText(product.name, locale) || product.code;
  if (!variant) return { ...product, name, sku: product.code };
  return {
    ...product,
    name,
    sku: variant.code,
    price: variant.price,
    compareAtPrice: variant.compareAtPrice ?? null,
    stock: variant.stock,
    active: product.active && variant.active,
    images: variantImages(product, variant),
  };
}

function headOfSummary(summary: ProductSummary & { variant?: string | null }): ProductHead {
  return { ...summary, name: summary.name || summary.code, images: summary.image ? [summary.image] : [], sku: summary.variant || summary.code };
}

function Breadcrumb({ product, name }: { product: Pick<Product, 'categories'>; name: string }) {
  const { t, locale } = useI18n();
  const tree = useResource(categories);
  const path = productCategoryPath(tree.data ?? [], product.categories);
  return (
    <nav class="breadcrumb" aria-label={t('product.breadcrumb')}>
      <ol>
        <li>
          <Link href="/">{t('common.home')}</Link>
        </li>
        {path.map((node) => (
          <li key={node.key}>
            <Link href={categoryPath(node)}>{pickText(node.title, locale)}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{name}</span>
        </li>
      </ol>
    </nav>
  );
}

function Facts({ product, variant, labels }: { product: Product; variant: Variant | null; labels: CatalogLabels }) {
  const { t, locale } = useI18n();
  const size = formatDimensions(variant?.dimensions ?? product.dimensions, t('product.cm'));
  // An option of the kind says it per variant (the product's own colour would contradict a choice).
  const optionOf = (kind: string) => (product.options ?? []).some((option) => option.kind === kind);
  return (
    <dl class="product__facts">
      {size ? (
        <div>
          <dt>{t('product.dimensions')}</dt>
          <dd>{size}</dd>
        </div>
      ) : null}
      {product.material && !optionOf('material') ? (
        <div>
          <dt>{t('product.material')}</dt>
          <dd>{labelTitle(labels.groups, 'material', product.material, locale)}</dd>
        </div>
      ) : null}
      {product.colour && !optionOf('colour') ? (
        <div>
          <dt>{t('product.colour')}</dt>
          <dd>
            <span class="swatch" data-colour={product.colour} aria-hidden="true" />
            {labelTitle(labels.groups, 'colour', product.colour, locale)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Rows in the shape of the facts, while the whole product loads. */
function FactsSkeleton() {
  return (
    <dl class="product__facts" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <div key={row}>
          <dt>
            <span class="skeleton skeleton--line skeleton--medium" />
          </dt>
          <dd>
            <span class="skeleton skeleton--line skeleton--medium" />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DescriptionSkeleton() {
  const { t } = useI18n();
  return (
    <section class="product__description" role="status" aria-label={t('common.loading')}>
      <div aria-hidden="true">
        <span class="skeleton skeleton--line product__skeleton-heading" />
        <span class="skeleton skeleton--line" />
        <span class="skeleton skeleton--line" />
        <span class="skeleton skeleton--line skeleton--medium" />
      </div>
    </section>
  );
}

function Related({ code }: { code: string }) {
  const { t, locale } = useI18n();
  const remote = useRemote<ProductSummary[]>(relatedProductsUrl(code, locale), (signal) => getRelatedProducts(code, locale, signal));
  if (remote.status === 'error' || (remote.status === 'ready' && remote.data.length === 0)) return null;
  return (
    <section class="product__related" aria-labelledby="related-title">
      <h2 id="related-title" class="product__section-title">
        {t('product.related')}
      </h2>
      {remote.status === 'ready' ? <ProductGrid products={remote.data.slice(0, 8)} /> : <ProductGridSkeleton count={4} label={t('common.loading')} />}
    </section>
  );
}

/**
 * Keeps `--sticky-bar-height` on the root at the buy bar's real height while it is a bar (phones):
 * the page's end padding and the cookie notice make room for it, also when a line under the
 * button ("2 in your cart", an error) makes it taller. The stylesheet's value stands until then.
 */
function useBuyBarHeight() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      if (getComputedStyle(element).position === 'fixed') root.setProperty('--sticky-bar-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
      else root.removeProperty('--sticky-bar-height');
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--sticky-bar-height');
    };
  }, []);
  return bar;
}

/**
 * The product page. `product` is null while only a list's summary is known (`head` is then made
 * from it): the same elements show what the summary has, and skeletons hold the places of the rest.
 */
function ProductView({
  head,
  product,
  variant = null,
  onChoose,
  labels,
}: {
  head: ProductHead;
  product: Product | null;
  variant?: Variant | null;
  onChoose?: (option: number, value: number) => void;
  labels: CatalogLabels;
}) {
  const { t, locale } = useI18n();
  const { name } = head;
  const description = product ? paragraphs(pickText(product.description, locale)) : [];
  const { price: ShownPrice = Price, buy: BuyBox } = useProductSlots();
  const buyBar = useBuyBarHeight();
  useDocumentTitle(name);
  return (
    <div class={`page product-page${product ? '' : ' product-page--loading'}`} aria-busy={product ? undefined : 'true'}>
      <Breadcrumb product={head} name={name} />
      <article class="product">
        {/* A variant with other photos starts its gallery again at its own first photo. */}
        <ProductGallery key={`${head.code} ${head.images[0] ?? ''}`} images={head.images} name={name} alts={product?.imageAlts} />
        <div class="product__summary">
          <h1 class="product__name">{name}</h1>
          <p class="product__code">
            {t('product.code')}: <span data-testid="product-sku">{head.sku}</span>
          </p>
          <ProductRating product={product} />
          <div class="product__price">
            <ShownPrice product={head} size="lg" saving={head.active} class={head.active ? undefined : 'price--muted'} />
          </div>
          {product && variant && onChoose ? <VariantPicker product={product} current={variant} onChoose={onChoose} /> : null}
          {head.active ? (
            <>
              <StockNote product={head} showInStock />
              {!BuyBox ? null : (
                <div class="product__buy" ref={buyBar}>
                  {/* The bar's own copy of the price (phones only): screen readers have it above. */}
                  <div class="product__buy-price" aria-hidden="true">
                    <ShownPrice product={head} size="sm" />
                  </div>
                  {product ? (
                    <BuyBox key={variant?.code} product={product} variant={variant} choice={variant ? choiceText(product, variant, locale) : undefined} />
                  ) : (
                    // The buy box's own placeholder, so nothing below moves when it arrives.
                    <div class="buy-box buy-box--loading" style={{ minHeight: '56px' }} />
                  )}
                </div>
              )}
            </>
          ) : (
            <div class="product__gone" role="note">
              <p class="product__gone-title">{t('product.discontinued')}</p>
              <p>{t('product.discontinuedHint')}</p>
            </div>
          )}
          {product ? <Facts product={product} variant={variant} labels={labels} /> : <FactsSkeleton />}
        </div>
      </article>
      <Later>
        {!product ? (
          <DescriptionSkeleton />
        ) : description.length ? (
          <section class="product__description" aria-labelledby="description-title">
            <h2 id="description-title" class="product__section-title">
              {t('product.description')}
            </h2>
            {description.map((text, index) => (
              <p key={index}>{text}</p>
            ))}
          </section>
        ) : null}
        <Related code={head.code} />
      </Later>
    </div>
  );
}

function LoadedProductPage({ code, labels }: { code: string; labels: CatalogLabels }) {
  const { locale } = useI18n();
  const remote = useRemote<Product>(productApiPath(code), (signal) => getProduct(code, signal));
  // The choice lives in the URL (`?variant=`, shareable; docs/VARIANTS.md §5), read on every
  // render, so the first render already shows the variant the server's first paint drew.
  const wanted = variantOfSearch(useSearch());
  const [, navigate] = useLocation();
  if (remote.status === 'error') {
    const status = httpStatusOf(remote.error);
    // A product that could not be read is the error page with its status (404, or the 5xx).
    return <ErrorStatus status={status === 400 ? 404 : status} detail={status === 404 || status === 400 ? undefined : errorDetail(remote.error)} />;
  }
  if (remote.status === 'loading') {
    // A list showed this product lately: its summary stands in until the whole product is here.
    const summary = rememberedSummary(code, locale);
    const shown = summary && (!wanted || (summary as { variant?: string | null }).variant === wanted) ? summary : undefined;
    return shown ? <ProductView head={headOfSummary(shown)} product={null} labels={labels} /> : <ProductSkeleton />;
  }
  const product = remote.data;
  const variant = chosenVariant(product, wanted);
  // Choosing a value replaces the URL (no new history entry, the scroll and focus stay put).
  const choose = (option: number, value: number) => {
    const next = variant ? variantAfterChoosing(product, variant, option, value) : null;
    if (next) navigate(productPath(product.code, next.code), { replace: true, state: KEEP_POSITION });
  };
  return <ProductView head={headOf(product, locale, variant)} product={product} variant={variant} onChoose={choose} labels={labels} />;
}

function ProductSkeleton() {
  const { t } = useI18n();
  return (
    <div class="page product-page product-page--loading" role="status" aria-label={t('common.loading')}>
      <div class="product" aria-hidden="true">
        <span class="skeleton product__skeleton-photo" />
        <div class="product__summary">
          <span class="skeleton skeleton--line product__skeleton-title" />
          <span class="skeleton skeleton--line skeleton--short" />
          <span class="skeleton skeleton--line skeleton--medium" />
        </div>
      </div>
    </div>
  );
}

export function ProductPage({ code, labels }: { code?: string; labels: CatalogLabels }) {
  const { t } = useI18n();
  const decoded = safeDecode(code ?? '');
  const valid = !decoded || PRODUCT_CODE.test(decoded);
  useDocumentTitle(!decoded ? t('pages.productsTitle') : undefined);
  if (!valid) return <ErrorStatus status={404} />;
  if (decoded) return <LoadedProductPage key={decoded} code={decoded} labels={labels} />;
  return (
    <section class="page">
      <header class="page__header">
        <h1 class="page__title">{t('pages.productsTitle')}</h1>
      </header>
      <EmptyState icon="package" title={t('pages.productsHint')}>
        <Link href="/room" class="button">
          {t('home.browseRooms')}
        </Link>
        <Link href="/category" class="button button--ghost">
          {t('home.browseCategories')}
        </Link>
      </EmptyState>
    </section>
  );
}
