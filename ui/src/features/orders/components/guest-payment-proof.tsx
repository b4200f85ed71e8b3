//! The payment slip on the cart's result page, next to the QR: the same upload and status as in
//! My orders, for a signed-in shopper's order (the token opens it) and a guest's (its secret key).
import type { Order } from '../../../api/types';
import { parseOrder } from '../order';
import { PaymentProof } from './payment-proof';
import './orders.css';

export type GuestPaymentProofProps = { order: Order; accessKey: string | null; onChanged: () => void };

export function GuestPaymentProof({ order, accessKey, onChanged }: GuestPaymentProofProps) {
  return (
    <div class="guest-slip">
      <PaymentProof order={parseOrder(order)} accessKey={accessKey} onChanged={onChanged} />
    </div>
  );
}
