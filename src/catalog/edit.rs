//! Staff changes to products, one use case per action: create, change (checked against the
//! version the editor started from), duplicate, activate or deactivate, adjust stock with a
//! reason (the stock ledger), and bulk price and stock edits. Each writes its activity event
//! (who, what, before → after) in the same transaction as the change. The caller reloads the
//! catalogue snapshot afterwards so the storefront and search show the change at once.
//!
//! Products are never deleted here: deactivating hides one from the storefront and keeps the
//! orders that name it readable.

use std::collections::{HashMap, HashSet};

use redb::WriteTransaction;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::listed::{Described, LANGUAGES};
use super::model::Product;
use super::stock::{STOCK_CODE_TO_LEVEL, clamp};
use super::store::{CATEGORY_KEY_TO_CATEGORY, PRODUCT_CODE_TO_PRODUCT, ROOM_KEY_TO_ROOM};
use super::writer::CatalogWriter;
use crate::activity::{Actor, now_millis};
use crate::content::model::Localized;
use crate::domain::Satang;
use crate::store::{JsonTable, Store, StoreError, Txn, next_id};

/// (product code, sequence) → [`StockEntry`]: every staff change of a product's stock level.
pub const STOCK_LEDGER: JsonTable<(&str, u64), StockEntry> = JsonTable::new("stock_code_to_entry");

/// Products with this many units or fewer count as low on stock (as on the dashboard).
pub const LOW_STOCK: u32 = 3;

/// Most units a single adjustment may move, either way.
pub const MAX_STOCK_DELTA: i64 = 1_000_000;

/// One change of a product's stock level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct StockEntry {
    /// Unix milliseconds.
    #[ts(type = "number")]
    pub at: u64,
    /// The user name of whoever made the change.
    pub actor: String,
    #[ts(type = "number")]
    pub delta: i64,
    pub reason: String,
    /// The level after this change.
    #[ts(type = "number")]
    pub level: u64,
}

/// One problem with one field (`price`, `name.en`, `rooms`…); `code` names the product when
/// several are checked at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct FieldProblem {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
    pub field: String,
    pub message: String,
}

impl FieldProblem {
    /// Splits `Product::problems`' `field: message` lines.
    pub fn from_line(code: Option<&str>, line: &str) -> FieldProblem {
        let (field, message) = line.split_once(": ").unwrap_or(("product", line));
        FieldProblem {
            code: code.map(str::to_string),
            field: field.to_string(),
            message: message.to_string(),
        }
    }

