//! Orders as stored and shown, their statuses and the moves between them (docs/STOREFRONT.md §4).

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

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    #[default]
    Promptpay,
    BankTransfer,
    /// Credit or debit card through 2C2P's payment page.
    #[serde(rename = "card_2c2p")]
    Card2c2p,
}

impl PaymentMethod {
    pub fn parse(text: &str) -> Option<PaymentMethod> {
        match text {
            "promptpay" => Some(PaymentMethod::Promptpay),
            "bank_transfer" => Some(PaymentMethod::BankTransfer),
            "card_2c2p" => Some(PaymentMethod::Card2c2p),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Promptpay => "promptpay",
            PaymentMethod::BankTransfer => "bank_transfer",
            PaymentMethod::Card2c2p => "card_2c2p",
        }
    }
}

/// Where the money of an order is: waiting, received, a card attempt that failed (the order
/// still waits), or to be given back after a cancellation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum PaymentStatus {
    #[default]
    Pending,
    Paid,
    Failed,
    RefundDue,
    Refunded,
}

/// How one card payment attempt ended so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum AttemptStatus {
    /// Sent to the payment page; no verified result yet (or 2C2P's `001`).
    #[default]
    Pending,
    Paid,
    /// Rejected or an error (`002`, `999`).
    Failed,
    /// The shopper cancelled on the payment page (`003`).
    Cancelled,
}

/// The form the shopper's browser posts to the payment provider: every field, signature
/// included (never the signing key).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
pub struct Redirect {
    pub url: String,
    pub fields: std::collections::BTreeMap<String, String>,
}

/// One card payment attempt: a 2C2P `order_id` of its own, so a retry is a new attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct CardAttempt {
    /// The `order_id` 2C2P knows this attempt by (at most 20 characters).
    pub id: String,
    /// The shop's name of the merchant account used, and its 2C2P merchant id.
    pub merchant: String,
    pub merchant_id: String,
    pub amount: Satang,
    /// Unix milliseconds.
    pub created_at: u64,
    pub status: AttemptStatus,
    /// The last verified `payment_status` (`000`, `001`, `002`, `003`, `999`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transaction_ref: Option<String>,
    /// When the shopper's browser came back, and when the server notification was applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notified_at: Option<u64>,
    /// Answers received for this attempt, verified or not, up to the limits in
    /// `payments::attempts` (a refused answer is kept as a digest, never as it came).
    #[serde(default)]
    pub notices: Vec<PaymentNotice>,
    /// Answers received over those limits: counted, not kept.
    #[serde(default)]
    pub answers_not_kept: u32,
}

/// One answer from the payment provider as it came.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct PaymentNotice {
    /// Unix milliseconds.
    pub at: u64,
    /// `notify` (server to server) or `return` (the shopper's browser).
    pub channel: String,
    pub verified: bool,
    /// What the shop did: `applied`, `duplicate`, `recorded`, or the refusal code.
    pub verdict: String,
    #[serde(default)]
    pub payment_status: String,
    /// The signed fields of a verified answer (staff only; empty in the shopper's view and for
    /// a refused answer, whose fields are nobody's word).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub fields: std::collections::BTreeMap<String, String>,
    /// The first 16 hex digits of the SHA-256 of the body as it came, and its size in bytes:
    /// enough to tell answers apart without keeping what a stranger posted.
    #[serde(default)]
    pub digest: String,
    #[serde(default)]
    pub bytes: u64,
}

/// Money received for an order beyond the one payment it needed (a second card attempt paid,
/// or a card payment after staff had confirmed another), owed back until staff record its
/// refund.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExtraPayment {
    pub amount: Satang,
    /// How it came: `card_2c2p`.
    pub method: PaymentMethod,
    /// The provider's reference: the card attempt and its transaction.
    pub reference: String,
    /// Unix milliseconds.
    pub received_at: u64,
    /// The reference of the refund staff made, once made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund_reference: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refunded_at: Option<u64>,
}

