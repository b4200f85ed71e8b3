//! Bulk edits from the staff product list and the product editor: one price or stock change
//! (absolute, by an amount or by a percent, compare-at prices following a chosen rule) applied
//! to many products or variants in one transaction, all or nothing, each product's change
//! logged, then the new catalogue snapshot put in force (`writer`).
//!
//! The selection names variants (docs/VARIANTS.md §6): a variant code changes that variant; the
//! code of a product without options is its one variant's, so the multi-product edit works as
//! before; the code of a product with options that is none of its variants selects all of them.
//! Variants of one product selected together make one new version of it.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::edit::{FieldProblem, ProductEditError, find_in, known_keys, summary};
use super::model::Product;
use super::stock::clamp;
use super::stock_ledger::{MAX_STOCK_DELTA, check_reason, set_level_in};
use super::store::PRODUCT_CODE_TO_PRODUCT;
use super::variants;
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
    /// 1 to 500 codes: variant codes, or product codes (a product without options: its one
    /// variant; a product with options: all its variants).
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
    (out.price, out.compare_at_price) =
        reprice_pair(product.price, product.compare_at_price, price, compare_at);
    out
}

/// A price and compare-at price (a product's or a variant's) after the price part of a bulk
/// edit.
pub fn reprice_pair(
    old: Satang,
    was: Option<Satang>,
    price: PriceChange,
    compare_at: CompareAtChange,
) -> (Satang, Option<Satang>) {
    let new = match price {
        PriceChange::Absolute { value } => Satang(value),
        PriceChange::Percent { value } => scale_to_baht(old, value).unwrap_or(Satang(-1)),
    };
    let compare = match (compare_at, price) {
        (CompareAtChange::Keep, _) => was,
        (CompareAtChange::Clear, _) => None,
        (CompareAtChange::Scale, PriceChange::Percent { value }) => {
            was.and_then(|was| scale_to_baht(was, value))
        }
        (CompareAtChange::Scale, PriceChange::Absolute { .. }) => was,
        (CompareAtChange::OldPrice, _) => (old > new).then_some(old),
    };
    (new, compare)
}

/// The products a selection names, in the order first named: each with the variant codes
/// selected (`None`: all its variants).
type Selection = Vec<(String, Option<HashSet<String>>)>;

fn select(
    txn: &impl crate::store::Txn,
    codes: &[&str],
    problems: &mut Vec<FieldProblem>,
) -> Result<Selection, crate::store::StoreError> {
    let mut out: Selection = Vec::new();
    for code in codes {
        let owner = variants::product_code_of(txn, code)?;
        let product_code = match &owner {
            Some(product) => product.clone(),
            None if PRODUCT_CODE_TO_PRODUCT.read(txn)?.contains(*code)? => code.to_string(),
            None => {
                problems.push(FieldProblem::new(Some(code), "code", "no such product"));
                continue;
            }
        };
        let at = match out.iter().position(|(p, _)| *p == product_code) {
            Some(at) => at,
            None => {
                out.push((product_code.clone(), Some(HashSet::new())));
                out.len() - 1
            }
        };
        let whole = product_code == *code && {
            // The product's own code names all its variants unless it is one of them.
            owner.as_deref() != Some(product_code.as_str())
        };
        match (&mut out[at].1, whole) {
            (chosen, true) => *chosen = None,
            (Some(chosen), false) => {
                chosen.insert(code.to_string());
            }
            (None, false) => {}
        }
    }
    Ok(out)
}

/// Whether a problem line of `Product::problems` is about prices, and the variant it names.
fn price_line<'a>(product: &'a Product, line: &str) -> Option<Option<&'a str>> {
    let field = line.split_once(": ").map_or(line, |(f, _)| f);
    let priced = |f: &str| f.starts_with("price") || f.starts_with("compareAt");
    if let Some(rest) = field.strip_prefix("variants[") {
        let (index, sub) = rest.split_once(']')?;
        let sub = sub.trim_start_matches('.');
        // A product without options: its one variant mirrors the product's own prices.
        if product.options.is_empty() || !priced(sub) {
            return None;
        }
        let variant = product.variants.get(index.parse::<usize>().ok()?)?;
        return Some(Some(variant.code.as_str()));
    }
    // A product with options sums its variants up: their own lines name the cause.
    (priced(field) && product.options.is_empty()).then_some(None)
}