    fn new(code: Option<&str>, field: &str, message: impl Into<String>) -> FieldProblem {
        FieldProblem {
            code: code.map(str::to_string),
            field: field.into(),
            message: message.into(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum EditError {
    #[error("no product {0}")]
    NotFound(String),
    #[error("{}", summarise(.0))]
    Invalid(Vec<FieldProblem>),
    /// Someone saved the product since the editor loaded it; carries the stored product.
    #[error("product {} was changed by someone else (now version {})", .0.code, .0.version)]
    Conflict(Box<Product>),
    #[error("a product with code {0} already exists")]
    Exists(String),
    #[error("{0}")]
    BelowZero(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn summarise(problems: &[FieldProblem]) -> String {
    let lines: Vec<String> = problems
        .iter()
        .map(|p| match &p.code {
            Some(code) => format!("{code} {}: {}", p.field, p.message),
            None => format!("{}: {}", p.field, p.message),
        })
        .collect();
    format!("{} problem(s): {}", problems.len(), lines.join("; "))
}

/// The room and category keys products may name.
pub fn known_keys(txn: &impl Txn) -> Result<(HashSet<String>, HashSet<String>), StoreError> {
    let mut rooms = HashSet::new();
    ROOM_KEY_TO_ROOM.read(txn)?.try_for_each(|key, _| {
        rooms.insert(key.to_string());
        Ok::<(), StoreError>(())
    })?;
    let mut categories = HashSet::new();
    CATEGORY_KEY_TO_CATEGORY.read(txn)?.try_for_each(|key, _| {
        categories.insert(key.to_string());
        Ok::<(), StoreError>(())
    })?;
    Ok((rooms, categories))
}

/// Every problem with a product as staff submit it, by field.
pub fn check(txn: &impl Txn, product: &Product) -> Result<Vec<FieldProblem>, StoreError> {
    let (rooms, categories) = known_keys(txn)?;
    Ok(product
        .problems(&rooms, &categories)
        .iter()
        .map(|line| FieldProblem::from_line(None, line))
        .collect())
}

fn today() -> String {
    let date = time::OffsetDateTime::now_utc().date();
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// The stored product with its live stock level.
pub fn find_in(txn: &impl Txn, code: &str) -> Result<Option<Product>, StoreError> {
    let Some(mut product) = PRODUCT_CODE_TO_PRODUCT.read(txn)?.get(code)? else {
        return Ok(None);
    };
    if let Some(level) = STOCK_CODE_TO_LEVEL.read(txn)?.get(code)? {
        product.stock = clamp(level);
    }
    Ok(Some(product))
}

pub fn find(store: &Store, code: &str) -> Result<Option<Product>, StoreError> {
    store.read(|txn| find_in(txn, code))
}

/// The newest `limit` stock changes of a product, newest first.
pub fn ledger(store: &Store, code: &str, limit: usize) -> Result<Vec<StockEntry>, StoreError> {
    store.read(|txn| {
        let mut out = Vec::new();
        STOCK_LEDGER
            .read(txn)?
            .scan_rev_in((code, 0)..=(code, u64::MAX), |_, entry| {
                out.push(entry);
                Ok::<bool, StoreError>(out.len() < limit)
            })?;
        Ok(out)
    })
}

fn money(value: Option<Satang>) -> String {
    value.map_or_else(|| "none".into(), |v| v.get().to_string())
}

/// A short before → after summary of what differs between two versions of a product.
pub fn summary(before: &Product, after: &Product) -> String {
    let mut parts = Vec::new();
    let mut text = |field: &str, a: &str, b: &str| {
        if a != b {
            parts.push(format!("{field} \"{a}\" → \"{b}\""));
        }
    };
    for (lang, a, b) in [
        ("en", &before.name.en, &after.name.en),
        ("th", &before.name.th, &after.name.th),
        ("my", &before.name.my, &after.name.my),
        ("km", &before.name.km, &after.name.km),
        ("id", &before.name.id, &after.name.id),
    ] {
        text(&format!("name.{lang}"), a, b);
    }
    text("material", &before.material, &after.material);
    text("colour", &before.colour, &after.colour);
    text("rooms", &before.rooms.join("|"), &after.rooms.join("|"));
    text(
        "categories",
        &before.categories.join("|"),
        &after.categories.join("|"),
    );
    text("createdAt", &before.created_at, &after.created_at);
    if before.description != after.description {
        parts.push("description changed".into());
    }
    if before.images != after.images {
        parts.push(format!(
            "images {} → {}",
            before.images.len(),
            after.images.len()
        ));
    }
    if before.price != after.price {
        parts.push(format!(
            "price {} → {}",
            before.price.get(),
            after.price.get()
        ));
    }
    if before.compare_at_price != after.compare_at_price {
        parts.push(format!(
            "compareAtPrice {} → {}",
            money(before.compare_at_price),
            money(after.compare_at_price)
        ));
    }
    if before.dimensions != after.dimensions {
        let d = |p: &Product| {
            format!(
                "{}×{}×{}",
                p.dimensions.width, p.dimensions.depth, p.dimensions.height
            )
        };
        parts.push(format!("dimensions {} → {}", d(before), d(after)));
    }
    if before.stock != after.stock {
        parts.push(format!("stock {} → {}", before.stock, after.stock));
    }
    if before.active != after.active {
        parts.push(format!("active {} → {}", before.active, after.active));
    }
    if before.popularity != after.popularity {
        parts.push(format!(
            "popularity {} → {}",
            before.popularity, after.popularity
        ));
    }
    parts.join("; ")
}

/// Sets a product's level and records the change in the ledger (nothing when it is equal).
pub fn set_level_in(
    txn: &WriteTransaction,
    actor: Actor,
    code: &str,
    level: u64,
    reason: &str,
) -> Result<Option<StockEntry>, StoreError> {
    let mut levels = STOCK_CODE_TO_LEVEL.write(txn)?;
    let before = levels.get(code)?.unwrap_or(0);
    if before == level {
        return Ok(None);
    }
    levels.put(code, level)?;
    let entry = StockEntry {
        at: now_millis(),
        actor: actor.name.to_string(),
        delta: i64::try_from(level).unwrap_or(i64::MAX) - i64::try_from(before).unwrap_or(0),
        // A clerk's words: stored by the rule for free text (`crate::domain::text`).
        reason: crate::domain::text::single_line(reason).trim().to_string(),
        level,
    };
    let seq = next_id(txn, "stock_ledger")?;
    STOCK_LEDGER.write(txn)?.put((code, seq), &entry)?;
    Ok(Some(entry))
}

/// Adds a new product (version 1). Its `stock` is the opening level, recorded in the ledger.
pub fn create(
    catalog: &CatalogWriter,
    actor: Actor,
    product: Product,
) -> Result<Product, EditError> {
    catalog.change(|store| create_in(store, actor, product))
}

/// [`create`] without the snapshot (a duplicate rebuilds it once, after its own line).
fn create_in(store: &Store, actor: Actor, mut product: Product) -> Result<Product, EditError> {
    product.clean_text();
    product.code = product.code.trim().to_string();
    if product.created_at.trim().is_empty() {
        product.created_at = today();
    }
    product.version = 1;
    store.write(|txn| {
        let problems = check(txn, &product)?;
        if !problems.is_empty() {
            return Err(EditError::Invalid(problems));
        }
        if PRODUCT_CODE_TO_PRODUCT
            .read(txn)?
            .contains(product.code.as_str())?
        {
            return Err(EditError::Exists(product.code.clone()));
        }
        PRODUCT_CODE_TO_PRODUCT
            .write(txn)?
            .put(product.code.as_str(), &product)?;
        STOCK_CODE_TO_LEVEL
            .write(txn)?
            .put(product.code.as_str(), 0)?;
        set_level_in(
            txn,
            actor,
            &product.code,
            u64::from(product.stock),
            "opening stock",
        )?;
        let details = format!(
            "{} at {} satang, stock {}",
            product.name.en,
            product.price.get(),
            product.stock
        );
        actor.log(
            txn,
            "product created",
            &format!("product {}", &product.code),
            &details,
        )?;
        Ok(product)
    })
}

/// Replaces a product's fields with `edited`, which carries the version the editor started
/// from: another version is refused with the stored product. The stock level is not changed
/// here (it has its own ledger: [`adjust_stock`]); `code` cannot change (duplicate instead).
pub fn update(
    catalog: &CatalogWriter,
    actor: Actor,
    code: &str,
    mut edited: Product,
) -> Result<Product, EditError> {
    catalog.change(|store| {
        edited.clean_text();
        store.write(|txn| {
            let stored = find_in(txn, code)?.ok_or_else(|| EditError::NotFound(code.into()))?;
            if edited.version != stored.version {
                return Err(EditError::Conflict(Box::new(stored)));
            }
            let mut problems = Vec::new();
            if !edited.code.is_empty() && edited.code != code {
                problems.push(FieldProblem::new(
                    None,
                    "code",
                    "a product's code cannot change; duplicate it under the new code",
                ));
            }
            edited.code = code.to_string();
            edited.stock = stored.stock;
            if edited.created_at.trim().is_empty() {
                edited.created_at = stored.created_at.clone();
            }
            problems.extend(check(txn, &edited)?);
            if !problems.is_empty() {
                return Err(EditError::Invalid(problems));
            }
            if edited == stored {
                return Ok(stored); // nothing changed: no new version, no event
            }
            edited.version = stored.version + 1;
            PRODUCT_CODE_TO_PRODUCT.write(txn)?.put(code, &edited)?;
            actor.log(
                txn,
                "product updated",
                &format!("product {}", code),
                &summary(&stored, &edited),
            )?;
            Ok(edited)
        })
    })
}

/// A copy of `from` under `new_code`: inactive, no stock, version 1, created today.
pub fn duplicate(
    catalog: &CatalogWriter,
    actor: Actor,
    from: &str,
    new_code: &str,
) -> Result<Product, EditError> {
    catalog.change(|store| {
        let source = find(store, from)?.ok_or_else(|| EditError::NotFound(from.into()))?;
        let copy = Product {
            code: new_code.trim().to_string(),
            stock: 0,
            active: false,
            popularity: 0,
            created_at: String::new(),
            ..source
        };
        let created = create_in(store, actor, copy)?;
        store.write(|txn| {
            actor.log(
                txn,
                "product duplicated",
                &format!("product {}", &created.code),
                &format!("copy of {from}"),
            )
        })?;
        Ok(created)
    })
}

/// Shows (`true`) or hides a product on the storefront. Orders naming it stay as they are.
pub fn set_active(
    catalog: &CatalogWriter,
    actor: Actor,
    code: &str,
    active: bool,
) -> Result<Product, EditError> {
    catalog.change(|store| {
        store.write(|txn| {
            let mut product =
                find_in(txn, code)?.ok_or_else(|| EditError::NotFound(code.into()))?;
            if product.active == active {
                return Ok(product);
            }
            product.active = active;
            product.version += 1;
            PRODUCT_CODE_TO_PRODUCT.write(txn)?.put(code, &product)?;
            let action = if active {
                "product activated"
            } else {
                "product deactivated"
            };
            actor.log(
                txn,
                action,
                &format!("product {}", code),
                &format!("active {} → {active}", !active),
            )?;
            Ok(product)
        })
    })
}

fn check_reason(reason: &str, code: Option<&str>) -> Option<FieldProblem> {
    let reason = crate::domain::text::single_line(reason);
    let reason = reason.trim();
    if reason.is_empty() {
        Some(FieldProblem::new(
            code,
            "reason",
            "say why the stock changes (a count, a delivery, damage…)",
        ))
    } else if reason.chars().count() > 200 {
        Some(FieldProblem::new(code, "reason", "at most 200 characters"))
    } else {
        None
    }
}

/// Moves a product's stock by `delta` units, with a reason, refusing a level below zero.
pub fn adjust_stock(
    catalog: &CatalogWriter,
    actor: Actor,
    code: &str,
    delta: i64,
    reason: &str,
) -> Result<StockEntry, EditError> {
    let mut problems: Vec<FieldProblem> = check_reason(reason, None).into_iter().collect();
    if delta == 0 || delta.unsigned_abs() > MAX_STOCK_DELTA.unsigned_abs() {
        problems.push(FieldProblem::new(
            None,
            "delta",
            format!("must be a whole number of units, not 0, at most {MAX_STOCK_DELTA} either way"),
        ));
    }
    if !problems.is_empty() {
        return Err(EditError::Invalid(problems));
    }
    let entry = catalog.store().write(|txn| {
        let product = find_in(txn, code)?.ok_or_else(|| EditError::NotFound(code.into()))?;
        let before = i64::from(product.stock);
        let after = before + delta;
        if after < 0 {
            return Err(EditError::BelowZero(format!(
                "{code} has {before} in stock; taking {} would leave {after}",
                -delta
            )));
        }
        let reason = reason.trim();
        let after = u64::try_from(after).unwrap_or(0);
        let entry = set_level_in(txn, actor, code, after, reason)?
            .ok_or_else(|| EditError::Invalid(vec![]))?;
        actor.log(
            txn,
            "stock adjusted",
            &format!("product {}", code),
            &format!("stock {before} → {after} ({delta:+}): {reason}"),
        )?;
        Ok(entry)
    })?;
    // Only the level changed: the snapshot takes it without a rebuild.
    catalog.stock_changed(&[code.to_string()])?;
    Ok(entry)
}

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
) -> Result<Vec<Product>, EditError> {
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
            return Err(EditError::Invalid(problems));
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
                return Err(EditError::Invalid(problems));
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

/// Products by code whose stock a write changed, for [`super::cache::CatalogCache::refresh_stock`].
pub fn codes_of(products: &[Product]) -> Vec<String> {
    products.iter().map(|p| p.code.clone()).collect()
}

/// Which of the five languages a product lacks a name or description in (`described`: the
/// languages it has a description in, as the in-memory catalogue keeps them).
pub fn missing_languages(name: &Localized, described: Described) -> Vec<&'static str> {
    let n = name;
    LANGUAGES
        .into_iter()
        .zip([&n.en, &n.th, &n.my, &n.km, &n.id])
        .filter(|(lang, name)| name.trim().is_empty() || !described.has(lang))
        .map(|(lang, _)| lang)
        .collect()
}

/// The staff list's filters.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    /// Part of the code or of a name in any language, case-insensitive.
    pub q: String,
    pub room: Option<String>,
    pub category: Option<String>,
    pub active: Option<bool>,
    pub low_stock: bool,
    /// `any` or a language code: products lacking a name or description in it.
    pub missing: Option<String>,
}

impl ListFilter {
    pub fn matches(&self, product: &Product, described: Described) -> bool {
        let q = self.q.trim().to_lowercase();
        if !q.is_empty() {
            let q = q.trim_start_matches('#');
            let n = &product.name;
            let hit = product.code.to_lowercase().contains(q)
                || [&n.en, &n.th, &n.my, &n.km, &n.id]
                    .iter()
                    .any(|name| name.to_lowercase().contains(q));
            if !hit {
                return false;
            }
        }
        if let Some(room) = &self.room
            && !product.rooms.contains(room)
        {
            return false;
        }
        if let Some(category) = &self.category
            && !product.categories.contains(category)
        {
            return false;
        }
        if let Some(active) = self.active
            && product.active != active
        {
            return false;
        }
        if self.low_stock && product.stock > LOW_STOCK {
            return false;
        }
        match self.missing.as_deref() {
            None => true,
            Some("any") => !missing_languages(&product.name, described).is_empty(),
            Some(lang) => missing_languages(&product.name, described).contains(&lang),
        }
    }
}

/// Levels by code, for callers refreshing the snapshot's stock.
pub fn levels_of(products: &[Product]) -> HashMap<String, u32> {
    products.iter().map(|p| (p.code.clone(), p.stock)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::model::Localized;

    fn product(price: i64, was: Option<i64>) -> Product {
        serde_json::from_value::<Product>(serde_json::json!({
            "code": "SB-1", "name": {"en": "Sideboard"}, "price": price,
            "compareAtPrice": was,
        }))
        .unwrap()
    }

    #[test]
    fn percent_changes_round_to_whole_baht_half_up() {
        assert_eq!(
            scale_to_baht(Satang(1_290_000), 5.0),
            Some(Satang(1_354_500))
        );
        assert_eq!(scale_to_baht(Satang(12_990), 5.0), Some(Satang(13_600))); // 136.395 → 136
        assert_eq!(scale_to_baht(Satang(1_050), 10.0), Some(Satang(1_200))); // 11.55 → 12
        assert_eq!(scale_to_baht(Satang(10_000), -10.0), Some(Satang(9_000)));
    }

    #[test]
    fn compare_at_prices_follow_the_chosen_rule() {
        let p = product(100_000, Some(120_000));
        let up = PriceChange::Percent { value: 10.0 };
        assert_eq!(
            reprice(&p, up, CompareAtChange::Keep).compare_at_price,
            Some(Satang(120_000))
        );
        assert_eq!(
            reprice(&p, up, CompareAtChange::Clear).compare_at_price,
            None
        );
        assert_eq!(
            reprice(&p, up, CompareAtChange::Scale).compare_at_price,
            Some(Satang(132_000))
        );
        let down = PriceChange::Absolute { value: 80_000 };
        assert_eq!(
            reprice(&p, down, CompareAtChange::OldPrice).compare_at_price,
            Some(Satang(100_000))
        );
        assert_eq!(
            reprice(&p, up, CompareAtChange::OldPrice).compare_at_price,
            None
        );
    }

    #[test]
    fn the_summary_names_each_changed_field() {
        let before = product(100_000, None);
        let mut after = before.clone();
        after.price = Satang(105_000);
        after.name = Localized {
            th: "ตู้".into(),
            ..before.name.clone()
        };
        assert_eq!(
            summary(&before, &after),
            "name.th \"\" → \"ตู้\"; price 100000 → 105000"
        );
    }

    #[test]
    fn filters_find_missing_translations_and_low_stock() {
        let mut p = product(100, None);
        p.stock = 2;
        let filter = |f: ListFilter| f.matches(&p, Described::of(&p.description));
        assert!(filter(ListFilter {
            missing: Some("th".into()),
            ..Default::default()
        }));
        assert!(filter(ListFilter {
            low_stock: true,
            q: "#sb".into(),
            ..Default::default()
        }));
        assert!(!filter(ListFilter {
            q: "sofa".into(),
            ..Default::default()
        }));
    }
}
