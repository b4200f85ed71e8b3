//! Where the order goes (province named from the `province` labels) and, when asked for, the
//! details printed on the tax invoice; once shipped, the carrier and a link to follow the parcel.
import type { Address, Shipment, VatInfo } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import type { LabelTitles } from '../../../i18n/types';
import { labelText } from '../account';

export function OrderDelivery({
  address,
  vatInfo,
  shipment,
  labels,
}: {
  address: Address;
  vatInfo: VatInfo | null;
  shipment: Shipment | null;
  labels: LabelTitles;
}) {
  const { t, locale } = useI18n();
  const province = address.province ? labelText(labels, 'province', address.province, locale) : '';
  return (
    <section class="order-section" aria-labelledby="order-delivery-title">
      <h2 class="order-section__title" id="order-delivery-title">
        {t('orders.deliveryTitle')}
      </h2>
      <address class="order-address" data-testid="order-address">
        <strong>{address.name}</strong>
        <span>{address.line1}</span>
        <span>{[address.district, province, address.postcode].filter(Boolean).join(', ')}</span>
        {address.phone ? <span class="order-address__phone">{address.phone}</span> : null}
      </address>
      {shipment ? (
        <p class="order-shipment" data-testid="order-shipment">
          {t('orders.shippedWith', { carrier: labelText(labels, 'carrier', shipment.carrier, locale) || shipment.carrier })}{' '}
          {shipment.url ? (
            <a href={shipment.url} target="_blank" rel="noopener noreferrer">
              {t('orders.trackParcel', { tracking: shipment.tracking })}
            </a>
          ) : (
            <span>{t('orders.trackingNumber', { tracking: shipment.tracking })}</span>
          )}
        </p>
      ) : null}
      {vatInfo ? (
        <>
          <h3 class="order-section__subtitle">{t('orders.taxInvoiceTitle')}</h3>
          <address class="order-address">
            <strong>{vatInfo.name}</strong>
            <span>
              {t('orders.taxId')}: {vatInfo.taxId}
            </span>
            <span>
              {t('orders.branch')}: {vatInfo.branch === '00000' ? t('orders.headOffice') : vatInfo.branch}
            </span>
            <span>{vatInfo.address}</span>
          </address>
        </>
      ) : null}
    </section>
  );
}
