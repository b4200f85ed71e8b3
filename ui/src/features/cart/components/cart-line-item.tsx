//! One cart line: photo, name in the current language, the chosen values of a variant, its code, unit price, the line's promotion
//! discount, a quantity stepper (1 to the stock, at most 99) and Remove. A product no longer sold
//! can only be removed. The stepper shows the chosen quantity at once; the server's answer then
//! replaces the cart (the latest answer wins).
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { CartLineView } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { ProductImage } from '../../../components/product-image';
import { showToast } from '../../../components/toast-store';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { formatMoney } from '../../../lib/format';
import { LineChoice } from '../../../components/line-choice';
import { linePath, type VariantLine } from '../../../lib/product';
import { MAX_LINE_QTY, setCartLine } from '../cart-store';
import { checkoutProblem } from '../checkout-errors';
import { QuantityStepper } from './quantity-stepper';

export function CartLineItem({ line, discount }: { line: CartLineView & VariantLine; discount: number }) {
  const { t, locale } = useI18n();
  const [qty, setQty] = useState(line.qty);
  const [pending, setPending] = useState(0);
  useEffect(() => setQty(line.qty), [line.qty]);
  const name = pickText(line.name, locale) || line.code;
  const max = Math.max(1, Math.min(MAX_LINE_QTY, line.stock));
  const unitPrice = line.unitPrice ?? 0;

  const change = async (next: number) => {
    setQty(next);
    setPending((n) => n + 1);
    try {
      await setCartLine(line.code, next);
      if (next === 0) showToast(t('checkout.removed', { name }), 'info');
    } catch (error) {
      setQty(line.qty);
      const problem = checkoutProblem(error);
      showToast(t(problem.key, { ...problem.params, code: line.code }), 'error');
    } finally {
      setPending((n) => n - 1);
    }
  };

  return (
    <li class={`cart-line${line.available ? '' : ' cart-line--gone'}`} data-testid="cart-line" data-code={line.code}>
      <ProductImage class="cart-line__image" src={line.image ?? undefined} alt="" sizes="96px" fallbackWidth={160} />
      <div class="cart-line__info">
        <p class="cart-line__name">
          <Link href={linePath(line)}>{name}</Link>
        </p>
        <LineChoice line={line} />
        <p class="cart-line__code">
          {t('product.code')}: {line.code}
        </p>
        {line.available ? (
          <p class="cart-line__unit">
            {formatMoney(unitPrice)} <span class="cart-line__each">{t('checkout.each')}</span>
          </p>
        ) : (
          <p class="cart-line__gone">{t('checkout.unavailable')}</p>
        )}
        {discount > 0 ? (
          <p class="cart-line__discount" data-testid="line-discount">
            {t('checkout.promotion')}: {formatMoney(-discount)}
          </p>
        ) : null}
        {line.available && line.stock > 0 && line.stock <= 5 ? (
          <p class="cart-line__stock">{t('checkout.maxStock', { count: line.stock })}</p>
        ) : null}
      </div>
      <div class="cart-line__actions">
        {line.available ? (
          <QuantityStepper
            id={`qty-${line.code}`}
            value={qty}
            max={Math.max(max, qty)}
            label={t('checkout.quantityOf', { name })}
            onChange={(next) => void change(next)}
            busy={pending > 0}
          />
        ) : null}
        <p class="cart-line__total">{formatMoney(unitPrice * qty - discount)}</p>
        <button
          type="button"
          class="cart-line__remove"
          onClick={() => void change(0)}
          aria-label={t('checkout.removeItem', { name })}
          title={t('checkout.remove')}
        >
          <Icon name="trash" size={18} />
          <span class="cart-line__remove-text">{t('checkout.remove')}</span>
        </button>
      </div>
    </li>
  );
}
