//! The mail of e-Tax Invoice by Email: one issued tax document (the tax invoice of a payment,
//! the credit note of a cancellation) as a PDF/A-3 attachment, to the buyer, with the time-stamp
//! mailbox the message was written with in copy. The document is drawn from its frozen print
//! when sent (`documents::etax`), so every try carries the same bytes; the subject names the
//! document and its number, and nothing else rides along (docs/DOCUMENTS.md, "e-Tax Invoice by
//! Email").

use super::Sending;
use super::email::{Attachment, OutgoingMail};
use super::templates::{Rendered, ShopInfo};
use crate::documents::{DocumentError, DocumentKind, etax};
use crate::domain::html::escape;
use crate::orders::model::Order;
use crate::outbox::{Event, Message, Outcome};

/// The tax document an e-Tax message carries.
fn kind_of(event: Event) -> Option<DocumentKind> {
    match event {
        Event::OrderPaid => Some(DocumentKind::TaxInvoice),
        Event::OrderCancelled => Some(DocumentKind::CreditNote),
        _ => None,
    }
}

/// Puts the e-Tax mail of `message` together, or says why it cannot go (now, or ever).
pub(super) async fn compose(
    sending: &Sending,
    shop: &ShopInfo,
    message: &Message,
    order: Order,
) -> Result<OutgoingMail, Outcome> {
    let kind = kind_of(message.event).ok_or_else(|| {
        Outcome::GiveUp("an e-Tax mail carries a tax invoice or credit note".into())
    })?;
    let cc = message
        .cc
        .clone()
        .filter(|cc| !cc.trim().is_empty())
        .ok_or_else(|| Outcome::GiveUp("an e-Tax mail needs its time-stamp copy address".into()))?;
    if message.to.trim().is_empty() {
        return Err(Outcome::GiveUp("no buyer address to send to".into()));
    }
    let store = sending.store.clone();
    let (pdf, order) =
        tokio::task::spawn_blocking(move || (etax::pdf(&store, &order, kind), order))
            .await
            .map_err(|err| Outcome::Retry(err.to_string()))?;
    let bytes = match pdf {
        Ok(Some(bytes)) => bytes,
        Ok(None) => {
            return Err(Outcome::GiveUp(format!(
                "order {} has no {}",
                order.number,
                kind.what()
            )));
        }
        // Not PDF/A-3b (a character the fonts lack): trying again draws the same file.
        Err(DocumentError::Render(err)) => return Err(Outcome::GiveUp(err)),
        Err(err) => return Err(Outcome::Retry(err.to_string())),
    };
    if bytes.len() > etax::MAX_ATTACHMENT_BYTES {
        return Err(Outcome::GiveUp(format!(
            "the {} is {} bytes, over the {} bytes an e-Tax mail may carry",
            kind.what(),
            bytes.len(),
            etax::MAX_ATTACHMENT_BYTES
        )));
    }
    let (Some(subject), Some(file_name)) =
        (etax::subject(&order, kind), etax::file_name(&order, kind))
    else {
        return Err(Outcome::GiveUp(format!(
            "order {} has no {}",
            order.number,
            kind.what()
        )));
    };
    Ok(OutgoingMail {
        to: message.to.clone(),
        cc: vec![cc],
        rendered: body(shop, &order, kind, subject),
        attachments: vec![Attachment {
            file_name,
            content_type: "application/pdf".into(),
            bytes,
        }],
        message_id: format!("{}.{}", message.key.replace(':', "."), message.id),
        unsubscribe: None,
    })
}

/// A short bilingual note: which document is attached, for which order, from whom.
fn body(shop: &ShopInfo, order: &Order, kind: DocumentKind, subject: String) -> Rendered {
    let (thai, english) = match kind {
        DocumentKind::CreditNote => (
            "ใบลดหนี้อิเล็กทรอนิกส์ของคำสั่งซื้อ",
            "The electronic credit note of order",
        ),
        _ => (
            "ใบกำกับภาษีอิเล็กทรอนิกส์ของคำสั่งซื้อ",
            "The electronic tax invoice of order",
        ),
    };
    let lines = [
        format!("{thai} {} แนบมากับอีเมลนี้ (PDF/A-3)", order.number),
        format!("{english} {} is attached (PDF/A-3).", order.number),
        shop.name.clone(),
    ];
    let text = lines.join("\n\n") + "\n";
    let html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif;color:#2b2b2b\">{}</body></html>",
        lines
            .iter()
            .map(|line| format!("<p>{}</p>", escape(line)))
            .collect::<String>()
    );
    Rendered {
        subject,
        text,
        html,
    }
}
