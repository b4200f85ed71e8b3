//! The outbox's tables and stored rows, and what is read and recorded after a row is written:
//! the sender picks rows from the due index in time order and records each send's outcome (a
//! row leaves the index when it is sent or given up); the order desk lists an order's
//! messages and puts a failed one back in the queue. The table names and the stored JSON are
//! those of migration 11: never rename them.

use redb::WriteTransaction;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::{Audience, Channel, Event};
use crate::domain::{OrderId, UserId};
use crate::i18n::Locale;
use crate::store::{JsonTable, StoreError, Txn, ValueTable};

/// Message id → [`Message`].
pub const OUTBOX_ID_TO_MESSAGE: JsonTable<u64, Message> = JsonTable::new("outbox_id_to_message");
/// Dedupe key → message id: an event writes each of its messages once.
pub const OUTBOX_KEY_TO_ID: ValueTable<&str, u64> = ValueTable::new("outbox_key_to_id");
/// (due time in Unix ms, message id) → nothing: the messages still to send.
pub const OUTBOX_DUE_TO_ID: ValueTable<(u64, u64), &[u8]> = ValueTable::new("outbox_due_to_id");
/// (order id, message id) → nothing: an order's messages, for the order desk.
pub const OUTBOX_ORDER_TO_ID: ValueTable<(u64, u64), &[u8]> = ValueTable::new("outbox_order_to_id");

/// Sends a message gets before it is given up (about a day and a half with the default
/// 30-second first retry, doubling up to an hour).
pub const MAX_ATTEMPTS: u32 = 40;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub enum MessageStatus {
    /// Waiting for its first send or a retry.
    Pending,
    Sent,
    /// Refused for good (a bad address) or out of attempts.
    Failed,
}

/// One message to send, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: u64,
    pub key: String,
    pub event: Event,
    pub channel: Channel,
    pub audience: Audience,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_id: Option<OrderId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<UserId>,
    /// The e-mail address for a shopper's mail; empty for the shop's alerts, whose address
    /// (or LINE target) is read from the settings when sent.
    #[serde(default)]
    pub to: String,
    pub lang: Locale,
    /// The reset link of a password reset (erased once sent), or staff's reason for a
    /// rejected slip.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// For a guest's mail: the nonce its order key is derived from when it is sent
    /// (`orders::guest::LinkSecret::mail_key`), erased once sent or given up. The key itself
    /// is never stored: the secret it needs lives outside the database file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
    /// The copy address of an e-Tax mail (the time-stamp mailbox when it was written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cc: Option<String>,
    pub status: MessageStatus,
    pub attempts: u32,
    /// Unix milliseconds.
    pub created_at: u64,
    /// When the next send is due (Unix ms), while pending.
    pub next_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sent_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_error: Option<String>,
}

/// The messages due at `now`, oldest first, at most `limit`.
pub fn due(txn: &impl Txn, now: u64, limit: usize) -> Result<Vec<Message>, StoreError> {
    let ids = OUTBOX_DUE_TO_ID
        .read(txn)?
        .keys_in((0, 0)..=(now, u64::MAX))?;
    let messages = OUTBOX_ID_TO_MESSAGE.read(txn)?;
    let mut out = Vec::new();
    for (_, id) in ids.into_iter().take(limit) {
        if let Some(message) = messages.get(id)? {
            out.push(message);
        }
    }
    Ok(out)
}

/// When the earliest pending message is due, if any.
pub fn next_due(txn: &impl Txn) -> Result<Option<u64>, StoreError> {
    Ok(OUTBOX_DUE_TO_ID
        .read(txn)?
        .keys_in((0, 0)..=(u64::MAX, u64::MAX))?
        .first()
        .map(|(at, _)| *at))
}

/// How a send ended.
pub enum Outcome {
    Sent,
    /// Try again later.
    Retry(String),
    /// Never going to work.
    GiveUp(String),
}

