//! Prices, computed only on the server: line prices → promotions (`promotion`) → coupon →
//! shipping → coins, with 7 % VAT included in the total. Pure functions over integer satang.
//!
//! Rounding, written down once: percentage discounts are rounded down to the satang (a
//! discount never exceeds what it says); coins are whole baht and never exceed what is left to
//! pay; the VAT shown is the VAT contained in the total, `total × 7 / 107`, rounded half up.

pub mod edit;
pub mod promotion;
pub mod store;
pub mod taxonomy_use;

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

pub use promotion::{Promotion, applies};

pub use crate::domain::{Coins, Satang};

/// VAT rate in percent, included in every price.
pub const VAT_PERCENT: i64 = 7;

/// A cart line as pricing sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The **product's** code, also for a line holding one of its variants: promotions that
    /// name products apply to every variant of the product (docs/VARIANTS.md §3).
    pub code: String,
    pub qty: u32,
    pub unit_price: Satang,
    pub rooms: Vec<String>,
    pub categories: Vec<String>,
    /// Already on sale (has a compare-at price): counts for the `noProdDis` rule of
    /// docs/STOREFRONT.md §5.
    pub discounted: bool,
}

impl Line {
    /// A product in the cart, priced from the catalogue (never from the browser).
    pub fn of(product: &crate::catalog::model::Product, qty: u32) -> Line {
        Line {
            code: product.code.clone(),
            qty,
            unit_price: product.price,
            rooms: product.rooms.clone(),
            categories: product.categories.clone(),
            discounted: product.compare_at_price.is_some(),
        }
    }
}

/// A discount: `{"kind":"percent","value":10}` or `{"kind":"amount","value":50000}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Discount {
    /// Whole percent, 1–100.
    Percent(u32),
    /// Satang off (per unit for promotions, per order for coupons).
    Amount(Satang),
}

/// A coupon as the shop defined it, with what has been used of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Coupon {
    pub code: String,
    /// Shown in the header's coupon label while valid.
    #[serde(default)]
    pub display: bool,
    pub discount: Discount,
    /// The order value (after promotions) needed, in satang.
    pub min_spend: Satang,
    /// Unix seconds; the coupon is valid from `starts_at` until before `ends_at`. A new
    /// coupon may leave them out: it starts now and runs 30 days (`edit::NEW_COUPON_DAYS`).
    #[serde(default)]
    pub starts_at: i64,
    #[serde(default)]
    pub ends_at: i64,
    /// How often it can be used in all (0 = no limit) and per shopper (0 = no limit).
    pub usage_limit: u32,
    pub per_user_limit: u32,
    /// Off: refused by the quote and hidden from the header (staff deactivate, never delete).
    #[serde(default = "yes")]
    #[ts(as = "Option<bool>", optional)]
    pub active: bool,
}

fn yes() -> bool {
    true
}

/// Uses so far, read in the same transaction as the order that would add one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CouponUses {
    pub total: u32,
    pub by_this_user: u32,
}

/// Flat-rate shipping, free from a threshold (both in satang).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Shipping {
    pub flat_rate: Satang,
    pub free_over: Satang,
}

impl Shipping {
    /// The terms staff saved in the site settings (`content` stands below pricing and knows
    /// nothing of quotes, so the conversion lives here).
    pub fn from_settings(terms: crate::content::settings::ShippingTerms) -> Shipping {
        Shipping {
            flat_rate: terms.flat_rate,
            free_over: terms.free_over,
        }
    }
}

pub struct QuoteRequest<'a> {
    pub lines: &'a [Line],
    /// The shopper's language: promotions can be limited to one.
    pub lang: &'a str,
    pub promotions: &'a [Promotion],
    pub coupon: Option<(&'a Coupon, CouponUses)>,
    /// Coins (1 coin = ฿1) the shopper wants to use, and how many they have.
    pub coins_wanted: Coins,
    pub coin_balance: Coins,
    pub shipping: Shipping,
    /// Unix seconds, for the coupon's validity window.
    pub now: i64,
}

/// What an order costs, as the API shows it (satang).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub subtotal: Satang,
    pub promotion_discount: Satang,
    pub coupon_discount: Satang,
    /// Satang paid with coins (whole baht).
    pub coins: Satang,
    pub shipping: Satang,
    /// VAT contained in `total`.
    pub vat: Satang,
    pub total: Satang,
    /// The promotion discount of each line, in line order.
    pub line_discounts: Vec<Satang>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PricingError {
    #[error("the coupon {0} is no longer offered")]
    CouponInactive(String),
    #[error("the coupon {0} is not valid now")]
    CouponNotValidNow(String),
    #[error("the coupon {code} needs an order of at least {needed} satang")]
    CouponMinimumSpend { code: String, needed: Satang },
    #[error("the coupon {0} has been used up")]
    CouponUsedUp(String),
    #[error("you have already used the coupon {0}")]
    CouponUsedByYou(String),
    #[error("you have {balance} coins; {wanted} cannot be used")]
    NotEnoughCoins { wanted: Coins, balance: Coins },
    #[error("a quantity or price is out of range")]
    OutOfRange,
}

