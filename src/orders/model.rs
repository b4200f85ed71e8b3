//! Orders as stored and shown, their statuses and the moves between them (DESIGN.md §6).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::model::{Address, VatInfo};
use crate::content::model::Localized;
use crate::domain::{Coins, OrderId, Satang, UserId};
use crate::i18n::Locale;
use crate::pricing::Quote;

/// Where an order is in its life. Only [`Status::can_move_to`] decides what may follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[schema(as = OrderStatus)]
#[ts(rename = "OrderStatus")]
pub enum Status {
    PendingPayment,
    Paid,
    Preparing,
    Shipped,
    Delivered,
    Cancelled,
}

impl Status {
    pub const ALL: [Status; 6] = [
        Status::PendingPayment,
        Status::Paid,
        Status::Preparing,
        Status::Shipped,
        Status::Delivered,
        Status::Cancelled,
    ];

    /// `pending_payment → paid → preparing → shipped → delivered`; cancelling is possible until
    /// the goods leave the shop.
    pub fn can_move_to(self, next: Status) -> bool {
        use Status::*;
        matches!(
            (self, next),
            (PendingPayment, Paid)
                | (Paid, Preparing)
                | (Preparing, Shipped)
                | (Shipped, Delivered)
                | (PendingPayment | Paid | Preparing, Cancelled)
        )
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::PendingPayment => "pending_payment",
            Status::Paid => "paid",
            Status::Preparing => "preparing",
            Status::Shipped => "shipped",
            Status::Delivered => "delivered",
            Status::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Promptpay,
    BankTransfer,
}

impl PaymentMethod {
    pub fn parse(text: &str) -> Option<PaymentMethod> {
        match text {
            "promptpay" => Some(PaymentMethod::Promptpay),
            "bank_transfer" => Some(PaymentMethod::BankTransfer),
            _ => None,
        }
    }
}

/// How to pay this order, fixed when it was placed (a later change of the shop's account does
/// not change what the shopper was told).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    pub method: PaymentMethod,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promptpay_id: Option<String>,
    /// The EMVCo payload for the exact amount; the UI draws it as a QR code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promptpay_payload: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<BankAccount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct BankAccount {
    pub bank_name: String,
    pub account_name: String,
    pub account_number: String,
}

/// A line as bought: name, picture and price are copied so the order never changes when the
/// catalogue does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub code: String,
    pub name: Localized,
    pub qty: u32,
    pub unit_price: Satang,
    /// The promotion discount of the whole line.
    pub discount: Satang,
    #[serde(default)]
    pub image: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct StatusChange {
    pub status: Status,
    /// Unix milliseconds.
    pub at: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub rating: u8,
    pub comment: String,
    pub at: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: OrderId,
    pub number: String,
    pub user_id: UserId,
    pub status: Status,
    /// Unix milliseconds.
    pub created_at: u64,
    pub lang: Locale,
    pub lines: Vec<OrderLine>,
    pub item_count: u32,
    /// The quote the order was placed with, as the server computed it.
    pub quote: Quote,
    pub total: Satang,
    pub coupon: Option<String>,
    /// Whole coins spent.
    pub coins_used: Coins,
    pub address: Address,
    pub vat_info: Option<VatInfo>,
    pub payment: Payment,
    pub history: Vec<StatusChange>,
    pub review: Option<Review>,
    /// Coins awarded when the order was delivered.
    #[serde(default)]
    pub coins_earned: Coins,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kcard: String,
    /// Carrier and tracking, set when the order ships.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipment: Option<Shipment>,
    /// The staff member's note on the payment (bank reference, slip number), when confirmed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_reference: Option<String>,
    /// Why the order was cancelled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancel_reason: Option<String>,
    /// Internal notes: staff only, never shown to the shopper.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
}

/// How a shipped order travels: a carrier from the `carrier` code table and its tracking
/// number; `url` is the carrier's public tracking page for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Shipment {
    pub carrier: String,
    pub tracking: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// A staff note on an order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    /// Unix milliseconds.
    pub at: u64,
    pub author: String,
    pub text: String,
}

/// The carriers staff can choose when shipping (keys of the `carrier` code table), with the
/// public tracking page of each; `{}` stands for the tracking number.
pub const CARRIERS: &[(&str, Option<&str>)] = &[
    (
        "kerry",
        Some("https://th.kerryexpress.com/en/track/?track={}"),
    ),
    (
        "flash",
        Some("https://www.flashexpress.co.th/fle/tracking?se={}"),
    ),
    (
        "thaipost",
        Some("https://track.thailandpost.co.th/?trackNumber={}"),
    ),
    (
        "jt",
        Some("https://www.jtexpress.co.th/service/track?billcode={}"),
    ),
    (
        "dhl",
        Some("https://www.dhl.com/th-en/home/tracking.html?tracking-id={}"),
    ),
    ("own", None),
];

impl Shipment {
    /// A shipment with a known carrier and a plain tracking number (letters, digits, `-`).
    pub fn new(carrier: &str, tracking: &str) -> Result<Shipment, String> {
        let carrier = carrier.trim().to_lowercase();
        let Some((_, template)) = CARRIERS.iter().find(|(key, _)| *key == carrier) else {
            let known: Vec<&str> = CARRIERS.iter().map(|(key, _)| *key).collect();
            return Err(format!("carrier: must be one of {}", known.join(", ")));
        };
        let tracking = tracking.trim();
        let plain = (1..=40).contains(&tracking.len())
            && tracking
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !plain {
            return Err("tracking: must be 1 to 40 letters, digits or -".into());
        }
        Ok(Shipment {
            url: template.map(|t| t.replace("{}", tracking)),
            carrier,
            tracking: tracking.into(),
        })
    }
}

impl Order {
    pub fn number_for(id: OrderId) -> String {
        format!("K{:06}", id.get())
    }

    /// The order as its shopper may see it: staff notes are internal.
    pub fn for_shopper(mut self) -> Order {
        self.notes.clear();
        self
    }

    pub fn needs_review(&self) -> bool {
        self.status == Status::Delivered && self.review.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_documented_moves_are_allowed() {
        use Status::*;
        let allowed: Vec<(Status, Status)> = Status::ALL
            .into_iter()
            .flat_map(|from| Status::ALL.into_iter().map(move |to| (from, to)))
            .filter(|(from, to)| from.can_move_to(*to))
            .collect();
        assert_eq!(
            allowed,
            vec![
                (PendingPayment, Paid),
                (PendingPayment, Cancelled),
                (Paid, Preparing),
                (Paid, Cancelled),
                (Preparing, Shipped),
                (Preparing, Cancelled),
                (Shipped, Delivered),
            ]
        );
    }

    #[test]
    fn statuses_read_back_from_their_names() {
        for status in Status::ALL {
            assert_eq!(Status::parse(status.as_str()), Some(status));
            assert_eq!(
                serde_json::to_value(status).unwrap(),
                serde_json::json!(status.as_str())
            );
        }
        assert_eq!(Status::parse("lost"), None);
    }
}
