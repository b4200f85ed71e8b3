//! The product page's buy box: a quantity (1 up to what is left in stock beyond what the cart
//! already holds, at most 99) and "Add to cart". Out of stock or discontinued products get a
//! disabled button saying so. After adding, a toast confirms (a polite live region) and a line
//! under the button keeps saying how many are in the cart, with a link to it. A product with
//! options sells the variant chosen on the page: its code, its stock (docs/VARIANTS.md §3).
//!
//! While adding, and once the whole stock is in the cart, the button is `aria-disabled` rather
//! than `disabled`: a disabled element loses focus, which would drop a keyboard or screen-reader
//! shopper to the top of the page right after pressing it.
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { BuyBoxProps } from '../../../components/product-slots';
import { Icon } from '../../../components/icon';
import { showToast } from '../../../components/toast-store';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useStore } from '../../../lib/create-store';
import { hasOptions } from '../../../lib/variants';
import { addToCart, cart, MAX_LINE_QTY, qtyInCart } from '../cart-store';
import { checkoutProblem } from '../checkout-errors';
import { QuantityStepper } from './quantity-stepper';
import './cart.css';

export function AddToCart({ product, variant, choice }: BuyBoxProps) {
  const { t, locale } = useI18n();
  // A product with options sells the chosen variant: its code goes to the cart, its stock counts.
  const withOptions = hasOptions(product);
  const code = variant?.code ?? product.code;
  const stock = withOptions ? (variant?.stock ?? 0) : product.stock;
  const active = product.active && (!withOptions || (variant?.active ?? false));
  const name = pickText(product.name, locale) || product.code;
  const current = useStore(cart);
  const [qty, setQty] = useState(1);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const inCart = qtyInCart(current, code);
  const room = Math.max(0, Math.min(MAX_LINE_QTY, stock) - inCart);
  const soldOut = !active || stock <= 0;
  const shownQty = Math.min(qty, Math.max(1, room));

  const add = async () => {
    if (busy.current || room <= 0) return;
    busy.current = true;
    setAdding(true);
    setError(null);
    try {
      await addToCart(code, shownQty);
      showToast(t('checkout.added', { name: choice ? `${name} (${choice})` : name, count: shownQty }), 'success');
      setQty(1);
    } catch (failure) {
      const problem = checkoutProblem(failure);
      setError(t(problem.key, { ...problem.params, code }));
    } finally {
      busy.current = false;
      setAdding(false);
    }
  };

  if (soldOut) {
    return (
      <div class="buy-box">
        <button type="button" class="button buy-box__button" disabled>
          {active ? t('product.outOfStock') : t('checkout.notForSale')}
        </button>
      </div>
    );
  }

  return (
    <div class="buy-box">
      <div class="buy-box__row">
        <QuantityStepper
          id={`buy-qty-${code}`}
          value={shownQty}
          max={Math.max(1, room)}
          label={t('checkout.quantity')}
          onChange={setQty}
          disabled={room <= 0 || adding}
        />
        <button
          type="button"
          class="button buy-box__button"
          onClick={add}
          aria-disabled={room <= 0 || adding ? 'true' : undefined}
          aria-busy={adding || undefined}
        >
          <Icon name="cart" size={20} />
          {adding ? t('checkout.adding') : t('checkout.addToCart')}
        </button>
      </div>
      <div class="buy-box__status" role="status">
        {error ? (
          <p class="buy-box__error">
            <Icon name="alert" size={16} />
            {error}
          </p>
        ) : null}
        {inCart > 0 ? (
          <p class="buy-box__in-cart">
            <Icon name="check" size={16} />
            <span>{room <= 0 ? t('checkout.allInCart', { count: inCart }) : t('checkout.inCart', { count: inCart })}</span>{' '}
            <Link href="/cart">{t('checkout.viewCart')}</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
