//! Stock levels, kept in their own small table rather than inside the product documents: an
//! order changes a few numbers, not whole multilingual products, and the catalogue snapshot
//! (search index, list answers) can take the new levels without being rebuilt.

use std::collections::HashMap;

use redb::WriteTransaction;

use super::model::Product;
use crate::store::{StoreError, Txn, ValueTable};

/// Product code → units in stock.
pub const STOCK_CODE_TO_LEVEL: ValueTable<&str, u64> = ValueTable::new("stock_code_to_level");

/// Writes products and their stock levels (imports and seeding set the level they carry).
pub fn write_products(txn: &WriteTransaction, products: &[Product]) -> Result<(), StoreError> {
    let mut table = super::store::PRODUCT_CODE_TO_PRODUCT.write(txn)?;
    let mut stock = STOCK_CODE_TO_LEVEL.write(txn)?;
    for product in products {
        table.put(product.code.as_str(), product)?;
        stock.put(product.code.as_str(), u64::from(product.stock))?;
    }
    Ok(())
}

/// The level of every product that has one.
pub fn levels(txn: &impl Txn) -> Result<HashMap<String, u32>, StoreError> {
    let mut out = HashMap::new();
    STOCK_CODE_TO_LEVEL.read(txn)?.try_for_each(|code, level| {
        out.insert(code.to_string(), clamp(level));
        Ok::<(), StoreError>(())
    })?;
    Ok(out)
}

/// Every level, in code order.
pub fn levels_by_code(txn: &impl Txn) -> Result<Vec<(String, u32)>, StoreError> {
    let mut out = Vec::new();
    STOCK_CODE_TO_LEVEL.read(txn)?.try_for_each(|code, level| {
        out.push((code.to_string(), clamp(level)));
        Ok::<(), StoreError>(())
    })?;
    Ok(out)
}

pub fn clamp(level: u64) -> u32 {
    u32::try_from(level).unwrap_or(u32::MAX)
}
