//! The outbox: one row per message to send, written in the transaction of the event that
//! causes it.
//!
//! A row's key is `<event>:<subject>:<channel>:<audience>` (subject: the order id, or the
//! reset ticket), so an event that happens again (a repeated 2C2P notification, a retried
//! request) finds the key taken and writes nothing. The sender picks rows from the due index
//! in time order; a row leaves the index when it is sent or given up.

use redb::WriteTransaction;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::{Audience, Channel, Event};
use crate::config::Config;
use crate::domain::{OrderId, UserId};
use crate::i18n::Locale;
use crate::orders::model::Order;
use crate::store::{JsonTable, StoreError, Txn, ValueTable, next_id};

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

/// Which messages the shop sends: the channels configured, where its own alerts go, and in
/// which language. Taken from the configuration by the caller of each use case, so the
/// use cases (shared by HTTP, the CLI and background tasks) stay free of settings lookups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub email: bool,
    /// Alerts by mail to `notifications.email.shop_to`.
    pub shop_email: bool,
    pub line: bool,
    pub shop_lang: Locale,
    /// The seller has a tax id: full tax invoices are issued for orders with `vatInfo`.
    pub tax_invoices: bool,
    /// Who issues the money documents the messages carry: their prints are frozen with this
    /// seller block in the transaction of the event. `None` issues no prints (tools, tests).
    pub issuer: Option<std::sync::Arc<crate::documents::Issuer>>,
}

impl Plan {
    pub fn from_config(config: &Config) -> Plan {
        let n = &config.notifications;
        Plan {
            email: n.email.enabled(),
            shop_email: n.email.enabled() && !n.email.shop_to.trim().is_empty(),
            line: n.line.enabled(),
            shop_lang: Locale::parse(&n.shop_lang).unwrap_or(Locale::Th),
            tax_invoices: config.seller.issues_tax_invoices(),
            issuer: Some(std::sync::Arc::new(crate::documents::Issuer::from_config(
                config,
            ))),
        }
    }

    /// Nothing is sent and no tax invoice issued (tests of other parts, tools).
    pub const SILENT: Plan = Plan {
        email: false,
        shop_email: false,
        line: false,
        shop_lang: Locale::Th,
        tax_invoices: false,
        issuer: None,
    };
}

/// Whether the shop hears of an event at all: new orders, payments and cancellations.
fn shop_alerted(event: Event) -> bool {
    matches!(
        event,
        Event::OrderPlaced | Event::OrderPaid | Event::OrderCancelled
    )
}

/// Writes the messages an order event causes, in the event's transaction.
pub fn order_event(
    txn: &WriteTransaction,
    plan: &Plan,
    event: Event,
    order: &Order,
    note: Option<&str>,
) -> Result<(), StoreError> {
    // A second rejected slip is a second mail.
    let subject = match event {
        Event::ProofRejected => format!("{}-{}", order.id.get(), order.payment.proofs.len()),
        _ => order.id.get().to_string(),
    };
    if plan.email && !order.email.is_empty() {
        let mut draft = Draft {
            event,
            subject: &subject,
            channel: Channel::Email,
            audience: Audience::Shopper,
            order_id: Some(order.id),
            user_id: (!order.is_guest()).then_some(order.user_id),
            to: &order.email,
            lang: order.lang,
            note,
            nonce: None,
        };
        // A guest has no account to sign in to: each mail brings its own key to the order,
        // made from this nonce when the mail is sent.
        let nonce;
        if order.is_guest() {
            nonce = crate::orders::guest::new_nonce();
            draft.nonce = Some(&nonce);
        }
        add(txn, &draft)?;
    }
    if shop_alerted(event) {
        for (on, channel) in [
            (plan.shop_email, Channel::Email),
            (plan.line, Channel::Line),
        ] {
            if on {
                let draft = Draft {
                    event,
                    subject: &subject,
                    channel,
                    audience: Audience::Shop,
                    order_id: Some(order.id),
                    user_id: None,
                    to: "",
                    lang: plan.shop_lang,
                    note: None,
                    nonce: None,
                };
                add(txn, &draft)?;
            }
        }
    }
    Ok(())
}

