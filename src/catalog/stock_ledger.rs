//! Staff changes of stock levels and their ledger: every change by hand (an adjustment with a
//! reason, a bulk edit, an import) is kept as a [`StockEntry`] — who, how many, why, and the
//! level after — beside the level itself (`stock`). An adjustment puts the new level in the
//! running shop's snapshot at once (`writer`), without rebuilding the rest.

use redb::WriteTransaction;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::edit::{FieldProblem, ProductEditError, find_in};
use super::stock::STOCK_CODE_TO_LEVEL;
use super::variants::product_code_of;
use super::writer::CatalogWriter;
use crate::activity::{Actor, now_millis};
use crate::store::{JsonTable, Store, StoreError, next_id};

/// (variant code, sequence) → [`StockEntry`]: every staff change of a variant's stock level
/// (a product without options: its own code).
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

pub(super) fn check_reason(reason: &str, code: Option<&str>) -> Option<FieldProblem> {
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

/// Moves a variant's stock by `delta` units, with a reason, refusing a level below zero. `code`
/// is a variant code (the code of a product without options is its one variant's); the code of
/// a product with options that is none of its variants is a problem at `code`.
pub fn adjust_stock(
    catalog: &CatalogWriter,
    actor: Actor,
    code: &str,
    delta: i64,
    reason: &str,
) -> Result<StockEntry, ProductEditError> {
    let mut problems: Vec<FieldProblem> = check_reason(reason, None).into_iter().collect();
    if delta == 0 || delta.unsigned_abs() > MAX_STOCK_DELTA.unsigned_abs() {
        problems.push(FieldProblem::new(
            None,
            "delta",
            format!("must be a whole number of units, not 0, at most {MAX_STOCK_DELTA} either way"),
        ));
    }
    if !problems.is_empty() {
        return Err(ProductEditError::Invalid(problems));
    }
    let entry = catalog.store().write(|txn| {
        let owner = product_code_of(txn, code)?;
        let product = find_in(txn, owner.as_deref().unwrap_or(code))?
            .ok_or_else(|| ProductEditError::NotFound(code.into()))?;
        let Some(variant) = product.variants.iter().find(|v| v.code == code) else {
            let codes: Vec<&str> = product.variants.iter().map(|v| v.code.as_str()).collect();
            return Err(ProductEditError::Invalid(vec![FieldProblem::new(
                None,
                "code",
                format!(
                    "{code} has options: adjust the stock of one of its variants ({})",
                    codes.join(", ")
                ),
            )]));
        };
        let before = i64::from(variant.stock);
        let after = before + delta;
        if after < 0 {
            return Err(ProductEditError::BelowZero(format!(
                "{code} has {before} in stock; taking {} would leave {after}",
                -delta
            )));
        }
        let reason = reason.trim();
        let after = u64::try_from(after).unwrap_or(0);
        let entry = set_level_in(txn, actor, code, after, reason)?
            .ok_or_else(|| ProductEditError::Invalid(vec![]))?;
        let whose = if product.code == code {
            String::new()
        } else {
            format!("{code} ")
        };
        actor.log_with(
            txn,
            "stock adjusted",
            &format!("product {}", product.code),
            &format!("{whose}stock {before} → {after} ({delta:+}): {reason}"),
            &[
                ("code", whose.trim().to_string()),
                ("before", before.to_string()),
                ("after", after.to_string()),
                ("delta", format!("{delta:+}")),
                ("reason", reason.to_string()),
            ],
        )?;
        Ok(entry)
    })?;
    // Only the level changed: the snapshot takes it without a rebuild.
    catalog.stock_changed(&[code.to_string()])?;
    Ok(entry)
}
