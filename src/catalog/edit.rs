//! Staff changes to products, one use case per action: create, change (checked against the
//! version the editor started from), duplicate, activate or deactivate; adjusting stock with a
//! reason is `stock_ledger`, bulk price and stock edits `bulk_edit` (both re-exported here,
//! where the staff handlers find every product use case). Each writes its activity event
//! (who, what, before → after) in the same transaction as the change, then puts the new
//! catalogue snapshot in force (`writer`; a stock change swaps the levels only), so the
//! storefront and search show the change when the use case returns.
//!
//! Products are never deleted here: deactivating hides one from the storefront and keeps the
//! orders that name it readable.
//!
//! Options and variants (docs/VARIANTS.md §6) are saved with the product: every write keeps the
//! variant code index (`variants::write_index`) in the same transaction, a variant code another
//! product uses is a problem at its field (`variants[i].code`), a new variant's `stock` is its
//! opening level (a ledger line), a stored variant keeps its live level, and a removed variant's
//! level goes with it. A duplicate's variant codes take the copy's code in place of the
//! original's (`SF-1001-GRY` → `SF-2001-GRY`; a code not starting with it gets the copy's code
//! in front: `GRY-3` → `SF-2001-GRY-3`).

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::model::Product;
use super::stock::{STOCK_CODE_TO_LEVEL, clamp};
use super::store::{CATEGORY_KEY_TO_CATEGORY, PRODUCT_CODE_TO_PRODUCT, ROOM_KEY_TO_ROOM};
use super::variants;
use super::writer::CatalogWriter;
use crate::activity::Actor;
use crate::domain::Satang;
use crate::store::{Store, StoreError, Txn};

