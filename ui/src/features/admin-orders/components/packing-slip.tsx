//! The packing slip, shown only when the page is printed: the shop, the order number and date,
//! where it goes, and what goes in the box (no prices), with a box to tick per line.
import type { Order } from '../../../api/types';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useStore } from '../../../lib/create-store';
import { websitedata } from '../../../lib/website-data';
import { carrierTitle } from '../carriers';
import type { OrderDeskTools } from '../tools';

export function PackingSlip({ order, tools }: { order: Order; tools: OrderDeskTools }) {
  const { t, locale } = useI18n();
  const shop = useStore(websitedata, (data) => data.shop);
  const { address } = order;
  return (
    <div class="packing-slip" aria-hidden="true" data-testid="packing-slip">
      <header class="packing-slip__header">
        <div>
          <p class="packing-slip__shop">{shop.name}</p>
          <p class="packing-slip__title">{t('admin.orders.packingSlip')}</p>
        </div>
        <div class="packing-slip__order">
          <p class="packing-slip__number">{order.number}</p>
          <p>{tools.time(order.createdAt)}</p>
        </div>
      </header>
      <section class="packing-slip__to">
        <h2>{t('admin.orders.shipTo')}</h2>
        <p>
          <strong>{address.name}</strong>
          <br />
          {address.phone}
          <br />
          {address.line1}
          <br />
          {address.district}, {tools.label('province', address.province)} {address.postcode}
        </p>
        {order.shipment ? (
          <p>
            {carrierTitle(order.shipment.carrier, tools)} · {order.shipment.tracking}
          </p>
        ) : null}
      </section>
      <table class="packing-slip__lines">
        <thead>
          <tr>
            <th scope="col">{t('admin.orders.code')}</th>
            <th scope="col">{t('admin.orders.product')}</th>
            <th scope="col" class="data-table__num">
              {t('admin.orders.qty')}
            </th>
            <th scope="col">{t('admin.orders.packed')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.code}>
              <td>{line.code}</td>
              <td>
                {pickText(line.name, locale)}
                {line.choice ? <> — {pickText(line.choice, locale)}</> : null}
              </td>
              <td class="data-table__num">{line.qty}</td>
              <td>
                <span class="packing-slip__box" />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('admin.orders.items')}
            </th>
            <td class="data-table__num">{order.itemCount}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
