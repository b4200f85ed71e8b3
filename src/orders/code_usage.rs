//! How many products and orders use each key of a code table (`content::labels`): the count
//! that refuses removing a key still in use. Content stands below the catalogue and orders on
//! the floors (docs/ARCHITECTURE.md), so the counting lives here, the lowest domain that knows
//! both, and the staff handler hands it to the code-table use cases.

use std::collections::{BTreeMap, BTreeSet};

use crate::catalog::variants::OptionKind;

use crate::content::labels::KeyUsage;
use crate::store::StoreError;

/// Counts material and colour keys in the stored products (their own and their options'), carrier and province keys in the
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
                        let (own, kind) = if group == "material" {
                            (&p.material, OptionKind::Material)
                        } else {
                            (&p.colour, OptionKind::Colour)
                        };
                        // A product counts once per key, whether it names the key itself or
                        // sells a variant in it (docs/VARIANTS.md §4).
                        let mut keys: BTreeSet<&str> = p
                            .options
                            .iter()
                            .filter(|o| o.kind == kind)
                            .flat_map(|o| &o.values)
                            .map(|v| v.key.as_str())
                            .collect();
                        keys.insert(own);
                        keys.into_iter().for_each(&mut count);
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
