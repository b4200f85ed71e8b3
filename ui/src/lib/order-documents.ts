//! Which money documents an order has: the receipt once it has been paid, the tax invoice and
//! credit note once issued (their numbers come with the order).
export type OrderDocument = { kind: 'receipt' | 'taxInvoice' | 'creditNote'; path: string; fileName: string; number: string };

/** What an order needs for its documents: the shopper's `OrderView` and the staff's `Order` both fit. */
export type DocumentsOf = {
  id: number;
  number: string;
  history: { status: string }[];
  documents?: { taxInvoice?: { number: string } | null; creditNote?: { number: string } | null };
};

export function orderDocuments(order: DocumentsOf): OrderDocument[] {
  const out: OrderDocument[] = [];
  const base = `/api/app/order/${order.id}`;
  if (order.history.some((step) => step.status === 'paid')) {
    out.push({ kind: 'receipt', path: `${base}/receipt.pdf`, fileName: `receipt-${order.number}.pdf`, number: order.number });
  }
  const invoice = order.documents?.taxInvoice;
  if (invoice) {
    out.push({ kind: 'taxInvoice', path: `${base}/tax-invoice.pdf`, fileName: `tax-invoice-${invoice.number}.pdf`, number: invoice.number });
  }
  const note = order.documents?.creditNote;
  if (note) {
    out.push({ kind: 'creditNote', path: `${base}/credit-note.pdf`, fileName: `credit-note-${note.number}.pdf`, number: note.number });
  }
  return out;
}
