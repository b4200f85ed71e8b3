//! Orders as stored and shown, their statuses and the moves between them (DESIGN.md §6).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::model::{Address, VatInfo};
use crate::content::model::Localized;
use crate::pricing::{Quote, Satang};

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
    pub id: u64,
    pub number: String,
    pub user_id: u64,
    pub status: Status,
    /// Unix milliseconds.
    pub created_at: u64,
    pub lang: String,
    pub lines: Vec<OrderLine>,
    pub item_count: u32,
    /// The quote the order was placed with, as the server computed it.
    pub quote: Quote,
    pub total: Satang,
    pub coupon: Option<String>,
    /// Whole coins spent.
    pub coins_used: i64,
    pub address: Address,
    pub vat_info: Option<VatInfo>,
    pub payment: Payment,
    pub history: Vec<StatusChange>,
    pub review: Option<Review>,
    /// Coins awarded when the order was delivered.
    #[serde(default)]
    pub coins_earned: i64,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kcard: String,
}

impl Order {
    pub fn number_for(id: u64) -> String {
        format!("K{id:06}")
    }

    pub fn needs_review(&self) -> bool {
        self.status == Status::Delivered && self.review.is_none()
    }
}

/// Idempotency keys: what a browser can make with `crypto.randomUUID()` and similar.
pub fn valid_idempotency_key(key: &str) -> bool {
    (8..=100).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
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

    #[test]
    fn idempotency_keys_are_short_and_plain() {
        assert!(valid_idempotency_key(
            "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
        ));
        for bad in [
            "",
            "short",
            "has space in it",
            "semi;colon-key",
            &"x".repeat(101),
        ] {
            assert!(!valid_idempotency_key(bad), "{bad}");
        }
    }
}