impl PricingError {
    /// The API error code (the UI translates by it).
    pub fn code(&self) -> &'static str {
        match self {
            PricingError::CouponInactive(_) => "coupon_inactive",
            PricingError::CouponNotValidNow(_) => "coupon_not_valid",
            PricingError::CouponMinimumSpend { .. } => "coupon_min_spend",
            PricingError::CouponUsedUp(_) => "coupon_used_up",
            PricingError::CouponUsedByYou(_) => "coupon_used_by_you",
            PricingError::NotEnoughCoins { .. } => "not_enough_coins",
            PricingError::OutOfRange => "invalid_input",
        }
    }
}

/// Prices the lines. Errors are for what the shopper asked (a coupon, coins) and name it.
pub fn quote(request: &QuoteRequest) -> Result<Quote, PricingError> {
    if request.coins_wanted.is_negative()
        || request.coins_wanted > request.coin_balance.max(Coins::ZERO)
    {
        return Err(PricingError::NotEnoughCoins {
            wanted: request.coins_wanted,
            balance: request.coin_balance,
        });
    }
    let mut subtotal = Satang::ZERO;
    let mut line_discounts = Vec::with_capacity(request.lines.len());
    let discounted_count = request.lines.iter().filter(|l| l.discounted).count();
    for line in request.lines {
        if line.unit_price < Satang::ZERO || line.qty > 10_000 {
            return Err(PricingError::OutOfRange);
        }
        let line_total = line
            .unit_price
            .checked_mul(i64::from(line.qty))
            .ok_or(PricingError::OutOfRange)?;
        subtotal = subtotal
            .checked_add(line_total)
            .ok_or(PricingError::OutOfRange)?;
        let best = request
            .promotions
            .iter()
            .filter(|p| p.runs_at(request.now))
            .filter(|p| applies(p, line, request.lang, discounted_count))
            .map(|p| line_discount(p.discount, line.unit_price, line.qty))
            .max()
            .unwrap_or(Satang::ZERO);
        line_discounts.push(best.min(line_total));
    }
    let promotion_discount: Satang = line_discounts.iter().sum();
    let after_promotions = subtotal - promotion_discount;

    let coupon_discount = match request.coupon {
        None => Satang::ZERO,
        Some((coupon, uses)) => coupon_discount(coupon, uses, after_promotions, request.now)?,
    };
    let goods = after_promotions - coupon_discount;
    let shipping = if request.lines.is_empty() || goods >= request.shipping.free_over {
        Satang::ZERO
    } else {
        request.shipping.flat_rate
    };
    let payable = goods + shipping;
    // Whole coins only, never more than what is left to pay.
    let coins = request
        .coins_wanted
        .as_satang()
        .min(payable.whole_coins().as_satang())
        .max(Satang::ZERO);
    let total = payable - coins;
    let vat =
        Satang((total.get() * VAT_PERCENT * 2 + (100 + VAT_PERCENT)) / ((100 + VAT_PERCENT) * 2));
    Ok(Quote {
        subtotal,
        promotion_discount,
        coupon_discount,
        coins,
        shipping,
        vat,
        total,
        line_discounts,
    })
}

fn line_discount(discount: Discount, unit_price: Satang, qty: u32) -> Satang {
    let line_total = Satang(unit_price.get() * i64::from(qty));
    match discount {
        Discount::Percent(pct) => line_total.percent_floor(pct.min(100)),
        Discount::Amount(per_unit) => {
            Satang(per_unit.max(Satang::ZERO).get() * i64::from(qty)).min(line_total)
        }
    }
}

fn coupon_discount(
    coupon: &Coupon,
    uses: CouponUses,
    order_value: Satang,
    now: i64,
) -> Result<Satang, PricingError> {
    if !coupon.active {
        return Err(PricingError::CouponInactive(coupon.code.clone()));
    }
    if now < coupon.starts_at || now >= coupon.ends_at {
        return Err(PricingError::CouponNotValidNow(coupon.code.clone()));
    }
    if coupon.usage_limit > 0 && uses.total >= coupon.usage_limit {
        return Err(PricingError::CouponUsedUp(coupon.code.clone()));
    }
    if coupon.per_user_limit > 0 && uses.by_this_user >= coupon.per_user_limit {
        return Err(PricingError::CouponUsedByYou(coupon.code.clone()));
    }
    if order_value < coupon.min_spend {
        return Err(PricingError::CouponMinimumSpend {
            code: coupon.code.clone(),
            needed: coupon.min_spend,
        });
    }
    Ok(match coupon.discount {
        Discount::Percent(pct) => order_value.percent_floor(pct.min(100)),
        Discount::Amount(amount) => amount.max(Satang::ZERO).min(order_value),
    })
}

#[cfg(test)]
mod tests;
