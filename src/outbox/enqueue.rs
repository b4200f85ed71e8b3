//! The writing side of the outbox: which messages the shop sends ([`Plan`]) and the rows an
//! event writes, in the caller's transaction. A row's key is
//! `<event>:<subject>:<channel>:<audience>` (subject: the order id, or the reset ticket), so an
//! event that happens again (a repeated 2C2P notification, a retried request) finds the key
//! taken and writes nothing.
//!
//! An order event is told the few facts of the order it needs ([`OrderFacts`], made by
//! `orders::model::Order::outbox_facts`), so the queue never reads the orders above it.

use redb::WriteTransaction;

use super::queue::{
    Message, MessageStatus, OUTBOX_DUE_TO_ID, OUTBOX_ID_TO_MESSAGE, OUTBOX_KEY_TO_ID,
    OUTBOX_ORDER_TO_ID,
};
use super::{Audience, Channel, Event};
use crate::config::Config;
use crate::domain::{OrderId, UserId};
use crate::i18n::Locale;
use crate::store::{StoreError, next_id};

/// What an order event needs to know of its order.
#[derive(Debug, Clone, Copy)]
pub struct OrderFacts<'a> {
    pub id: OrderId,
    /// The shopper's address; empty when none was given.
    pub email: &'a str,
    /// The shopper's account; `None` for a guest order, whose mail carries its own key.
    pub account: Option<UserId>,
    pub lang: Locale,
    /// Slips uploaded so far: a second rejected slip is a second mail.
    pub proofs: usize,
}

/// A fresh nonce for a guest's waiting mail: 128 random bits as hex. The order key the mail
/// carries is derived from it when the mail is sent (`orders::guest::LinkSecret::mail_key`).
pub fn new_nonce() -> String {
    hex::encode(rand::random::<[u8; 16]>())
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
}

impl Plan {
    pub fn from_config(config: &Config) -> Plan {
        let n = &config.notifications;
        Plan {
            email: n.email.enabled(),
            shop_email: n.email.enabled() && !n.email.shop_to.trim().is_empty(),
            line: n.line.enabled(),
            shop_lang: Locale::parse(&n.shop_lang).unwrap_or(Locale::Th),
        }
    }

    /// Nothing is sent (tests of other parts, tools).
    pub const SILENT: Plan = Plan {
        email: false,
        shop_email: false,
        line: false,
        shop_lang: Locale::Th,
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
    order: &OrderFacts,
    note: Option<&str>,
) -> Result<(), StoreError> {
    // A second rejected slip is a second mail.
    let subject = match event {
        Event::ProofRejected => format!("{}-{}", order.id.get(), order.proofs),
        _ => order.id.get().to_string(),
    };
    if plan.email && !order.email.is_empty() {
        let mut draft = Draft {
            event,
            subject: &subject,
            channel: Channel::Email,
            audience: Audience::Shopper,
            order_id: Some(order.id),
            user_id: order.account,
            to: order.email,
            lang: order.lang,
            note,
            nonce: None,
            cc: None,
        };
        // A guest has no account to sign in to: each mail brings its own key to the order,
        // made from this nonce when the mail is sent.
        let nonce;
        if order.account.is_none() {
            nonce = new_nonce();
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
                    cc: None,
                };
                add(txn, &draft)?;
            }
        }
    }
    Ok(())
}

/// Writes the e-Tax Invoice by Email message of a tax document an order event issued (the tax
/// invoice with `OrderPaid`, the credit note with `OrderCancelled`): the document on its own to
/// the buyer's address, with `cc` (the time-stamp mailbox) in copy, in the event's transaction.
/// Its key is `<event>:<order>:etax:shopper`, so the document is sent once however often the
/// event is told; answers whether the message was added.
pub fn etax_document(
    txn: &WriteTransaction,
    event: Event,
    order: &OrderFacts,
    cc: &str,
) -> Result<bool, StoreError> {
    if order.email.is_empty() || cc.is_empty() {
        return Ok(false);
    }
    let subject = order.id.get().to_string();
    let draft = Draft {
        event,
        subject: &subject,
        channel: Channel::Etax,
        audience: Audience::Shopper,
        order_id: Some(order.id),
        user_id: order.account,
        to: order.email,
        lang: order.lang,
        note: None,
        nonce: None,
        cc: Some(cc),
    };
    add(txn, &draft)
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
        cc: None,
    };
    add(txn, &draft)
}

/// Writes the shop's alert about the shop itself (an off-site copy that failed) to each of its
/// channels; `subject` names the occurrence, `note` is what to tell.
pub fn shop_alert(
    txn: &WriteTransaction,
    plan: &Plan,
    event: Event,
    subject: &str,
    note: &str,
) -> Result<(), StoreError> {
    for (on, channel) in [
        (plan.shop_email, Channel::Email),
        (plan.line, Channel::Line),
    ] {
        if on {
            let draft = Draft {
                event,
                subject,
                channel,
                audience: Audience::Shop,
                order_id: None,
                user_id: None,
                to: "",
                lang: plan.shop_lang,
                note: Some(note),
                nonce: None,
                cc: None,
            };
            add(txn, &draft)?;
        }
    }
    Ok(())
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
    /// The copy address of an e-Tax mail.
    cc: Option<&'a str>,
}

fn dedupe_key(draft: &Draft) -> String {
    let channel = match draft.channel {
        Channel::Email => "email",
        Channel::Line => "line",
        Channel::Etax => "etax",
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
        cc: draft.cc.map(str::to_string),
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
