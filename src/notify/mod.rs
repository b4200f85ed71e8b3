//! Telling people: e-mail to shoppers and the shop, pushes to the shop's LINE group.
//!
//! Every message starts as a row of the outbox (`crate::outbox`, a lower floor) written in the
//! same transaction as the event that causes it, so an order that exists always has its
//! messages, and a message never exists for a change that was rolled back. This folder renders
//! and sends them: the sender (`sender`) delivers rows in the background with retries, reading
//! the order and its documents as they are when sent; each row's key (event + channel +
//! recipient) is unique, so a repeated event writes nothing new, and the key travels with the
//! message (`Message-ID`, LINE's `X-Line-Retry-Key`) so a resend after a crash is recognised
//! downstream. The full-disk alert (`disk_alert`) alone goes straight from memory.

pub mod disk_alert;
pub mod email;
mod etax;
pub mod line;
pub mod line_updates;
pub mod preview;
pub mod sender;
pub mod templates;
pub mod unsubscribe;

use std::sync::Arc;

use redb::WriteTransaction;

use crate::config::Config;
use crate::content::cache::ContentCache;
use crate::domain::OrderId;
use crate::store::{Store, StoreError};

/// What the background sender and the disk watcher need of the running shop: the database,
/// the configuration (the channels, the guest link secret's folder, the shop's name and
/// address) and the content snapshot (the contact details the mail signs with). Built where
/// they are spawned, so neither knows the shared state of the HTTP side.
#[derive(Clone)]
pub struct Sending {
    pub store: Store,
    pub config: Arc<Config>,
    pub content: Arc<ContentCache>,
}

/// Puts a failed message back in the queue (staff's "send again"); a guest's mail gets a new
/// nonce, so the new try carries a new key to the order.
pub fn retry_now(
    txn: &WriteTransaction,
    id: u64,
    now: u64,
) -> Result<Option<crate::outbox::Message>, StoreError> {
    crate::outbox::retry_now(txn, id, now, |txn, order: OrderId| {
        Ok(crate::orders::store::ORDER_ID_TO_ORDER
            .read(txn)?
            .get(order.get())?
            .is_some_and(|order| order.is_guest()))
    })
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
