//! Promotions and coupons as the shop defines them, and how often coupons were used.

use redb::WriteTransaction;
use sha2::Digest;

use super::{Coupon, CouponUses, Promotion};
use crate::domain::UserId;
use crate::embedded::{Assets, embedded_json};
use crate::store::{JsonTable, META, Store, StoreError, Txn, ValueTable};

/// Promotion id → [`Promotion`].
pub const PROMOTION_ID_TO_PROMOTION: JsonTable<&str, Promotion> =
    JsonTable::new("promotion_id_to_promotion");
/// Coupon code (uppercase) → [`Coupon`].
pub const COUPON_CODE_TO_COUPON: JsonTable<&str, Coupon> = JsonTable::new("coupon_code_to_coupon");
/// `CODE` (all uses), `CODE:<user id>` (one shopper's uses) or `CODE:guest:<hash>` (the uses
/// by one guest e-mail address or phone number, hashed so the table holds no contact) → count.
pub const COUPON_KEY_TO_USES: ValueTable<&str, u64> = ValueTable::new("coupon_key_to_uses");

/// Whom a coupon's per-shopper limit counts: an account, a guest known by the contact given at
/// checkout, or a visitor not yet known (a cart quote; placing the order checks again).
#[derive(Debug, Clone, Copy)]
pub enum Shopper<'a> {
    Account(UserId),
    /// A guest's e-mail address and phone number each count as the shopper, so changing one
    /// of them does not make a once-per-shopper coupon new again.
    Guest {
        email: &'a str,
        phone: &'a str,
    },
    Unknown,
}

impl Shopper<'_> {
    /// The use keys of `code` (uppercase) that count for this shopper.
    fn keys(&self, code: &str) -> Vec<String> {
        match self {
            Shopper::Account(id) => vec![format!("{code}:{id}")],
            Shopper::Guest { email, phone } => [
                format!("email:{}", email.trim().to_lowercase()),
                format!("phone:{}", crate::accounts::model::national_phone(phone)),
            ]
            .iter()
            .map(|who| {
                let hash = hex::encode(sha2::Sha256::digest(who.as_bytes()));
                format!("{code}:guest:{}", &hash[..32])
            })
            .collect(),
            Shopper::Unknown => Vec::new(),
        }
    }
}

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
    let seeded = store.write(|txn| {
        let mut meta = META.write(txn)?;
        if meta.get(DEMO_SEEDED)?.is_some() {
            return Ok(false);
        }
        let mut promotions = PROMOTION_ID_TO_PROMOTION.write(txn)?;
        for p in &demo.promotions {
            promotions.put(p.id.as_str(), p)?;
        }
        let mut coupons = COUPON_CODE_TO_COUPON.write(txn)?;
        for c in &demo.coupons {
            coupons.put(c.code.to_uppercase().as_str(), c)?;
        }
        let now = time::OffsetDateTime::now_utc().unix_timestamp().to_string();
        meta.put(DEMO_SEEDED, now.as_str())?;
        Ok::<bool, StoreError>(true)
    });
    seeded.map_err(|e| e.to_string())
}

pub fn promotions(store: &Store) -> Result<Vec<Promotion>, StoreError> {
    store.read(|txn| PROMOTION_ID_TO_PROMOTION.read(txn)?.values())
}

pub fn coupons(store: &Store) -> Result<Vec<Coupon>, StoreError> {
    store.read(|txn| COUPON_CODE_TO_COUPON.read(txn)?.values())
}

/// A coupon by code (case-insensitive) and its uses so far, overall and by `user`.
pub fn coupon(
    store: &Store,
    code: &str,
    user: Option<UserId>,
) -> Result<Option<(Coupon, CouponUses)>, StoreError> {
    let shopper = user.map_or(Shopper::Unknown, Shopper::Account);
    store.read(|txn| coupon_in(txn, code, shopper))
}

/// [`coupon`] in a read or a write transaction (an order reads the uses in the transaction
/// that adds one).
pub fn coupon_in(
    txn: &impl Txn,
    code: &str,
    shopper: Shopper,
) -> Result<Option<(Coupon, CouponUses)>, StoreError> {
    let code = code.trim().to_uppercase();
    let Some(coupon) = COUPON_CODE_TO_COUPON.read(txn)?.get(code.as_str())? else {
        return Ok(None);
    };
    let uses = COUPON_KEY_TO_USES.read(txn)?;
    let count = |key: &str| -> Result<u32, StoreError> {
        Ok(uses
            .get(key)?
            .map_or(0, |v| u32::try_from(v).unwrap_or(u32::MAX)))
    };
    let mut by_this_user = 0;
    for key in shopper.keys(&code) {
        by_this_user = by_this_user.max(count(&key)?);
    }
    Ok(Some((
        coupon,
        CouponUses {
            total: count(&code)?,
            by_this_user,
        },
    )))
}

/// Counts one use of `code` by `shopper` (an order placed), or takes it back (cancelled).
pub fn record_use(
    txn: &WriteTransaction,
    code: &str,
    shopper: Shopper,
    used: bool,
) -> Result<(), StoreError> {
    let code = code.trim().to_uppercase();
    let mut uses = COUPON_KEY_TO_USES.write(txn)?;
    let mut keys = shopper.keys(&code);
    keys.push(code);
    for key in keys {
        let count = uses.get(key.as_str())?.unwrap_or(0);
        let next = if used {
            count + 1
        } else {
            count.saturating_sub(1)
        };
        uses.put(key.as_str(), next)?;
    }
    Ok(())
}
