//! Bulk edits from the staff product list: one price or stock change (absolute, by an amount
//! or by a percent, compare-at prices following a chosen rule) applied to many products in one
//! transaction, all or nothing, each product's change logged, then the new catalogue snapshot
//! put in force (`writer`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::edit::{FieldProblem, ProductEditError, find_in, known_keys, summary};
use super::model::Product;
use super::stock::clamp;
use super::stock_ledger::{MAX_STOCK_DELTA, check_reason, set_level_in};
use super::store::PRODUCT_CODE_TO_PRODUCT;
use super::writer::CatalogWriter;
use crate::activity::Actor;
use crate::domain::Satang;

/// How a bulk edit changes prices.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", tag = "mode")]
pub enum PriceChange {
    /// Every selected product gets this price, in satang.
    Absolute {
        #[ts(type = "number")]
        value: i64,
    },
    /// Up (or down, negative) by this many percent; the result is rounded to whole baht
    /// (half up).
    Percent { value: f64 },
}

/// What happens to the compare-at ("was") price when prices change in bulk.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub enum CompareAtChange {
    /// Left as it is; a product whose new price reaches it is reported, nothing is saved.
    #[default]
    Keep,
    /// Removed (the product is no longer shown as reduced).
    Clear,
    /// Changed by the same percent (percent changes only), rounded the same way.
    Scale,
    /// Set to the old price, so the product is shown as reduced from it.
    OldPrice,
}

/// How a bulk edit changes stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", tag = "mode")]
pub enum StockChange {
    /// Every selected product gets this level.
    Set {
        #[ts(type = "number")]
        value: u64,
    },
    /// Every selected product's level moves by this many units.
    Adjust {
        #[ts(type = "number")]
        value: i64,
    },
}

/// A bulk edit of a selection: all of it is saved, or none if any product has a problem.
#[derive(Debug, Clone, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BulkEdit {
    /// 1 to 500 product codes.
    pub codes: Vec<String>,
    #[serde(default)]
    #[ts(optional)]
    pub price: Option<PriceChange>,
    #[serde(default)]
    #[ts(optional)]
    pub compare_at: Option<CompareAtChange>,
    #[serde(default)]
    #[ts(optional)]
    pub stock: Option<StockChange>,
    /// Why stock changes (required with `stock`).
    #[serde(default)]
    #[ts(optional)]
    pub reason: Option<String>,
}

/// Most products one bulk edit changes.
pub const BULK_LIMIT: usize = 500;

/// `price × (100 + percent) / 100`, rounded half up to whole baht.
pub fn scale_to_baht(price: Satang, percent: f64) -> Option<Satang> {
    let value = price.get() as f64 * (100.0 + percent) / 100.0;
    let baht = (value / 100.0).round();
    (baht.is_finite() && baht.abs() < 1e12).then(|| Satang(baht as i64 * 100))
}

/// The product after the price part of a bulk edit.
pub fn reprice(product: &Product, price: PriceChange, compare_at: CompareAtChange) -> Product {
    let mut out = product.clone();
    let old = product.price;
    out.price = match price {
        PriceChange::Absolute { value } => Satang(value),
        PriceChange::Percent { value } => scale_to_baht(old, value).unwrap_or(Satang(-1)),
    };
    out.compare_at_price = match (compare_at, price) {
        (CompareAtChange::Keep, _) => product.compare_at_price,
        (CompareAtChange::Clear, _) => None,
        (CompareAtChange::Scale, PriceChange::Percent { value }) => product
            .compare_at_price
            .and_then(|was| scale_to_baht(was, value)),
        (CompareAtChange::Scale, PriceChange::Absolute { .. }) => product.compare_at_price,
        (CompareAtChange::OldPrice, _) => (old > out.price).then_some(old),
    };
    out
}

