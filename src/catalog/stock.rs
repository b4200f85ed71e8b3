//! Stock levels, kept in their own small table rather than inside the product documents: an
//! order changes a few numbers, not whole multilingual products, and the catalogue snapshot
//! (search index, list answers) can take the new levels without being rebuilt.

use std::collections::HashMap;

use redb::WriteTransaction;

use super::model::Product;
use crate::store::{StoreError, Txn, ValueTable};

/// Product code → units in stock.
pub const STOCK_CODE_TO_LEVEL: ValueTable<&str, u64> = ValueTable::new("stock_code_to_level");

/// Writes products, their variant codes and their stock levels: imports and seeding set the
/// level each variant carries. Products are settled first (docs/VARIANTS.md §1), so a product
/// written without variants is sold under its own code.
pub fn write_products(txn: &WriteTransaction, products: &[Product]) -> Result<(), StoreError> {
    for product in products {
        let mut product = product.clone();
        product.settle_variants();
        let old = super::store::PRODUCT_CODE_TO_PRODUCT
            .read(txn)?
            .get(product.code.as_str())?;
        super::store::PRODUCT_CODE_TO_PRODUCT
            .write(txn)?
            .put(product.code.as_str(), &product)?;
        super::variants::write_index(txn, old.as_ref(), &product)?;
        let mut stock = STOCK_CODE_TO_LEVEL.write(txn)?;
        for variant in &product.variants {
            stock.put(variant.code.as_str(), u64::from(variant.stock))?;
        }
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
