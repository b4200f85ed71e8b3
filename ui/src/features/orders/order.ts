//! The order as the UI shows it, read from the server's answer (contract of issue 5): every field
//! is checked and given a safe default here, so the components never guess at a missing value.
import type { Address, BankAccount, OrderLine, OrderStatus, Quote, Review, Shipment, VatInfo } from '../../api/types';
import type { LocalizedText } from '../../i18n/types';

export const ORDER_STEPS = ['pending_payment', 'paid', 'preparing', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];

/** A line as shown: the API's `OrderLine`, its name possibly missing a language. */
export type OrderLineView = Omit<OrderLine, 'name'> & {
  name: LocalizedText;
  /** The product of the variant bought; absent on orders older than variants (docs/VARIANTS.md §3). */
  productCode?: string;
  /** The chosen values per language ("Grey / 6 ft"); absent for products without options. */
  choice?: LocalizedText;
};
/**
 * Money is integer satang: the quote the order was placed with, without its per-line discounts;
 * `coins` is the satang paid with coins, `vat` the VAT included in `total` (the order's own).
 */
export type OrderAmounts = Omit<Quote, 'lineDiscounts'>;
/** The API's `Payment`, one method at a time; an unknown method keeps only its name. */
export type OrderPayment =
  | { method: 'promptpay'; promptpayId: string; promptpayPayload: string }
  | { method: 'bank_transfer'; bank: BankAccount }
  | { method: string };

/** The order as the pages show it, read from the API's `Order` by `parseOrder`. */
export type OrderView = {
  id: number;
  number: string;
  status: string;
  createdAt: number;
  lines: OrderLineView[];
  itemCount: number;
  amounts: OrderAmounts;
  coupon: string | null;
  coinsUsed: number;
  address: Address;
  vatInfo: VatInfo | null;
  payment: OrderPayment;
  /** The API's `StatusChange`s, any status kept as text. */
  history: { status: string; at: number }[];
  review: Review | null;
  coinsEarned: number;
  /** Carrier and tracking once the order shipped. */
  shipment: Shipment | null;
  /** Payment slips uploaded for a PromptPay or bank transfer payment, oldest first. */
  proofs: ProofView[];
  /** When the unpaid order is cancelled if still unpaid (unix ms); null when it never is. */
  payBy: number | null;
  /** Money owed back (a paid order that was cancelled), and whether staff have refunded it. */
  refund: 'due' | 'refunded' | null;
  /** The tax invoice and credit note issued for the order, by number. */
  documents: { taxInvoice: { number: string } | null; creditNote: { number: string } | null };
};

function parseIssued(value: unknown): { number: string } | null {
  const number = str(record(value).number);
  return number ? { number } : null;
}

/** One uploaded slip as the shopper sees it. */
export type ProofView = { file: string; uploadedAt: number; status: 'pending' | 'accepted' | 'rejected'; reason: string | null };

function parseProofs(value: unknown): ProofView[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((entry) => {
      const raw = record(entry);
      const status = raw.status === 'accepted' || raw.status === 'rejected' ? raw.status : 'pending';
      return { file: str(raw.file), uploadedAt: num(raw.uploadedAt), status, reason: typeof raw.reason === 'string' && raw.reason ? raw.reason : null } as ProofView;
    })
    .filter((proof) => proof.file.startsWith('/api/app/order/'));
}

type Raw = Record<string, unknown>;

function record(value: unknown): Raw {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {};
}

function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function localized(value: unknown): LocalizedText {
  if (typeof value === 'string') return { en: value };
  const out: LocalizedText = {};
  for (const [code, text] of Object.entries(record(value))) if (typeof text === 'string') out[code as keyof LocalizedText] = text;
  return out;
}

function parseLine(value: unknown): OrderLineView {
  const raw = record(value);
  return {
    code: str(raw.code),
    name: localized(raw.name),
    qty: num(raw.qty),
    unitPrice: num(raw.unitPrice),
    discount: num(raw.discount),
    image: typeof raw.image === 'string' && raw.image ? raw.image : null,
    ...(str(raw.productCode) ? { productCode: str(raw.productCode) } : {}),
    ...(raw.choice ? { choice: localized(raw.choice) } : {}),
  };
}