/// Applies a bulk edit to every named product in one transaction; any problem (with the
/// product's code) refuses all of it.
pub fn bulk(
    catalog: &CatalogWriter,
    actor: Actor,
    edit: &BulkEdit,
) -> Result<Vec<Product>, ProductEditError> {
    catalog.change(|store| {
        let mut problems = Vec::new();
        let mut codes: Vec<&str> = Vec::new();
        for code in &edit.codes {
            if !codes.contains(&code.as_str()) {
                codes.push(code);
            }
        }
        if codes.is_empty() || codes.len() > BULK_LIMIT {
            problems.push(FieldProblem::new(
                None,
                "codes",
                format!("select 1 to {BULK_LIMIT} products"),
            ));
        }
        if edit.price.is_none() && edit.stock.is_none() {
            problems.push(FieldProblem::new(
                None,
                "price",
                "choose a price change, a stock change or both",
            ));
        }
        if let Some(PriceChange::Percent { value }) = edit.price
            && !(value.is_finite() && (-99.0..=1000.0).contains(&value) && value != 0.0)
        {
            problems.push(FieldProblem::new(
                None,
                "price",
                "a percent from -99 to 1000, not 0",
            ));
        }
        if edit.stock.is_some()
            && let Some(problem) = check_reason(edit.reason.as_deref().unwrap_or(""), None)
        {
            problems.push(problem);
        }
        if let Some(StockChange::Adjust { value }) = edit.stock
            && (value == 0 || value.unsigned_abs() > MAX_STOCK_DELTA.unsigned_abs())
        {
            problems.push(FieldProblem::new(
                None,
                "stock",
                format!("an adjustment of 1 to {MAX_STOCK_DELTA} units either way"),
            ));
        }
        if !problems.is_empty() {
            return Err(ProductEditError::Invalid(problems));
        }
        let reason = edit.reason.as_deref().unwrap_or("").trim();
        store.write(|txn| {
            let (rooms, categories) = known_keys(txn)?;
            let mut changed: Vec<(Product, Product)> = Vec::new();
            for code in &codes {
                let Some(stored) = find_in(txn, code)? else {
                    problems.push(FieldProblem::new(Some(code), "code", "no such product"));
                    continue;
                };
                let mut after = match edit.price {
                    Some(price) => reprice(&stored, price, edit.compare_at.unwrap_or_default()),
                    None => stored.clone(),
                };
                match edit.stock {
                    Some(StockChange::Set { value }) => after.stock = clamp(value),
                    Some(StockChange::Adjust { value }) => {
                        let level = i64::from(stored.stock) + value;
                        if level < 0 {
                            problems.push(FieldProblem::new(
                                Some(code),
                                "stock",
                                format!(
                                    "has {} in stock; taking {} would leave {level}",
                                    stored.stock, -value
                                ),
                            ));
                        }
                        after.stock = clamp(u64::try_from(level).unwrap_or(0));
                    }
                    None => {}
                }
                problems.extend(
                    after
                        .problems(&rooms, &categories)
                        .iter()
                        .filter(|line| line.starts_with("price") || line.starts_with("compareAt"))
                        .map(|line| FieldProblem::from_line(Some(code), line)),
                );
                changed.push((stored, after));
            }
            if !problems.is_empty() {
                return Err(ProductEditError::Invalid(problems));
            }
            let mut out = Vec::new();
            for (before, mut after) in changed {
                if before.stock != after.stock {
                    set_level_in(txn, actor, &after.code, u64::from(after.stock), reason)?;
                }
                let priced = before.price != after.price
                    || before.compare_at_price != after.compare_at_price;
                if priced {
                    after.version = before.version + 1;
                    PRODUCT_CODE_TO_PRODUCT
                        .write(txn)?
                        .put(after.code.as_str(), &after)?;
                }
                if priced || before.stock != after.stock {
                    let mut details = summary(&before, &after);
                    if before.stock != after.stock {
                        details.push_str(&format!(" ({reason})"));
                    }
                    actor.log(
                        txn,
                        "product bulk edit",
                        &format!("product {}", &after.code),
                        &details,
                    )?;
                }
                out.push(after);
            }
            Ok(out)
        })
    })
}
