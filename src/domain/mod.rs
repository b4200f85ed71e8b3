//! Small value types shared by every domain: money, ids, keys, the rule for stored free text,
//! the rule for an e-mail address and the rule for the cells of the CSV files the shop
//! writes. Each is parsed once at the edge (`parse`, or serde with the same rules) so that
//! code past the edge works with values known to be good, and each is `#[serde(transparent)]`, so the JSON is the bare number or
//! string it always was.

pub mod email_address;
pub mod html;
pub mod html_to_markdown;
mod idempotency;
mod ids;
mod money;
pub mod promptpay;
pub mod shop_day;
pub mod spreadsheet;
pub mod tax_id;
pub mod text;

pub use idempotency::IdempotencyKey;
pub use ids::{OrderId, UserId};
pub use money::{Coins, Satang};
