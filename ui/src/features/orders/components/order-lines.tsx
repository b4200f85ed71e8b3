//! The lines of an order as bought: photo, name in the current language (a link to the product,
//! with the variant bought chosen), the chosen values, code, quantity, unit price, the line's
//! promotion discount and what the line came to.
import { Link } from 'wouter';
import { LineChoice } from '../../../components/line-choice';
import { ProductImage } from '../../../components/product-image';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { formatMoney, formatNumber } from '../../../lib/format';
import { linePath } from '../../../lib/product';
import type { OrderLineView } from '../order';

export function OrderLines({ lines }: { lines: OrderLineView[] }) {
  const { t, locale } = useI18n();
  return (
    <section class="order-section" aria-labelledby="order-lines-title">
      <h2 class="order-section__title" id="order-lines-title">
        {t('orders.itemsTitle')}
      </h2>
      <ul class="order-lines">
        {lines.map((line) => {
          const name = pickText(line.name, locale) || line.code;
          return (
            <li key={line.code} class="order-line" data-code={line.code}>
              <ProductImage src={line.image ?? undefined} alt="" sizes="96px" fallbackWidth={160} class="order-line__image" />
              <div class="order-line__body">
                <p class="order-line__name">
                  <Link href={linePath(line)}>{name}</Link>
                </p>
                <LineChoice line={line} />
                <p class="order-line__code">{t('orders.code', { code: line.code })}</p>
                <dl class="order-line__figures">
                  <div>
                    <dt>{t('orders.qty')}</dt>
                    <dd>{formatNumber(line.qty)}</dd>
                  </div>
                  <div>
                    <dt>{t('orders.unitPrice')}</dt>
                    <dd>{formatMoney(line.unitPrice)}</dd>
                  </div>
                  {line.discount > 0 ? (
                    <div class="order-line__discount">
                      <dt>{t('orders.lineDiscount')}</dt>
                      <dd>{formatMoney(-line.discount)}</dd>
                    </div>
                  ) : null}
                  <div class="order-line__total">
                    <dt>{t('orders.lineTotal')}</dt>
                    <dd>{formatMoney(line.qty * line.unitPrice - line.discount)}</dd>
                  </div>
                </dl>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