function parseAddress(value: unknown): Address {
  const raw = record(value);
  return {
    name: str(raw.name),
    phone: str(raw.phone),
    line1: str(raw.line1),
    district: str(raw.district),
    province: str(raw.province),
    postcode: str(raw.postcode),
  };
}

function parseVatInfo(value: unknown): VatInfo | null {
  const raw = record(value);
  if (!raw.taxId && !raw.name) return null;
  return { name: str(raw.name), taxId: str(raw.taxId), branch: str(raw.branch), address: str(raw.address) };
}

function parsePayment(value: unknown): OrderPayment {
  const raw = record(value);
  const method = str(raw.method);
  if (method === 'promptpay') return { method, promptpayId: str(raw.promptpayId), promptpayPayload: str(raw.promptpayPayload) };
  if (method === 'bank_transfer') {
    const bank = record(raw.bank);
    return { method, bank: { bankName: str(bank.bankName), accountName: str(bank.accountName), accountNumber: str(bank.accountNumber) } };
  }
  return { method };
}

function parseReview(value: unknown): Review | null {
  if (value === null || typeof value !== 'object') return null;
  const raw = record(value);
  return { rating: num(raw.rating), comment: str(raw.comment), at: num(raw.at) };
}

function parseShipment(value: unknown): Shipment | null {
  if (value === null || typeof value !== 'object') return null;
  const raw = record(value);
  const carrier = str(raw.carrier);
  const tracking = str(raw.tracking);
  if (!carrier || !tracking) return null;
  // Only a web address of the carrier's is ever a link.
  const url = typeof raw.url === 'string' && /^https:\/\//.test(raw.url) ? raw.url : null;
  return { carrier, tracking, url };
}

/** Reads one order of the API; the total is the order's own (at most the quote's). */
export function parseOrder(value: unknown): OrderView {
  const raw = record(value);
  const quote = record(raw.quote);
  const lines = Array.isArray(raw.lines) ? raw.lines.map(parseLine) : [];
  const id = num(raw.id);
  const total = num(raw.total, num(quote.total));
  return {
    id,
    number: str(raw.number) || `K${String(id).padStart(6, '0')}`,
    status: str(raw.status),
    createdAt: num(raw.createdAt),
    lines,
    itemCount: num(raw.itemCount, lines.reduce((sum, line) => sum + line.qty, 0)),
    amounts: {
      subtotal: num(quote.subtotal),
      promotionDiscount: num(quote.promotionDiscount),
      couponDiscount: num(quote.couponDiscount),
      coins: num(quote.coins),
      shipping: num(quote.shipping),
      vat: num(quote.vat),
      total,
    },
    coupon: typeof raw.coupon === 'string' && raw.coupon ? raw.coupon : null,
    coinsUsed: num(raw.coinsUsed),
    address: parseAddress(raw.address),
    vatInfo: parseVatInfo(raw.vatInfo),
    payment: parsePayment(raw.payment),
    history: (Array.isArray(raw.history) ? raw.history : [])
      .map((entry) => ({ status: str(record(entry).status), at: num(record(entry).at) }))
      .filter((entry) => entry.status !== ''),
    review: parseReview(raw.review),
    coinsEarned: num(raw.coinsEarned),
    shipment: parseShipment(raw.shipment),
    proofs: parseProofs(record(raw.payment).proofs),
    payBy: num(record(raw.payment).payBy) || null,
    refund: record(raw.payment).status === 'refund_due' ? 'due' : record(raw.payment).status === 'refunded' ? 'refunded' : null,
    documents: {
      taxInvoice: parseIssued(record(raw.documents).taxInvoice),
      creditNote: parseIssued(record(raw.documents).creditNote),
    },
  };
}

/** A delivered order the shopper has not reviewed yet (what the header badge counts). */
export function needsReview(order: Pick<OrderView, 'status' | 'review'>): boolean {
  return order.status === 'delivered' && order.review === null;
}

/** The link to one order's page. */
export function orderHref(id: number): string {
  return `/user/order?id=${encodeURIComponent(String(id))}`;
}

/** What cancelling or reviewing answers: the changed order and the shopper's coin balance after. */
export type OrderChange = { order: OrderView; coin: number | null };

export function parseOrderChange(body: { order?: unknown; coin?: unknown }): OrderChange {
  return { order: parseOrder(body.order), coin: typeof body.coin === 'number' && Number.isFinite(body.coin) ? body.coin : null };
}
