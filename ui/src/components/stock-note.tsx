//! The stock state of a product in words: in stock, only N left, out of stock, or no longer sold.
import type { Product } from '../api/types';
import { useI18n } from '../i18n/i18n-store';
import { stockState } from '../lib/product';
import './product.css';

export function StockNote({ product, showInStock = false }: { product: Pick<Product, 'active' | 'stock'>; showInStock?: boolean }) {
  const { t } = useI18n();
  const state = stockState(product);
  if (state.kind === 'in' && !showInStock) return null;
  const text =
    state.kind === 'discontinued'
      ? t('product.discontinued')
      : state.kind === 'out'
        ? t('product.outOfStock')
        : state.kind === 'low'
          ? state.count === 1
            ? t('product.lastOne')
            : t('product.lowStock', { count: state.count })
          : t('product.inStock');
  return <p class={`stock-note stock-note--${state.kind}`}>{text}</p>;
}
