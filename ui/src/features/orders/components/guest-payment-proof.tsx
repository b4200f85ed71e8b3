//! The payment slip of a guest order, on the guest's order page (the cart's result page): the
//! same upload and status as in My orders, opened by the order's secret key instead of an account.
import type { Order } from '../../../api/types';
import { parseOrder } from '../order';
import { PaymentProof } from './payment-proof';
import './orders.css';

export type GuestPaymentProofProps = { order: Order; accessKey: string; onChanged: () => void };

export function GuestPaymentProof({ order, accessKey, onChanged }: GuestPaymentProofProps) {
  return (
    <div class="guest-slip">
      <PaymentProof order={parseOrder(order)} accessKey={accessKey} onChanged={onChanged} />
    </div>
  );
}
