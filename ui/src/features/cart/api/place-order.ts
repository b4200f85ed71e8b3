//! POST /api/app/order/place — turns the signed-in user's cart into an order. The idempotency
//! key is made once per checkout attempt and sent again on a retry, so a lost answer never makes
//! a second order (the server answers the first one with `replayed: true`).
import { apiSend } from '../../../api/client';
import type { LocalizedText } from '../../../i18n/types';
import type { Quote } from './get-quote';

export type Address = { name: string; phone: string; line1: string; district: string; province: string; postcode: string };
export type VatInfo = { name: string; taxId: string; branch: string; address: string };
export type PaymentMethod = 'promptpay' | 'bank_transfer';

export type OrderPayment =
  | { method: 'promptpay'; promptpayId: string; promptpayPayload: string }
  | { method: 'bank_transfer'; bank: { bankName: string; accountName: string; accountNumber: string } };

export type OrderLine = { code: string; name: LocalizedText | null; qty: number; unitPrice: number; discount: number; image: string | null };

export type Order = {
  id: number | string;
  number: string;
  userId: number | string;
  status: string;
  createdAt: number;
  lang: string;
  lines: OrderLine[];
  itemCount: number;
  quote: Quote;
  total: number;
  coupon: string | null;
  coinsUsed: number;
  address: Address;
  vatInfo: VatInfo | null;
  payment: OrderPayment;
  history: { status: string; at: number }[];
};

export type PlaceOrderRequest = {
  id: string;
  address: Address;
  coupon?: string;
  coins?: number;
  payment: PaymentMethod;
  idempotencyKey: string;
  vatInfo?: VatInfo;
  lang?: string;
};

export type PlacedOrder = { order: Order; coin: number; replayed?: boolean };

export async function postPlaceOrder(request: PlaceOrderRequest): Promise<PlacedOrder> {
  const body = await apiSend<PlacedOrder>('POST', '/api/app/order/place', request);
  return { order: body.order, coin: Number(body.coin) || 0, replayed: body.replayed };
}
