//! Promotions and coupons as the shop defines them, and how often coupons were used.

use redb::{ReadableDatabase, ReadableTable, TableDefinition, WriteTransaction};

use super::{Coupon, CouponUses, Promotion};
use crate::http::assets::{Assets, embedded_json};
use crate::store::{META, Store, StoreError, load_json_rows};

/// Promotion id → [`Promotion`] (JSON).
pub const PROMOTION_ID_TO_PROMOTION: TableDefinition<&str, &[u8]> =
    TableDefinition::new("promotion_id_to_promotion");
/// Coupon code (uppercase) → [`Coupon`] (JSON).
pub const COUPON_CODE_TO_COUPON: TableDefinition<&str, &[u8]> =
    TableDefinition::new("coupon_code_to_coupon");
/// `CODE` (all uses) or `CODE:<user id>` (one shopper's uses) → count.
pub const COUPON_KEY_TO_USES: TableDefinition<&str, u64> =
    TableDefinition::new("coupon_key_to_uses");

const DEMO_SEEDED: &str = "demo_promotions_seeded_at";

#[derive(serde::Deserialize)]
struct Demo {
    promotions: Vec<Promotion>,
    coupons: Vec<Coupon>,
}

/// Seeds the demo promotions and coupons once.
pub fn seed_demo(store: &Store) -> Result<bool, String> {
    let demo: Demo = serde_json::from_value(embedded_json::<Assets>("demo/promotions.json")?)
        .map_err(|e| format!("demo/promotions.json: {e}"))?;
    let write = || -> Result<bool, StoreError> {
        let txn = store.db().begin_write()?;
        {
            let mut meta = txn.open_table(META)?;
            if meta.get(DEMO_SEEDED)?.is_some() {
                return Ok(false);
            }
            let mut promotions = txn.open_table(PROMOTION_ID_TO_PROMOTION)?;
            for p in &demo.promotions {
                promotions.insert(
                    p.id.as_str(),
                    serde_json::to_vec(p).unwrap_or_default().as_slice(),
                )?;
            }
            let mut coupons = txn.open_table(COUPON_CODE_TO_COUPON)?;
            for c in &demo.coupons {
                coupons.insert(
                    c.code.to_uppercase().as_str(),
                    serde_json::to_vec(c).unwrap_or_default().as_slice(),
                )?;
            }
            let now = time::OffsetDateTime::now_utc().unix_timestamp().to_string();
            meta.insert(DEMO_SEEDED, now.as_str())?;
        }
        txn.commit()?;
        Ok(true)
    };
    write().map_err(|e| e.to_string())
}

pub fn promotions(store: &Store) -> Result<Vec<Promotion>, StoreError> {
    load_json_rows(store, PROMOTION_ID_TO_PROMOTION)
}

pub fn coupons(store: &Store) -> Result<Vec<Coupon>, StoreError> {
    load_json_rows(store, COUPON_CODE_TO_COUPON)
}

/// A coupon by code (case-insensitive) and its uses so far, overall and by `user`.
pub fn coupon(
    store: &Store,
    code: &str,
    user: Option<u64>,
) -> Result<Option<(Coupon, CouponUses)>, StoreError> {
    let read = store.db().begin_read()?;
    coupon_from(
        &read.open_table(COUPON_CODE_TO_COUPON)?,
        &read.open_table(COUPON_KEY_TO_USES)?,
        code,
        user,
    )
}

/// [`coupon`] from tables already open, in a read or a write transaction (an order reads the
/// uses in the transaction that adds one).
pub fn coupon_from(
    coupons: &impl ReadableTable<&'static str, &'static [u8]>,
    uses: &impl ReadableTable<&'static str, u64>,
    code: &str,
    user: Option<u64>,
) -> Result<Option<(Coupon, CouponUses)>, StoreError> {
    let code = code.trim().to_uppercase();
    let Some(stored) = coupons.get(code.as_str())? else {
        return Ok(None);
    };
    let coupon: Coupon =
        serde_json::from_slice(stored.value()).map_err(|source| StoreError::BadDocument {
            key: code.clone(),
            source,
        })?;
    let count = |key: &str| -> Result<u32, StoreError> {
        Ok(uses
            .get(key)?
            .map_or(0, |v| u32::try_from(v.value()).unwrap_or(u32::MAX)))
    };
    let by_this_user = match user {
        Some(id) => count(&format!("{code}:{id}"))?,
        None => 0,
    };
    Ok(Some((
        coupon,
        CouponUses {
            total: count(&code)?,
            by_this_user,
        },
    )))
}

/// Counts one use of `code` by `user_id` (an order placed), or takes it back (cancelled).
pub fn record_use(
    txn: &WriteTransaction,
    code: &str,
    user_id: u64,
    used: bool,
) -> Result<(), StoreError> {
    let code = code.trim().to_uppercase();
    let mut uses = txn.open_table(COUPON_KEY_TO_USES)?;
    for key in [format!("{code}:{user_id}"), code] {
        let count = uses.get(key.as_str())?.map_or(0, |v| v.value());
        let next = if used {
            count + 1
        } else {
            count.saturating_sub(1)
        };
        uses.insert(key.as_str(), next)?;
    }
    Ok(())
}
