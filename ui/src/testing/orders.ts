//! Orders for unit tests, in the shape the orders API sends (contract of issue 5).
export function rawOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 12,
    number: 'K000012',
    userId: 7,
    status: 'delivered',
    createdAt: Date.UTC(2026, 0, 5, 7, 30),
    lang: 'en',
    lines: [
      { code: 'SF-1001', name: { en: 'Oslo sofa', th: 'โซฟาออสโล' }, qty: 2, unitPrice: 1_250_000, discount: 250_000, image: '/api/file/images/demo/SF-1001-1.png' },
      { code: 'DC-2001', name: { en: 'Vase' }, qty: 1, unitPrice: 59_000, discount: 0, image: null },
    ],
    itemCount: 3,
    quote: { subtotal: 2_559_000, promotionDiscount: 250_000, couponDiscount: 50_000, coins: 10_000, shipping: 0, vat: 147_000, total: 2_249_000, lineDiscounts: 250_000 },
    total: 2_249_000,
    coupon: 'WELCOME500',
    coinsUsed: 100,
    address: { name: 'Somsri Test', phone: '081 234 5678', line1: '99/9 Sukhumvit Road', district: 'Khlong Toei', province: 'bangkok', postcode: '10110' },
    vatInfo: null,
    payment: { method: 'promptpay', promptpayId: '0812345678', promptpayPayload: '00020101021229370016A000000677010111011300668123456785802TH53037645406100.006304ABCD' },
    history: [
      { status: 'pending_payment', at: Date.UTC(2026, 0, 5, 7, 30) },
      { status: 'paid', at: Date.UTC(2026, 0, 5, 8, 0) },
      { status: 'preparing', at: Date.UTC(2026, 0, 6, 2, 0) },
      { status: 'shipped', at: Date.UTC(2026, 0, 7, 3, 0) },
      { status: 'delivered', at: Date.UTC(2026, 0, 9, 9, 15) },
    ],
    review: null,
    coinsEarned: 22,
    ...overrides,
  };
}

export const TEST_LABELS = {
  orderStatus: {
    pending_payment: { en: 'Pending payment', th: 'รอชำระเงิน' },
    paid: { en: 'Paid', th: 'ชำระเงินแล้ว' },
    preparing: { en: 'Preparing' },
    shipped: { en: 'Shipped' },
    delivered: { en: 'Delivered', th: 'ได้รับสินค้าแล้ว' },
    cancelled: { en: 'Cancelled' },
  },
  paymentMethod: { promptpay: { en: 'PromptPay QR' }, bank_transfer: { en: 'Bank transfer' } },
  province: { bangkok: { en: 'Bangkok', th: 'กรุงเทพมหานคร' } },
};
