//! The one way a price is shown (money is integer satang, formatted by formatMoney): the price,
//! and when the product is reduced the crossed-out compare-at price.
import type { Product } from '../api/types';
import { useI18n } from '../i18n/i18n-store';
import { formatMoney } from '../lib/format';
import { priceView } from '../lib/product';
import './product.css';

type PriceProps = { product: Pick<Product, 'price' | 'compareAtPrice'>; size?: 'sm' | 'md' | 'lg'; class?: string };

export function Price({ product, size = 'md', class: className }: PriceProps) {
  const { t } = useI18n();
  const view = priceView(product);
  return (
    <p class={`price price--${size}${view.compareAt ? ' price--reduced' : ''}${className ? ` ${className}` : ''}`}>
      <span class="price__now">{formatMoney(view.price)}</span>
      {view.compareAt ? (
        <s class="price__was">
          <span class="visually-hidden">{t('product.wasPrice')} </span>
          {formatMoney(view.compareAt)}
        </s>
      ) : null}
    </p>
  );
}
