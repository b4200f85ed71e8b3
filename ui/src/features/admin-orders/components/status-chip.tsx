//! An order's status as a coloured chip, titled from the `orderStatus` code table.
import type { OrderStatus } from '../../../api/types';

export function StatusChip({ status, label }: { status: OrderStatus; label: (group: string, key: string) => string }) {
  return (
    <span class={`status-chip status-chip--${status}`} data-status={status}>
      {label('orderStatus', status)}
    </span>
  );
}
