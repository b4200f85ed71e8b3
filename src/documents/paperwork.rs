//! What an order's move issues besides the status: the numbered tax documents, their prints
//! and the messages. All are written in the transaction of the change, so a number is never
//! skipped (a rolled-back payment takes its number with it), never given twice (redb runs one
//! write transaction at a time), and never printed with settings other than those of its
//! issue. See docs/DOCUMENTS.md.
//!
//! Documents stand above orders: the orders domain moves an order and lets its caller settle
//! the rest in the same transaction (`orders::store::change_status` takes that step), and the
//! callers that move orders — the payments (`payments::status`, `payments::attempts`) — run
//! [`settle`] there.

use std::sync::Arc;

use redb::WriteTransaction;

use super::Issuer;
use crate::config::Config;
use crate::orders::model::{IssuedDocument, Order, Status};
use crate::outbox::{self, Event, Plan};
use crate::store::{StoreError, next_id};

/// What an order's events produce besides the change: the messages ([`Plan`]), whether full
/// tax invoices are issued, and who issues the documents. Taken from the configuration by the
/// caller of each use case, so the use cases (shared by HTTP, the CLI and background tasks)
/// stay free of settings lookups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paperwork {
    pub plan: Plan,
    /// The seller has a tax id: full tax invoices are issued for orders with `vatInfo`.
    pub tax_invoices: bool,
    /// Who issues the money documents the messages carry: their prints are frozen with this
    /// seller block in the transaction of the event. `None` issues no prints (tools, tests).
    pub issuer: Option<Arc<Issuer>>,
    /// e-Tax Invoice by Email is on (`[etax]`, with e-mail and a tax id): the time-stamp
    /// mailbox each tax invoice and credit note is copied to when it is mailed on its own.
    pub etax_cc: Option<String>,
}

impl Paperwork {
    pub fn from_config(config: &Config) -> Paperwork {
        Paperwork {
            plan: Plan::from_config(config),
            tax_invoices: config.seller.issues_tax_invoices(),
            issuer: Some(Arc::new(Issuer::from_config(config))),
            etax_cc: config
                .etax
                .cc()
                .filter(|_| {
                    config.notifications.email.enabled() && config.seller.issues_tax_invoices()
                })
                .map(str::to_string),
        }
    }

    /// Nothing is sent and no tax invoice issued (tests of other parts, tools).
    pub const SILENT: Paperwork = Paperwork {
        plan: Plan::SILENT,
        tax_invoices: false,
        issuer: None,
        etax_cc: None,
    };
}

/// Everything an order's move to `status` issues, once the order has that status: the tax
/// invoice of a payment, the credit note of a cancellation, then the prints and messages
/// ([`announce`]).
pub fn settle(
    txn: &WriteTransaction,
    order: &mut Order,
    status: Status,
    paperwork: &Paperwork,
) -> Result<(), StoreError> {
    let now = crate::activity::now_millis();
    match status {
        Status::Paid => issue_on_payment(txn, order, paperwork, now)?,
        Status::Cancelled => issue_on_cancel(txn, order, now)?,
        _ => {}
    }
    announce(txn, paperwork, order, status)
}

/// The sequence of full tax invoice numbers (`INV-000001`…).
const TAX_INVOICE_SEQUENCE: &str = "tax_invoice";
/// The sequence of credit note numbers (`CN-000001`…).
const CREDIT_NOTE_SEQUENCE: &str = "credit_note";

/// Issues the tax invoice of an order that has just been paid, when the shopper asked for
/// one (`vatInfo`) and the shop is registered for VAT.
pub fn issue_on_payment(
    txn: &WriteTransaction,
    order: &mut Order,
    paperwork: &Paperwork,
    now: u64,
) -> Result<(), StoreError> {
    if paperwork.tax_invoices && order.vat_info.is_some() && order.documents.tax_invoice.is_none() {
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
    paperwork: &Paperwork,
    order: &Order,
    status: Status,
) -> Result<(), StoreError> {
    if let Some(issuer) = &paperwork.issuer {
        super::issued::freeze(txn, order, issuer)?;
    }
    let Some(event) = event_of(status) else {
        return Ok(());
    };
    let facts = order.outbox_facts();
    outbox::order_event(txn, &paperwork.plan, event, &facts, None)?;
    // e-Tax Invoice by Email: the tax document this move issued goes on its own, once.
    let issued = match status {
        Status::Paid => order.documents.tax_invoice.is_some(),
        Status::Cancelled => order.documents.credit_note.is_some(),
        _ => false,
    };
    if let (Some(cc), true) = (&paperwork.etax_cc, issued) {
        outbox::etax_document(txn, event, &facts, cc)?;
    }
    Ok(())
}
