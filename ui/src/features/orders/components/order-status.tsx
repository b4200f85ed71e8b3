//! An order's status as a coloured chip, titled from the `orderStatus` labels in the current language.
import { useI18n } from '../../../i18n/i18n-store';
import type { LabelTitles } from '../../../i18n/types';
import { labelText } from '../account';

export function OrderStatus({ status, labels }: { status: string; labels: LabelTitles }) {
  const { locale } = useI18n();
  return (
    <span class={`order-status order-status--${status.replace(/[^a-z_]/g, '')}`} data-status={status}>
      {labelText(labels, 'orderStatus', status, locale)}
    </span>
  );
}