/// Records a send's outcome: a sent or failed message leaves the due index; a retry goes back
/// in it `retry_secs × 2^(attempts−1)` (at most an hour) later.
pub fn record(
    txn: &WriteTransaction,
    id: u64,
    outcome: Outcome,
    retry_secs: u64,
    now: u64,
) -> Result<Option<Message>, StoreError> {
    let mut messages = OUTBOX_ID_TO_MESSAGE.write(txn)?;
    let Some(mut message) = messages.get(id)? else {
        return Ok(None);
    };
    if message.status != MessageStatus::Pending {
        return Ok(Some(message));
    }
    let mut due = OUTBOX_DUE_TO_ID.write(txn)?;
    due.remove((message.next_at, id))?;
    message.attempts += 1;
    match outcome {
        Outcome::Sent => {
            message.status = MessageStatus::Sent;
            message.sent_at = Some(now);
            message.last_error = None;
            if message.event == Event::PasswordReset {
                // The link is a credential; once delivered it has no business in the database.
                message.note = None;
            }
            message.nonce = None;
        }
        Outcome::Retry(error) if message.attempts < MAX_ATTEMPTS => {
            let shift = (message.attempts - 1).min(20);
            let wait = retry_secs.saturating_mul(1 << shift).min(3600);
            message.next_at = now + wait * 1000;
            message.last_error = Some(bounded(&error));
            due.put((message.next_at, id), [].as_slice())?;
            crate::metrics::outbox_failure(false);
        }
        Outcome::Retry(error) | Outcome::GiveUp(error) => {
            crate::metrics::outbox_failure(true);
            message.status = MessageStatus::Failed;
            message.last_error = Some(bounded(&error));
            message.note = None;
            message.nonce = None;
        }
    }
    messages.put(id, &message)?;
    Ok(Some(message))
}

/// Puts a failed message back in the queue (staff's "send again"). `guest` tells whether an
/// order is a guest's (`notify::retry_now` reads it from the orders): a guest's mail needs a
/// new nonce, as its old one went with the failure.
pub fn retry_now(
    txn: &WriteTransaction,
    id: u64,
    now: u64,
    guest: impl FnOnce(&WriteTransaction, OrderId) -> Result<bool, StoreError>,
) -> Result<Option<Message>, StoreError> {
    let mut messages = OUTBOX_ID_TO_MESSAGE.write(txn)?;
    let Some(mut message) = messages.get(id)? else {
        return Ok(None);
    };
    if message.status == MessageStatus::Failed {
        message.status = MessageStatus::Pending;
        message.attempts = 0;
        message.next_at = now;
        // The guest's nonce went with the failure: the new try carries a new key.
        if let Some(order_id) = message.order_id
            && message.audience == Audience::Shopper
            && message.nonce.is_none()
            && guest(txn, order_id)?
        {
            message.nonce = Some(super::new_nonce());
        }
        OUTBOX_DUE_TO_ID.write(txn)?.put((now, id), [].as_slice())?;
        messages.put(id, &message)?;
    }
    Ok(Some(message))
}

fn bounded(error: &str) -> String {
    error.chars().take(300).collect()
}

/// An order's messages, oldest first.
pub fn for_order(txn: &impl Txn, order: OrderId) -> Result<Vec<Message>, StoreError> {
    let o = order.get();
    let ids = OUTBOX_ORDER_TO_ID
        .read(txn)?
        .keys_in((o, 0)..=(o, u64::MAX))?;
    let messages = OUTBOX_ID_TO_MESSAGE.read(txn)?;
    let mut out = Vec::new();
    for (_, id) in ids {
        if let Some(message) = messages.get(id)? {
            out.push(message);
        }
    }
    Ok(out)
}

/// A message as staff see it on the order desk (the reset link never leaves the server).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct NotificationView {
    #[ts(type = "number")]
    pub id: u64,
    pub event: Event,
    pub channel: Channel,
    pub audience: Audience,
    /// The shopper's address; empty for the shop's own alerts.
    pub to: String,
    /// The copy address of an e-Tax mail (the time-stamp mailbox).
    pub cc: Option<String>,
    pub status: MessageStatus,
    pub attempts: u32,
    /// Unix milliseconds.
    #[ts(type = "number")]
    pub created_at: u64,
    #[ts(type = "number | null")]
    pub sent_at: Option<u64>,
    /// When the next try is due, while pending.
    #[ts(type = "number | null")]
    pub next_at: Option<u64>,
    pub last_error: Option<String>,
}

impl From<Message> for NotificationView {
    fn from(m: Message) -> Self {
        NotificationView {
            id: m.id,
            event: m.event,
            channel: m.channel,
            audience: m.audience,
            to: m.to,
            cc: m.cc,
            status: m.status,
            attempts: m.attempts,
            created_at: m.created_at,
            sent_at: m.sent_at,
            next_at: (m.status == MessageStatus::Pending).then_some(m.next_at),
            last_error: m.last_error,
        }
    }
}