pub use super::bulk_edit::{
    BULK_LIMIT, BulkEdit, CompareAtChange, PriceChange, StockChange, bulk, reprice, scale_to_baht,
};
pub use super::staff_list::{ListFilter, missing_languages};
pub use super::stock_ledger::{
    LOW_STOCK, MAX_STOCK_DELTA, STOCK_LEDGER, StockEntry, adjust_stock, ledger, set_level_in,
};

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

    pub(super) fn new(code: Option<&str>, field: &str, message: impl Into<String>) -> FieldProblem {
        FieldProblem {
            code: code.map(str::to_string),
            field: field.into(),
            message: message.into(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ProductEditError {
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

/// Every problem with a product as staff submit it, by field: its own rules (options and
/// variants included) and the variant codes other products use.
pub fn check(txn: &impl Txn, product: &Product) -> Result<Vec<FieldProblem>, StoreError> {
    let (rooms, categories) = known_keys(txn)?;
    let mut problems: Vec<FieldProblem> = product
        .problems(&rooms, &categories)
        .iter()
        .map(|line| FieldProblem::from_line(None, line))
        .collect();
    problems.extend(taken_problems(txn, product)?);
    Ok(problems)
}

/// A problem at `variants[i].code` for each variant code another product (or its variant)
/// already has, and at `code` for a product code that is another product's variant code.
fn taken_problems(txn: &impl Txn, product: &Product) -> Result<Vec<FieldProblem>, StoreError> {
    Ok(variants::taken_codes(txn, product)?
        .into_iter()
        .map(|(field, message)| FieldProblem::new(None, &field, message))
        .collect())
}

/// Gives new variants their opening level through the ledger (nothing for a level of 0).
fn open_levels<'a>(
    txn: &redb::WriteTransaction,
    actor: Actor,
    fresh: impl Iterator<Item = &'a variants::Variant>,
) -> Result<(), StoreError> {
    for variant in fresh {
        STOCK_CODE_TO_LEVEL.write(txn)?.put(variant.code.as_str(), 0)?;
        set_level_in(
            txn,
            actor,
            &variant.code,
            u64::from(variant.stock),
            "opening stock",
        )?;
    }
    Ok(())
}

/// The copy's code for one of the original's variant codes (see the module's notes).
pub fn copied_code(from: &str, to: &str, variant: &str) -> String {
    match variant.strip_prefix(from) {
        Some(rest) => format!("{to}{rest}"),
        None => format!("{to}-{variant}"),
    }
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
    let levels = STOCK_CODE_TO_LEVEL.read(txn)?;
    let mut found = Vec::with_capacity(product.variants.len());
    for variant in &product.variants {
        found.push((variant.code.clone(), levels.get(variant.code.as_str())?));
    }
    if product.variants.is_empty() {
        // A document not yet given its variant (never after migration 16): its own level.
        if let Some(level) = levels.get(code)? {
            product.stock = clamp(level);
        }
    }
    product.take_levels(|code| {
        found
            .iter()
            .find(|(c, _)| c == code)
            .and_then(|(_, level)| level.map(clamp))
    });
    Ok(Some(product))
}

pub fn find(store: &Store, code: &str) -> Result<Option<Product>, StoreError> {
    store.read(|txn| find_in(txn, code))
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
    if before.options != after.options {
        parts.push(format!(
            "options {} → {}",
            before.options.len(),
            after.options.len()
        ));
    }
    variant_summary(before, after, &mut parts);
    if before.popularity != after.popularity {
        parts.push(format!(
            "popularity {} → {}",
            before.popularity, after.popularity
        ));
    }
    parts.join("; ")
}

/// What changed in the variants: added and removed codes, and per variant its price,
/// compare-at price, shown flag, values and photos.
fn variant_summary(before: &Product, after: &Product, parts: &mut Vec<String>) {
    let old: HashMap<&str, &variants::Variant> = before
        .variants
        .iter()
        .map(|v| (v.code.as_str(), v))
        .collect();
    let new: HashSet<&str> = after.variants.iter().map(|v| v.code.as_str()).collect();
    let added: Vec<&str> = after
        .variants
        .iter()
        .map(|v| v.code.as_str())
        .filter(|c| !old.contains_key(c))
        .collect();
    let removed: Vec<&str> = before
        .variants
        .iter()
        .map(|v| v.code.as_str())
        .filter(|c| !new.contains(c))
        .collect();
    if !added.is_empty() {
        parts.push(format!("variants added {}", added.join(", ")));
    }
    if !removed.is_empty() {
        parts.push(format!("variants removed {}", removed.join(", ")));
    }
    // A product without options: its one variant follows the product's own fields above.
    if after.options.is_empty() && before.options.is_empty() {
        return;
    }
    for variant in &after.variants {
        let Some(was) = old.get(variant.code.as_str()) else {
            continue;
        };
        let code = &variant.code;
        if was.price != variant.price {
            parts.push(format!(
                "{code} price {} → {}",
                was.price.get(),
                variant.price.get()
            ));
        }
        if was.compare_at_price != variant.compare_at_price {
            parts.push(format!(
                "{code} compareAtPrice {} → {}",
                money(was.compare_at_price),
                money(variant.compare_at_price)
            ));
        }
        if was.active != variant.active {
            parts.push(format!("{code} active {} → {}", was.active, variant.active));
        }
        if was.values != variant.values {
            parts.push(format!("{code} values changed"));
        }
        if was.images != variant.images {
            parts.push(format!("{code} photos changed"));
        }
    }
}

/// Adds a new product (version 1). Its `stock` is the opening level, recorded in the ledger.
pub fn create(
    catalog: &CatalogWriter,
    actor: Actor,
    product: Product,
) -> Result<Product, ProductEditError> {
    catalog.change(|store| create_in(store, actor, product))
}

/// [`create`] without the snapshot (a duplicate rebuilds it once, after its own line).
fn create_in(
    store: &Store,
    actor: Actor,
    mut product: Product,
) -> Result<Product, ProductEditError> {
    product.clean_text();
    product.code = product.code.trim().to_string();
    if product.created_at.trim().is_empty() {
        product.created_at = today();
    }
    product.version = 1;
    product.settle_variants();
    store.write(|txn| {
        let problems = check(txn, &product)?;
        if !problems.is_empty() {
            return Err(ProductEditError::Invalid(problems));
        }
        if PRODUCT_CODE_TO_PRODUCT
            .read(txn)?
            .contains(product.code.as_str())?
        {
            return Err(ProductEditError::Exists(product.code.clone()));
        }
        PRODUCT_CODE_TO_PRODUCT
            .write(txn)?
            .put(product.code.as_str(), &product)?;
        variants::write_index(txn, None, &product)?;
        open_levels(txn, actor, product.variants.iter())?;
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
) -> Result<Product, ProductEditError> {
    catalog.change(|store| {
        edited.clean_text();
        store.write(|txn| {
            let stored =
                find_in(txn, code)?.ok_or_else(|| ProductEditError::NotFound(code.into()))?;
            if edited.version != stored.version {
                return Err(ProductEditError::Conflict(Box::new(stored)));
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
            // Stock is not part of a save: stored variants keep their live levels (a product
            // without options its own); a new variant's `stock` is its opening level.
            edited.stock = stored.stock;
            let live: HashMap<&str, u32> = stored
                .variants
                .iter()
                .map(|v| (v.code.as_str(), v.stock))
                .collect();
            for variant in &mut edited.variants {
                if let Some(level) = live.get(variant.code.as_str()) {
                    variant.stock = *level;
                }
            }
            if edited.created_at.trim().is_empty() {
                edited.created_at = stored.created_at.clone();
            }
            edited.settle_variants();
            problems.extend(check(txn, &edited)?);
            if !problems.is_empty() {
                return Err(ProductEditError::Invalid(problems));
            }
            if edited == stored {
                return Ok(stored); // nothing changed: no new version, no event
            }
            edited.version = stored.version + 1;
            PRODUCT_CODE_TO_PRODUCT.write(txn)?.put(code, &edited)?;
            // Removed variants leave the index with their levels.
            variants::write_index(txn, Some(&stored), &edited)?;
            open_levels(
                txn,
                actor,
                edited
                    .variants
                    .iter()
                    .filter(|v| !live.contains_key(v.code.as_str())),
            )?;
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
) -> Result<Product, ProductEditError> {
    catalog.change(|store| {
        let source = find(store, from)?.ok_or_else(|| ProductEditError::NotFound(from.into()))?;
        let new_code = new_code.trim();
        let mut copy = Product {
            code: new_code.to_string(),
            stock: 0,
            active: false,
            popularity: 0,
            created_at: String::new(),
            ..source
        };
        for variant in &mut copy.variants {
            variant.code = copied_code(from, new_code, &variant.code);
            variant.stock = 0;
        }
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
) -> Result<Product, ProductEditError> {
    catalog.change(|store| {
        store.write(|txn| {
            let mut product =
                find_in(txn, code)?.ok_or_else(|| ProductEditError::NotFound(code.into()))?;
            if product.active == active {
                return Ok(product);
            }
            let before = product.clone();
            product.active = active;
            product.version += 1;
            PRODUCT_CODE_TO_PRODUCT.write(txn)?.put(code, &product)?;
            variants::write_index(txn, Some(&before), &product)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::listed::Described;
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
