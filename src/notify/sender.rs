//! The background sender: takes due outbox rows in time order, renders each from the order
//! as it is now, sends it, and records the outcome in its own transaction.
//!
//! A crash after a send and before its record sends that message again on restart
//! (at-least-once); the message keeps its `Message-ID` and LINE retry key, so the receiver can
//! tell it is the same message. A crash before the send loses nothing: the row is still due.
//! It is given the few parts of the running shop it reads ([`Sending`]), built at start-up.

use std::time::Duration;

use super::email::{Attachment, Mailer, OutgoingMail};
use super::line::LinePusher;
use super::templates::{self, ShopInfo};
use super::{SendError, Sending};
use crate::orders::guest::LinkSecret;
use crate::orders::model::Order;
use crate::outbox::{self, Audience, Channel, Event, Message, Outcome};

/// How often an idle sender looks for new rows; new messages go out within this time.
const POLL: Duration = Duration::from_millis(500);
/// Rows taken per round.
const BATCH: usize = 20;

/// Starts the sender; it runs until the runtime stops.
pub fn spawn(sending: Sending) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let transports = Transports::from_sending(&sending);
        loop {
            match deliver_due(&sending, &transports).await {
                Ok(0) => tokio::time::sleep(POLL).await,
                Ok(_) => {}
                Err(err) => {
                    tracing::warn!(%err, "notification sender: database unavailable");
                    tokio::time::sleep(POLL * 4).await;
                }
            }
        }
    })
}

struct Transports {
    mailer: Option<Mailer>,
    /// Why e-mail cannot be sent (a broken setting), for the message's record.
    mailer_error: Option<String>,
    line: Option<LinePusher>,
    /// What guests' mail keys are made from, or why it could not be read.
    link_secret: Result<LinkSecret, String>,
}

impl Transports {
    fn from_sending(sending: &Sending) -> Transports {
        let n = &sending.config.notifications;
        let (mailer, mailer_error) = if n.email.enabled() {
            match Mailer::new(&n.email) {
                Ok(mailer) => (Some(mailer), None),
                Err(err) => {
                    tracing::error!(%err, "e-mail settings unusable; mail waits in the outbox");
                    (None, Some(err))
                }
            }
        } else {
            (None, None)
        };
        let line = n.line.enabled().then(|| LinePusher::new(&n.line));
        let link_secret = LinkSecret::load_or_create(&sending.config.data_dir).map_err(|err| {
            tracing::error!(%err, "the guest link secret is unusable; guests' mail waits in the outbox");
            format!("the guest link secret is unusable: {err}")
        });
        Transports {
            mailer,
            mailer_error,
            line,
            link_secret,
        }
    }
}

/// Sends what is due now; answers how many rows it handled.
async fn deliver_due(sending: &Sending, transports: &Transports) -> Result<usize, String> {
    let store = sending.store.clone();
    let now = crate::activity::now_millis();
    let due = tokio::task::spawn_blocking(move || store.read(|txn| outbox::due(txn, now, BATCH)))
        .await
        .map_err(|err| err.to_string())?
        .map_err(|err| err.to_string())?;
    let count = due.len();
    for message in due {
        let outcome = deliver(sending, transports, &message).await;
        if let Outcome::Retry(err) | Outcome::GiveUp(err) = &outcome {
            tracing::warn!(
                message = message.id,
                event = message.event.as_str(),
                error = %err,
                "notification not sent"
            );
        }
        let (store, retry_secs, id) = (
            sending.store.clone(),
            sending.config.notifications.retry_secs,
            message.id,
        );
        tokio::task::spawn_blocking(move || {
            let now = crate::activity::now_millis();
            store.write(|txn| outbox::record(txn, id, outcome, retry_secs, now))
        })
        .await
        .map_err(|err| err.to_string())?
        .map_err(|err| err.to_string())?;
    }
    Ok(count)
}

fn outcome(result: Result<(), SendError>) -> Outcome {
    match result {
        Ok(()) => Outcome::Sent,
        Err(SendError::Temporary(err)) => Outcome::Retry(err),
        Err(SendError::Permanent(err)) => Outcome::GiveUp(err),
    }
}

