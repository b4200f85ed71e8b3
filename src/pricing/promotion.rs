//! Promotions and the rule for when one applies to a product ([`applies`]).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::{Discount, Line};

/// A promotion rule (docs/STOREFRONT.md §3 "Promotion rule") with the discount it gives per unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Promotion {
    /// Made by the server when a new promotion is sent without one.
    #[serde(default)]
    pub id: String,
    /// What staff call it ("15 % off outdoor furniture, Thai shoppers only").
    #[serde(default)]
    #[ts(as = "Option<String>", optional)]
    pub name: String,
    /// On (`display`, docs/STOREFRONT.md §3): off promotions never apply (staff deactivate, never
    /// delete).
    pub display: bool,
    /// The language the promotion runs in; empty for every language.
    #[serde(default)]
    pub lang: String,
    #[serde(default)]
    pub prod_inc: Vec<String>,
    #[serde(default)]
    pub prod_exc: Vec<String>,
    #[serde(default)]
    pub room_inc: Vec<String>,
    #[serde(default)]
    pub room_exc: Vec<String>,
    #[serde(default)]
    pub cat_inc: Vec<String>,
    #[serde(default)]
    pub cat_exc: Vec<String>,
    /// Not for orders that already hold discounted (on-sale) products.
    #[serde(default)]
    pub no_prod_dis: bool,
    pub discount: Discount,
    /// Unix seconds: runs from `startsAt` (if set) until before `endsAt` (if set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub starts_at: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ends_at: Option<i64>,
}

impl Promotion {
    /// Whether the promotion's dates include `now` (unix seconds).
    pub fn runs_at(&self, now: i64) -> bool {
        self.starts_at.is_none_or(|s| s <= now) && self.ends_at.is_none_or(|e| now < e)
    }
}

/// A promotion applies when it is displayed; for this language; product, room and category in their include
/// lists (or the list is empty) and not in their exclude lists; and not a `noProdDis` rule
/// while the order has a positive count of discounted products.
pub fn applies(promotion: &Promotion, line: &Line, lang: &str, discounted_in_order: usize) -> bool {
    let included =
        |inc: &[String], keys: &[String]| inc.is_empty() || keys.iter().any(|k| inc.contains(k));
    let excluded = |exc: &[String], keys: &[String]| keys.iter().any(|k| exc.contains(k));
    let code = std::slice::from_ref(&line.code);
    promotion.display
        && (promotion.lang.is_empty() || promotion.lang == lang)
        && included(&promotion.prod_inc, code)
        && !excluded(&promotion.prod_exc, code)
        && included(&promotion.room_inc, &line.rooms)
        && !excluded(&promotion.room_exc, &line.rooms)
        && included(&promotion.cat_inc, &line.categories)
        && !excluded(&promotion.cat_exc, &line.categories)
        && !(promotion.no_prod_dis && discounted_in_order > 0)
}