/// The level after the stock part of a bulk edit; a level below zero is a problem named with
/// `code`.
fn new_level(
    code: &str,
    level: u32,
    change: Option<StockChange>,
    problems: &mut Vec<FieldProblem>,
) -> u32 {
    match change {
        Some(StockChange::Set { value }) => clamp(value),
        Some(StockChange::Adjust { value }) => {
            let after = i64::from(level) + value;
            if after < 0 {
                problems.push(FieldProblem::new(
                    Some(code),
                    "stock",
                    format!("has {level} in stock; taking {} would leave {after}", -value),
                ));
            }
            clamp(u64::try_from(after).unwrap_or(0))
        }
        None => level,
    }
}

/// Applies a bulk edit to every named product or variant in one transaction; any problem (with
/// the product's or variant's code) refuses all of it.
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
            let selection = select(txn, &codes, &mut problems)?;
            let mut changed: Vec<(Product, Product)> = Vec::new();
            for (product_code, chosen) in selection {
                let Some(stored) = find_in(txn, &product_code)? else {
                    problems.push(FieldProblem::new(
                        Some(&product_code),
                        "code",
                        "no such product",
                    ));
                    continue;
                };
                let mut after = stored.clone();
                let single = stored.options.is_empty();
                if single {
                    // A product without options: its own fields lead (its one variant follows).
                    if let Some(price) = edit.price {
                        after = reprice(&stored, price, edit.compare_at.unwrap_or_default());
                    }
                    after.stock = new_level(&stored.code, stored.stock, edit.stock, &mut problems);
                } else {
                    for variant in after.variants.iter_mut().filter(|v| {
                        chosen
                            .as_ref()
                            .is_none_or(|chosen| chosen.contains(&v.code))
                    }) {
                        if let Some(price) = edit.price {
                            (variant.price, variant.compare_at_price) = reprice_pair(
                                variant.price,
                                variant.compare_at_price,
                                price,
                                edit.compare_at.unwrap_or_default(),
                            );
                        }
                        variant.stock =
                            new_level(&variant.code, variant.stock, edit.stock, &mut problems);
                    }
                }
                after.settle_variants();
                for line in after.problems(&rooms, &categories) {
                    if let Some(variant) = price_line(&after, &line) {
                        let code = variant.unwrap_or(after.code.as_str());
                        problems.push(FieldProblem::from_line(Some(code), &line));
                    }
                }
                changed.push((stored, after));
            }
            if !problems.is_empty() {
                return Err(ProductEditError::Invalid(problems));
            }
            let mut out = Vec::new();
            for (before, mut after) in changed {
                let mut stocked = Vec::new();
                for variant in &after.variants {
                    let was = before.variants.iter().find(|v| v.code == variant.code);
                    if was.is_some_and(|was| was.stock != variant.stock) {
                        set_level_in(txn, actor, &variant.code, u64::from(variant.stock), reason)?;
                        stocked.push(variant.code.as_str());
                    }
                }
                let priced = before.price != after.price
                    || before.compare_at_price != after.compare_at_price
                    || before
                        .variants
                        .iter()
                        .zip(&after.variants)
                        .any(|(a, b)| a.price != b.price || a.compare_at_price != b.compare_at_price);
                if priced {
                    after.version = before.version + 1;
                    PRODUCT_CODE_TO_PRODUCT
                        .write(txn)?
                        .put(after.code.as_str(), &after)?;
                    variants::write_index(txn, Some(&before), &after)?;
                }
                if priced || !stocked.is_empty() {
                    let mut details = summary(&before, &after);
                    if !stocked.is_empty() {
                        if after.has_options() {
                            details.push_str(&format!("; stock of {}", stocked.join(", ")));
                        }
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
