//! What an order's payment and cancellation issue besides the status: the numbered tax
//! documents, their prints and the messages. All are written in the transaction of the
//! change, so a number is never skipped (a rolled-back payment takes its number with it),
//! never given twice (redb runs one write transaction at a time), and never printed with
//! settings other than those of its issue.

use redb::WriteTransaction;

use super::model::{IssuedDocument, Order, Status};
use crate::notify::Event;
use crate::notify::outbox::{self, Plan};
use crate::store::{StoreError, next_id};

/// The sequence of full tax invoice numbers (`INV-000001`…).
const TAX_INVOICE_SEQUENCE: &str = "tax_invoice";
/// The sequence of credit note numbers (`CN-000001`…).
const CREDIT_NOTE_SEQUENCE: &str = "credit_note";

/// Issues the tax invoice of an order that has just been paid, when the shopper asked for
/// one (`vatInfo`) and the shop is registered for VAT.
pub fn issue_on_payment(
    txn: &WriteTransaction,
    order: &mut Order,
    plan: &Plan,
    now: u64,
) -> Result<(), StoreError> {
    if plan.tax_invoices && order.vat_info.is_some() && order.documents.tax_invoice.is_none() {
        let n = next_id(txn, TAX_INVOICE_SEQUENCE)?;
        order.documents.tax_invoice = Some(IssuedDocument {
            number: format!("INV-{n:06}"),
            issued_at: now,
        });
    }
    Ok(())
}

/// Issues the credit note that reverses the tax invoice of an order being cancelled.
pub fn issue_on_cancel(
    txn: &WriteTransaction,
    order: &mut Order,
    now: u64,
) -> Result<(), StoreError> {
    if order.documents.tax_invoice.is_some() && order.documents.credit_note.is_none() {
        let n = next_id(txn, CREDIT_NOTE_SEQUENCE)?;
        order.documents.credit_note = Some(IssuedDocument {
            number: format!("CN-{n:06}"),
            issued_at: now,
        });
    }
    Ok(())
}

/// The message event of a move to `status`; `preparing` is the shop's own business.
pub fn event_of(status: Status) -> Option<Event> {
    match status {
        Status::PendingPayment => Some(Event::OrderPlaced),
        Status::Paid => Some(Event::OrderPaid),
        Status::Shipped => Some(Event::OrderShipped),
        Status::Delivered => Some(Event::OrderDelivered),
        Status::Cancelled => Some(Event::OrderCancelled),
        Status::Preparing => None,
    }
}

/// Freezes the documents the order now has, then writes the messages of its move to `status`
/// (after the order itself is final). The prints come first because the messages carry the
/// documents: the receipt and tax invoice with the payment, the credit note with the
/// cancellation. Every path that issues a document announces it, so none lacks its print.
pub fn announce(
    txn: &WriteTransaction,
    plan: &Plan,
    order: &Order,
    status: Status,
) -> Result<(), StoreError> {
    if let Some(issuer) = &plan.issuer {
        crate::documents::issued::freeze(txn, order, issuer)?;
    }
    match event_of(status) {
        Some(event) => outbox::order_event(txn, plan, event, order, None),
        None => Ok(()),
    }
}