async fn deliver(sending: &Sending, transports: &Transports, message: &Message) -> Outcome {
    let order = match message.order_id {
        Some(id) => {
            let store = sending.store.clone();
            match tokio::task::spawn_blocking(move || crate::orders::store::get(&store, id)).await {
                Ok(Ok(order)) => Some(order),
                Ok(Err(crate::orders::store::OrderError::NotFound(_))) => {
                    return Outcome::GiveUp("the order no longer exists".into());
                }
                Ok(Err(err)) => return Outcome::Retry(err.to_string()),
                Err(err) => return Outcome::Retry(err.to_string()),
            }
        }
        None => None,
    };
    let shop = shop_info(sending);
    match message.channel {
        Channel::Email => {
            let Some(mailer) = &transports.mailer else {
                return Outcome::Retry(transports.mailer_error.clone().unwrap_or_else(|| {
                    "e-mail is not configured (notifications.email.smtp_host)".into()
                }));
            };
            let mail = match compose_mail(sending, transports, &shop, message, order).await {
                Ok(mail) => mail,
                Err(outcome) => return outcome,
            };
            outcome(mailer.send(&mail).await)
        }
        Channel::Etax => {
            let Some(mailer) = &transports.mailer else {
                return Outcome::Retry(transports.mailer_error.clone().unwrap_or_else(|| {
                    "e-mail is not configured (notifications.email.smtp_host)".into()
                }));
            };
            let Some(order) = order else {
                return Outcome::GiveUp("an e-Tax mail needs an order".into());
            };
            match super::etax::compose(sending, &shop, message, order).await {
                Ok(mail) => outcome(mailer.send(&mail).await),
                Err(outcome) => outcome,
            }
        }
        Channel::Line => {
            let Some(line) = &transports.line else {
                return Outcome::Retry(
                    "LINE is not configured (notifications.line.channel_access_token)".into(),
                );
            };
            if message.audience == Audience::Shopper {
                let Some(order) = order else {
                    return Outcome::GiveUp("an order update needs an order".into());
                };
                let content = sending.content.current();
                let Some(text) = super::line_updates::shopper_text(
                    &content.messages(message.lang).value,
                    message.event,
                    message.lang,
                    &order,
                    &sending.config.public_url,
                ) else {
                    return Outcome::GiveUp("no LINE words for this update".into());
                };
                return outcome(line.push_to(&message.to, &text, &message.key).await);
            }
            let Some(order) = order else {
                let content = sending.content.current();
                if let Some(text) = templates::shop_notice_line(
                    message.event,
                    &content.words(message.lang),
                    message.note.as_deref(),
                ) {
                    return outcome(line.push(&text, &message.key).await);
                }
                return Outcome::GiveUp("a LINE alert needs an order".into());
            };
            let content = sending.content.current();
            let text = templates::line_text(message.event, &content.words(message.lang), &order);
            outcome(line.push(&text, &message.key).await)
        }
    }
}

