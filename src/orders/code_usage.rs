//! How many products and orders use each key of a code table (`content::labels`): the count
//! that refuses removing a key still in use. Content stands below the catalogue and orders on
//! the floors (docs/ARCHITECTURE.md), so the counting lives here, the lowest domain that knows
//! both, and the staff handler hands it to the code-table use cases.

use std::collections::BTreeMap;

use crate::content::labels::KeyUsage;
use crate::store::StoreError;

/// Counts material and colour keys in the stored products, carrier and province keys in the
/// stored orders.
pub struct RecordsUsingCodes;

impl KeyUsage for RecordsUsingCodes {
    fn usage(
        &self,
        txn: &impl crate::store::Txn,
        group: &str,
    ) -> Result<BTreeMap<String, u32>, StoreError> {
        let mut counts: BTreeMap<String, u32> = BTreeMap::new();
        let mut count = |key: &str| {
            if !key.is_empty() {
                *counts.entry(key.to_string()).or_default() += 1;
            }
        };
        match group {
            "material" | "colour" => {
                crate::catalog::store::PRODUCT_CODE_TO_PRODUCT
                    .read(txn)?
                    .try_for_each(|_, p| {
                        count(if group == "material" {
                            &p.material
                        } else {
                            &p.colour
                        });
                        Ok::<(), StoreError>(())
                    })?;
            }
            "carrier" | "province" => {
                crate::orders::store::ORDER_ID_TO_ORDER
                    .read(txn)?
                    .try_for_each(|_, o| {
                        if group == "carrier" {
                            count(o.shipment.as_ref().map_or("", |s| s.carrier.as_str()));
                        } else {
                            count(&o.address.province);
                        }
                        Ok::<(), StoreError>(())
                    })?;
            }
            _ => {}
        }
        Ok(counts)
    }
}
