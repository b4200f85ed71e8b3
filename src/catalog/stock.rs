//! Stock levels, kept in their own small table rather than inside the product documents: an
//! order changes a few numbers, not whole multilingual products, and the catalogue snapshot
//! (search index, list answers) can take the new levels without being rebuilt.

use std::collections::HashMap;

use redb::{ReadableTable, TableDefinition, WriteTransaction};

use super::model::Product;
use crate::store::StoreError;

/// Product code → units in stock.
pub const STOCK_CODE_TO_LEVEL: TableDefinition<&str, u64> =
    TableDefinition::new("stock_code_to_level");

/// Writes products and their stock levels (imports and seeding set the level they carry).
pub fn write_products(txn: &WriteTransaction, products: &[Product]) -> Result<(), StoreError> {
    let mut table = txn.open_table(super::store::PRODUCT_CODE_TO_PRODUCT)?;
    let mut stock = txn.open_table(STOCK_CODE_TO_LEVEL)?;
    for product in products {
        table.insert(
            product.code.as_str(),
            serde_json::to_vec(product).unwrap_or_default().as_slice(),
        )?;
        stock.insert(product.code.as_str(), u64::from(product.stock))?;
    }
    Ok(())
}

/// The level of every product that has one.
pub fn levels(
    table: &impl ReadableTable<&'static str, u64>,
) -> Result<HashMap<String, u32>, StoreError> {
    let mut out = HashMap::new();
    for entry in table.iter()? {
        let (code, level) = entry?;
        out.insert(code.value().to_string(), clamp(level.value()));
    }
    Ok(out)
}

pub fn clamp(level: u64) -> u32 {
    u32::try_from(level).unwrap_or(u32::MAX)
}