/// How to pay this order, fixed when it was placed (a later change of the shop's account does
/// not change what the shopper was told).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
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
    /// Orders placed before payments were tracked read as `pending`.
    #[serde(default)]
    pub status: PaymentStatus,
    /// Card payment attempts, oldest first.
    #[serde(default)]
    pub attempts: Vec<CardAttempt>,
    /// The card payment form of the open attempt, while the order waits for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect: Option<Redirect>,
    /// Slips the shopper uploaded for a PromptPay or bank transfer payment, oldest first.
    #[serde(default)]
    pub proofs: Vec<PaymentProof>,
    /// The reference of the refund staff made for a `refund_due` order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund_reference: Option<String>,
    /// Payments received beyond the first, oldest first; each owed back until refunded.
    #[serde(default)]
    pub extra_payments: Vec<ExtraPayment>,
    /// Whether the shop owes the shopper money back: the order's payment (`status` is
    /// `refund_due`) or an extra payment not refunded yet. Kept by
    /// `orders::store::note_refund_state` whenever the money of the order changes.
    #[serde(default)]
    pub refund_due: bool,
    /// When an unpaid order is cancelled if still unpaid (unix milliseconds, from
    /// `unpaid_order_expiry_hours`); set in answers only, absent when orders never expire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pay_by: Option<u64>,
}

impl Payment {
    /// Whether money came in for the order already: it was paid, even if cancelled or refunded
    /// since.
    pub fn money_received(&self) -> bool {
        matches!(
            self.status,
            PaymentStatus::Paid | PaymentStatus::RefundDue | PaymentStatus::Refunded
        )
    }

    /// Whether the shop owes the shopper money back (see [`Payment::refund_due`]).
    pub fn owes_refund(&self) -> bool {
        self.status == PaymentStatus::RefundDue
            || self
                .extra_payments
                .iter()
                .any(|extra| extra.refund_reference.is_none())
    }
}

/// What staff decided about an uploaded slip.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
pub enum ProofStatus {
    #[default]
    Pending,
    Accepted,
    Rejected,
}

/// One slip image (a photo or screenshot of the transfer), stored cleaned under
/// `<data_dir>/files/proofs/<order id>/`, shown only to the shopper and staff.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct PaymentProof {
    /// Where to fetch it: `/api/app/order/<id>/proof/<hash>.<ext>` (owner or staff, with the
    /// bearer token).
    pub file: String,
    /// The hash of the stored image; the same hash on two orders is flagged.
    pub hash: String,
    /// Unix milliseconds.
    pub uploaded_at: u64,
    #[serde(default)]
    pub status: ProofStatus,
    /// Why staff rejected it (shown to the shopper).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The number of another order that already used the same slip (staff only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duplicate_of: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct BankAccount {
    pub bank_name: String,
    pub account_name: String,
    pub account_number: String,
}

/// A line as bought: name, choice, picture and price are copied so the order never changes
/// when the catalogue does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    /// The variant's code (docs/VARIANTS.md §3): what the stock was taken from.
    pub code: String,
    /// The product the variant belongs to; absent on orders placed before variants, whose
    /// `code` is the product's (see [`OrderLine::product_code`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub product_code: Option<String>,
    /// The product's name.
    pub name: Localized,
    /// The chosen option values per language joined by " / " ("Grey / 6 ft"); absent for a
    /// product without options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub choice: Option<Localized>,
    pub qty: u32,
    pub unit_price: Satang,
    /// The promotion discount of the whole line.
    pub discount: Satang,
    #[serde(default)]
    pub image: Option<String>,
}

impl OrderLine {
    /// The code of the product the line's variant belongs to: reviews, ratings, promotions
    /// and sales per product count by it.
    pub fn product_code(&self) -> &str {
        self.product_code.as_deref().unwrap_or(&self.code)
    }

    /// The line as every document, message and export shows it: the product's name, then the
    /// choice, in `lang` (English where a translation is missing): "Sofa — Grey / 6 ft".
    pub fn title(&self, lang: Locale) -> String {
        let name = self.name.get(lang);
        match self
            .choice
            .as_ref()
            .map(|c| c.get(lang))
            .filter(|c| !c.trim().is_empty())
        {
            Some(choice) => format!("{name} — {choice}"),
            None => name.to_string(),
        }
    }
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
    /// Where order mail goes (the account's address, or the one given at checkout); empty
    /// sends none.
    #[serde(default)]
    pub email: String,
    /// The numbered money documents issued for the order.
    #[serde(default)]
    pub documents: OrderDocuments,
    /// Who to reach about an order placed without an account (`userId` 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub contact: Option<super::guest::Contact>,
}

