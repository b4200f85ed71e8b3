//! Orders as stored and shown, their statuses and the moves between them (DESIGN.md §6).

use serde::{Deserialize, Serialize};

use crate::accounts::model::{Address, VatInfo};
use crate::content::model::Localized;
use crate::domain::{Coins, OrderId, Satang, UserId};
use crate::i18n::Locale;
use crate::pricing::Quote;

/// Where an order is in its life. Only [`Status::can_move_to`] decides what may follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BankAccount {
    pub bank_name: String,
    pub account_name: String,
    pub account_number: String,
}

/// A line as bought: name, picture and price are copied so the order never changes when the
/// catalogue does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatusChange {
    pub status: Status,
    /// Unix milliseconds.
    pub at: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub rating: u8,
    pub comment: String,
    pub at: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
}

impl Order {
    pub fn number_for(id: OrderId) -> String {
        format!("K{:06}", id.get())
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
