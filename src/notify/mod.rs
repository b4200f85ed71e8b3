//! Telling people: e-mail to shoppers and the shop, pushes to the shop's LINE group.
//!
//! Every message starts as an outbox row written in the same transaction as the event that
//! causes it (`outbox`), so an order that exists always has its messages, and a message never
//! exists for a change that was rolled back. The sender (`sender`) delivers rows in the
//! background with retries; each row's key (event + channel + recipient) is unique, so a
//! repeated event writes nothing new, and the key travels with the message (`Message-ID`,
//! LINE's `X-Line-Retry-Key`) so a resend after a crash is recognised downstream.

pub mod disk_alert;
pub mod email;
pub mod line;
pub mod outbox;
pub mod sender;
pub mod templates;

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
}

impl Event {
    pub const ALL: [Event; 7] = [
        Event::OrderPlaced,
        Event::OrderPaid,
        Event::OrderShipped,
        Event::OrderDelivered,
        Event::OrderCancelled,
        Event::PasswordReset,
        Event::ProofRejected,
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
        }
    }
}

/// How a message travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub enum Channel {
    Email,
    Line,
}

/// Who reads it: the shopper, or the shop's own staff (alerts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub enum Audience {
    Shopper,
    Shop,
}

/// Where a send failed: `Temporary` is retried with backoff (connection refused, 4xx SMTP
/// replies, LINE 429/5xx); `Permanent` is not (a mailbox the server refuses with 5xx, a LINE
/// 400 for a bad target).
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error("{0}")]
    Temporary(String),
    #[error("{0}")]
    Permanent(String),
}