impl Order {
    /// Whom the order's coupon use counted for: its account, or the guest's contact.
    pub fn coupon_shopper(&self) -> crate::pricing::store::Shopper<'_> {
        use crate::pricing::store::Shopper;
        match &self.contact {
            Some(contact) if self.user_id == super::guest::GUEST => contact.shopper(),
            _ => Shopper::Account(self.user_id),
        }
    }
}

/// Numbers of the documents that must never be renumbered: the full tax invoice, issued in
/// the payment's transaction when the order carries `vatInfo`, and the credit note that
/// reverses it when a paid order is cancelled.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct OrderDocuments {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tax_invoice: Option<IssuedDocument>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub credit_note: Option<IssuedDocument>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct IssuedDocument {
    /// `INV-000001` or `CN-000001`: one gapless series each.
    pub number: String,
    /// Unix milliseconds.
    pub issued_at: u64,
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
        for proof in &mut self.payment.proofs {
            proof.duplicate_of = None;
        }
        for attempt in &mut self.payment.attempts {
            for notice in &mut attempt.notices {
                notice.fields.clear();
            }
        }
        self
    }

    /// The order with its payment deadline filled in while it waits for payment.
    pub fn with_deadline(mut self, expiry_hours: u32) -> Order {
        self.payment.pay_by = (self.status == Status::PendingPayment && expiry_hours > 0)
            .then(|| self.created_at + u64::from(expiry_hours) * 3_600_000);
        self
    }

    /// Placed without an account and not taken over by one yet.
    pub fn is_guest(&self) -> bool {
        self.user_id == super::guest::GUEST
    }

    /// What the outbox needs to know of the order to write the messages of its events.
    pub fn outbox_facts(&self) -> crate::outbox::OrderFacts<'_> {
        crate::outbox::OrderFacts {
            id: self.id,
            email: &self.email,
            account: (!self.is_guest()).then_some(self.user_id),
            lang: self.lang,
            proofs: self.payment.proofs.len(),
            line_to: None,
        }
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
    fn a_line_from_before_variants_is_its_own_product_and_shows_its_name_alone() {
        let old = serde_json::json!({"code": "SF-1001", "name": {"en": "Sofa", "th": "โซฟา"},
                                     "qty": 1, "unitPrice": 100, "discount": 0, "image": null});
        let line: OrderLine = serde_json::from_value(old.clone()).unwrap();
        assert_eq!(line.product_code(), "SF-1001");
        assert_eq!(line.title(Locale::Th), "โซฟา");
        assert_eq!(
            line.title(Locale::Km),
            "Sofa",
            "English where a language has none"
        );
        let again = serde_json::to_value(&line).unwrap();
        assert!(again.get("productCode").is_none() && again.get("choice").is_none());
    }

    #[test]
    fn a_variant_line_names_its_product_and_shows_the_choice() {
        let line: OrderLine = serde_json::from_value(serde_json::json!({
            "code": "SF-1001-GRY-3", "productCode": "SF-1001",
            "name": {"en": "Sofa", "th": "โซฟา"},
            "choice": {"en": "Grey / 6 ft", "th": "เทา / 6 ฟุต"},
            "qty": 1, "unitPrice": 100, "discount": 0}))
        .unwrap();
        assert_eq!(line.product_code(), "SF-1001");
        assert_eq!(line.title(Locale::Th), "โซฟา — เทา / 6 ฟุต");
        assert_eq!(line.title(Locale::Id), "Sofa — Grey / 6 ft");
        let again = serde_json::to_value(&line).unwrap();
        assert_eq!(again["productCode"], "SF-1001");
        assert_eq!(again["choice"]["th"], "เทา / 6 ฟุต");
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