async fn compose_mail(
    sending: &Sending,
    transports: &Transports,
    shop: &ShopInfo,
    message: &Message,
    order: Option<Order>,
) -> Result<OutgoingMail, Outcome> {
    let mut unsubscribe = None;
    let (to, rendered) = match message.audience {
        Audience::Shopper => {
            if let Some(order) = &order {
                let (store, checked) = (sending.store.clone(), order.clone());
                let off = tokio::task::spawn_blocking(move || {
                    super::unsubscribe::is_off(&store, &checked)
                })
                .await
                .map_err(|err| Outcome::Retry(err.to_string()))?
                .map_err(|err| Outcome::Retry(err.to_string()))?;
                if off {
                    return Err(Outcome::GiveUp(
                        "the shopper turned order mail off (the link in an earlier mail)".into(),
                    ));
                }
                if let Ok(secret) = &transports.link_secret {
                    unsubscribe = Some(super::unsubscribe::url(
                        &shop.public_url,
                        secret,
                        super::unsubscribe::Subject::of(order),
                        message.lang,
                    ));
                }
            }
            let link = guest_link(sending, transports, message, order.as_ref()).await?;
            let content = sending.content.current();
            (
                message.to.clone(),
                templates::shopper_mail_at(
                    message.event,
                    &content.words(message.lang),
                    shop,
                    order.as_ref(),
                    message.note.as_deref(),
                    link.as_deref(),
                    unsubscribe.as_deref(),
                ),
            )
        }
        Audience::Shop => {
            let content = sending.content.current();
            let w = content.words(message.lang);
            let rendered = match &order {
                Some(order) => templates::shop_mail(message.event, &w, shop, order),
                None => {
                    templates::shop_notice_mail(message.event, &w, shop, message.note.as_deref())
                        .ok_or_else(|| Outcome::GiveUp("a shop alert needs an order".into()))?
                }
            };
            (sending.config.notifications.email.shop_to.clone(), rendered)
        }
    };
    if to.trim().is_empty() {
        return Err(Outcome::GiveUp("no address to send to".into()));
    }
    let attachments = match (message.audience, order) {
        (Audience::Shopper, Some(order)) => {
            let (store, event) = (sending.store.clone(), message.event);
            let etax = sending.config.etax.enabled;
            tokio::task::spawn_blocking(move || documents_for(&store, event, &order, etax))
                .await
                .map_err(|err| Outcome::Retry(err.to_string()))?
                .map_err(Outcome::Retry)?
        }
        _ => Vec::new(),
    };
    Ok(OutgoingMail {
        to,
        cc: Vec::new(),
        rendered,
        attachments,
        message_id: format!("{}.{}", message.key.replace(':', "."), message.id),
        unsubscribe,
    })
}

/// A guest's mail: the link with the key this message's nonce makes, registered with the order
/// before the mail leaves. The same nonce makes the same key on every try, so registering is
/// done once; a crash between it and the send leaves only a key that nobody received.
async fn guest_link(
    sending: &Sending,
    transports: &Transports,
    message: &Message,
    order: Option<&Order>,
) -> Result<Option<String>, Outcome> {
    let (Some(nonce), Some(order)) = (&message.nonce, order) else {
        return Ok(None);
    };
    if !order.is_guest() {
        return Ok(None);
    }
    let secret = transports
        .link_secret
        .as_ref()
        .map_err(|err| Outcome::Retry(err.clone()))?;
    let key = secret.mail_key(order.id, nonce);
    let (store, id, armed) = (sending.store.clone(), order.id, key.clone());
    tokio::task::spawn_blocking(move || {
        store.write(|txn| crate::orders::guest::arm(txn, id, &armed))
    })
    .await
    .map_err(|err| Outcome::Retry(err.to_string()))?
    .map_err(|err| Outcome::Retry(err.to_string()))?;
    Ok(Some(guest_order_path(order, &key)))
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

/// The PDFs a shopper's mail carries: the receipt and tax invoice with the payment, the
/// credit note with the cancellation of an invoiced order. Drawn from the prints frozen when
/// they were issued, so the mail carries the documents as issued. With e-Tax Invoice by Email
/// on (`etax`), the tax invoice and credit note travel in their own mail instead (`etax`), so
/// the buyer holds one copy of each: the time-stamped one.
fn documents_for(
    store: &crate::store::Store,
    event: Event,
    order: &Order,
    etax: bool,
) -> Result<Vec<Attachment>, String> {
    use crate::documents::{DocumentKind, issued};
    let kinds: &[DocumentKind] = match event {
        Event::OrderPaid => &[DocumentKind::Receipt, DocumentKind::TaxInvoice],
        Event::OrderCancelled => &[DocumentKind::CreditNote],
        _ => &[],
    };
    let mut out = Vec::new();
    for &kind in kinds {
        if etax && crate::documents::etax::is_etax(kind) {
            continue;
        }
        let bytes = issued::pdf(store, order, kind).map_err(|err| err.to_string())?;
        if let (Some(file_name), Some(bytes)) = (kind.file_name(order), bytes) {
            out.push(Attachment {
                file_name,
                content_type: "application/pdf".into(),
                bytes,
            });
        }
    }
    Ok(out)
}

/// The shop as its mail signs: the name and the contact the owner set in the staff area (or
/// the configuration's, until saved).
pub(crate) fn shop_info(sending: &Sending) -> ShopInfo {
    super::preview::shop_info(&sending.config, &sending.content.current())
}
