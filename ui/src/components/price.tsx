//! The one way a price is shown (money is integer satang, formatted by formatMoney): the price,
//! and when the product is reduced the crossed-out price it is compared with. By default that is
//! the product's own price and compare-at price; the promotions feature hands in a `view` with
//! the price after its promotion (the app's price slot), so a card, the product page and the
//! cart show one and the same figure. With `saving` the saving follows as a line of its own;
//! with `from` the price is the lowest of a product's variants ("from ฿X", docs/VARIANTS.md §4).
import type { Product } from '../api/types';
import { useI18n } from '../i18n/i18n-store';
import { formatMoney, formatNumber } from '../lib/format';
import { priceView, type PriceView } from '../lib/product';
import type { BadgeProduct } from './product-slots';
import './product.css';

export type PriceProps = {
  product: Pick<Product, 'price' | 'compareAtPrice'>;
  /** The price as worked out elsewhere (after a promotion); the product's own when left out. */
  view?: PriceView;
  size?: 'sm' | 'md' | 'lg';
  class?: string;
  /** Adds the line "You save ฿X (N%)" when there is a saving. */
  saving?: boolean;
  /** The lowest of several prices (variants that differ in price): "from ฿X". */
  from?: boolean;
};

/** What the app's price slot receives: enough of a product to find its promotion. */
export type SlotPriceProps = Omit<PriceProps, 'product' | 'view'> & { product: BadgeProduct };

export function Price({ product, view: given, size = 'md', class: className, saving = false, from = false }: PriceProps) {
  const { t } = useI18n();
  const view = given ?? priceView(product);
  // "from {price}" in the shopper's language, the word around the figure in a quieter style.
  const [before = '', after = ''] = from ? t('product.from', { price: '\u0000' }).split('\u0000') : [];
  const now = formatMoney(view.price);
  return (
    <>
      {/* data-price: the product's own price, which the catalogue's price filter and sort go by. */}
      <p class={`price price--${size}${view.compareAt ? ' price--reduced' : ''}${className ? ` ${className}` : ''}`} data-price={product.price}>
        {from ? (
          <span class="price__now">
            {before ? <span class="price__from">{before}</span> : null}
            {now}
            {after ? <span class="price__from">{after}</span> : null}
          </span>
        ) : (
          <span class="price__now">{now}</span>
        )}
        {view.compareAt ? (
          <s class="price__was">
            <span class="visually-hidden">{t('product.wasPrice')} </span>
            {formatMoney(view.compareAt)}
          </s>
        ) : null}
      </p>
      {saving && view.saving > 0 ? (
        <p class="price-saving">{t('product.saving', { amount: formatMoney(view.saving), percent: formatNumber(view.savingPercent) })}</p>
      ) : null}
    </>
  );
}