/// Writes the mail carrying a password reset link to the account's address. `ticket` names
/// the reset (the digest of its token), so two resets are two mails.
pub fn reset_link(
    txn: &WriteTransaction,
    plan: &Plan,
    user_id: UserId,
    email: &str,
    ticket: &str,
    link: &str,
) -> Result<bool, StoreError> {
    if !plan.email || email.is_empty() {
        return Ok(false);
    }
    let draft = Draft {
        event: Event::PasswordReset,
        subject: ticket,
        channel: Channel::Email,
        audience: Audience::Shopper,
        order_id: None,
        user_id: Some(user_id),
        to: email,
        lang: plan.shop_lang,
        note: Some(link),
        nonce: None,
    };
    add(txn, &draft)
}

/// The page of a guest order that `key` opens, in the order's language:
/// `/th/cartres?order=12&key=…` (the page the card payment also returns to).
pub fn guest_order_path(order: &Order, key: &str) -> String {
    let prefix = match order.lang.code() {
        "en" => String::new(),
        code => format!("/{code}"),
    };
    format!("{prefix}/cartres?order={}&key={key}", order.id.get())
}

struct Draft<'a> {
    event: Event,
    subject: &'a str,
    channel: Channel,
    audience: Audience,
    order_id: Option<OrderId>,
    user_id: Option<UserId>,
    to: &'a str,
    lang: Locale,
    note: Option<&'a str>,
    nonce: Option<&'a str>,
}

fn dedupe_key(draft: &Draft) -> String {
    let channel = match draft.channel {
        Channel::Email => "email",
        Channel::Line => "line",
    };
    let audience = match draft.audience {
        Audience::Shopper => "shopper",
        Audience::Shop => "shop",
    };
    format!(
        "{}:{}:{channel}:{audience}",
        draft.event.as_str(),
        draft.subject
    )
}

/// Adds one message unless its key exists; answers whether it was added.
fn add(txn: &WriteTransaction, draft: &Draft) -> Result<bool, StoreError> {
    let key = dedupe_key(draft);
    let mut keys = OUTBOX_KEY_TO_ID.write(txn)?;
    if keys.get(key.as_str())?.is_some() {
        return Ok(false);
    }
    let id = next_id(txn, "outbox")?;
    let now = crate::activity::now_millis();
    let message = Message {
        id,
        key: key.clone(),
        event: draft.event,
        channel: draft.channel,
        audience: draft.audience,
        order_id: draft.order_id,
        user_id: draft.user_id,
        to: draft.to.into(),
        lang: draft.lang,
        note: draft.note.map(str::to_string),
        nonce: draft.nonce.map(str::to_string),
        status: MessageStatus::Pending,
        attempts: 0,
        created_at: now,
        next_at: now,
        sent_at: None,
        last_error: None,
    };
    keys.put(key.as_str(), id)?;
    drop(keys);
    OUTBOX_ID_TO_MESSAGE.write(txn)?.put(id, &message)?;
    OUTBOX_DUE_TO_ID.write(txn)?.put((now, id), [].as_slice())?;
    if let Some(order) = draft.order_id {
        OUTBOX_ORDER_TO_ID
            .write(txn)?
            .put((order.get(), id), [].as_slice())?;
    }
    Ok(true)
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
        }
        Outcome::Retry(error) | Outcome::GiveUp(error) => {
            message.status = MessageStatus::Failed;
            message.last_error = Some(bounded(&error));
            message.note = None;
            message.nonce = None;
        }
    }
    messages.put(id, &message)?;
    Ok(Some(message))
}

/// Puts a failed message back in the queue (staff's "send again").
pub fn retry_now(txn: &WriteTransaction, id: u64, now: u64) -> Result<Option<Message>, StoreError> {
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
            && crate::orders::store::ORDER_ID_TO_ORDER
                .read(txn)?
                .get(order_id.get())?
                .is_some_and(|order| order.is_guest())
        {
            message.nonce = Some(crate::orders::guest::new_nonce());
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
            status: m.status,
            attempts: m.attempts,
            created_at: m.created_at,
            sent_at: m.sent_at,
            next_at: (m.status == MessageStatus::Pending).then_some(m.next_at),
            last_error: m.last_error,
        }
    }
}
