//! Promotions name rooms and categories (to include or leave out their products), so a room or
//! category a promotion names cannot be deleted. The catalogue stands below pricing on the
//! floors (docs/ARCHITECTURE.md): it asks through `catalog::taxonomy::NamedElsewhere`, and this
//! is the answer the staff handler hands it.

use redb::WriteTransaction;

use super::store::PROMOTION_ID_TO_PROMOTION;
use crate::catalog::taxonomy::NamedElsewhere;
use crate::store::StoreError;

/// Refuses deleting a room or category that promotions still name.
pub struct PromotionsNaming;

impl NamedElsewhere for PromotionsNaming {
    fn refusal(
        &self,
        txn: &WriteTransaction,
        key: &str,
        room: bool,
    ) -> Result<Option<String>, StoreError> {
        let promotions = promotions_naming(txn, key, room)?;
        let what = if room { "room" } else { "category" };
        Ok((!promotions.is_empty()).then(|| {
            format!(
                "the promotions {} name the {what} {key}; change them first",
                promotions.join(", ")
            )
        }))
    }
}

/// The ids of the promotions that include or leave out the room (`room`) or category `key`.
fn promotions_naming(
    txn: &WriteTransaction,
    key: &str,
    room: bool,
) -> Result<Vec<String>, StoreError> {
    Ok(PROMOTION_ID_TO_PROMOTION
        .read(txn)?
        .values()?
        .into_iter()
        .filter(|p| {
            let (inc, exc) = if room {
                (&p.room_inc, &p.room_exc)
            } else {
                (&p.cat_inc, &p.cat_exc)
            };
            inc.iter().chain(exc).any(|k| k == key)
        })
        .map(|p| p.id)
        .collect())
}
