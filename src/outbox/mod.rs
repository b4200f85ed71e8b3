//! The notification queue: one row per message to send, written by the domain whose event
//! causes it (orders, accounts, payments) in that event's own transaction, so an order that
//! exists always has its messages and a message never exists for a change that was rolled
//! back.
//!
//! This floor knows only the ground: it stores what happened ([`Event`]), to whom and how, and
//! never reads an order. What a row says is decided when it is sent, by `notify`, which stands
//! above the orders and documents it renders.
//!
//! - `enqueue`: the [`Plan`] of what the shop sends, and the rows an event writes;
//! - `queue`: the tables, the stored [`Message`], and what the sender and the order desk read
//!   and record (due rows, outcomes, an order's messages, "send again").

mod enqueue;
mod queue;

pub use enqueue::{
    OrderFacts, Plan, etax_document, new_nonce, order_event, reset_link, shop_alert,
};
pub use queue::{
    MAX_ATTEMPTS, Message, MessageStatus, NotificationView, OUTBOX_DUE_TO_ID, OUTBOX_ID_TO_MESSAGE,
    OUTBOX_KEY_TO_ID, OUTBOX_ORDER_TO_ID, Outcome, due, for_order, next_due, record, retry_now,
};

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// What happened. The mail a shopper gets, and whether the shop is alerted, follow from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub enum Event {
    OrderPlaced,
    OrderPaid,
    OrderShipped,
    OrderDelivered,
    OrderCancelled,
    /// Staff started a password reset: the link goes to the account's address.
    PasswordReset,
    /// Staff rejected the payment slip the shopper uploaded.
    ProofRejected,
    /// An off-site copy of the backups failed: an alert to the shop, not about an order.
    BackupFailed,
}

impl Event {
    pub const ALL: [Event; 8] = [
        Event::OrderPlaced,
        Event::OrderPaid,
        Event::OrderShipped,
        Event::OrderDelivered,
        Event::OrderCancelled,
        Event::PasswordReset,
        Event::ProofRejected,
        Event::BackupFailed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Event::OrderPlaced => "orderPlaced",
            Event::OrderPaid => "orderPaid",
            Event::OrderShipped => "orderShipped",
            Event::OrderDelivered => "orderDelivered",
            Event::OrderCancelled => "orderCancelled",
            Event::PasswordReset => "passwordReset",
            Event::ProofRejected => "proofRejected",
            Event::BackupFailed => "backupFailed",
        }
    }
}

/// How a message travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub enum Channel {
    Email,
    Line,
    /// e-Tax Invoice by Email: one tax document (the tax invoice of a payment, the credit
    /// note of a cancellation) as PDF/A-3, mailed to the buyer with the time-stamp mailbox in
    /// copy (docs/DOCUMENTS.md, "e-Tax Invoice by Email").
    Etax,
}

/// Who reads it: the shopper, or the shop's own staff (alerts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub enum Audience {
    Shopper,
    Shop,
}
