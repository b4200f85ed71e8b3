//! Staff edits of promotions and coupons: validation that names each field, create and
//! change (never delete: deactivate), each with an activity event in the same transaction.
//!
//! The quote and the storefront read promotions and coupons from the database on each
//! request, so a saved change is live at once.

use std::collections::HashSet;

use super::store::{COUPON_CODE_TO_COUPON, COUPON_KEY_TO_USES, PROMOTION_ID_TO_PROMOTION};
use super::{Coupon, Discount, Promotion, Satang};
use crate::activity::{Actor, changes};
use crate::i18n::Locale;
use crate::store::{Store, StoreError, next_id};

#[derive(Debug, thiserror::Error)]
pub enum PricingEditError {
    /// Every problem, each as `field: message`.
    #[error("{}", .0.join("\n"))]
    Invalid(Vec<String>),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Exists(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What promotion lists may name: the catalogue's product codes, rooms and categories.
#[derive(Debug, Default)]
pub struct Known {
    pub products: HashSet<String>,
    pub rooms: HashSet<String>,
    pub categories: HashSet<String>,
}

/// Largest amount a discount or a minimum spend may name, in satang (฿10 million).
const MAX_SATANG: i64 = 1_000_000_000;

fn discount_problems(discount: Discount, out: &mut Vec<String>) {
    match discount {
        Discount::Percent(p) if !(1..=100).contains(&p) => {
            out.push(format!("discount: {p} % must be 1 to 100"));
        }
        Discount::Amount(a) if a <= Satang::ZERO || a.get() > MAX_SATANG => {
            out.push("discount: the amount must be more than ฿0 and at most ฿10,000,000".into());
        }
        _ => {}
    }
}

/// Coupon codes: 3 to 32 capital letters, digits, `-` or `_`.
pub fn is_coupon_code(code: &str) -> bool {
    (3..=32).contains(&code.len())
        && code
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// Promotion ids: 1 to 64 lowercase letters, digits or `-`.
pub fn is_promotion_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Every problem with a coupon, each naming its field.
pub fn coupon_problems(coupon: &Coupon) -> Vec<String> {
    let mut out = Vec::new();
    if !is_coupon_code(&coupon.code) {
        out.push(format!(
            "code: {:?} must be 3 to 32 capital letters, digits, - or _",
            coupon.code
        ));
    }
    discount_problems(coupon.discount, &mut out);
    if coupon.min_spend < Satang::ZERO || coupon.min_spend.get() > MAX_SATANG {
        out.push("minSpend: must be ฿0 to ฿10,000,000".into());
    }
    if coupon.starts_at <= 0 {
        out.push("startsAt: a start date is required".into());
    }
    if coupon.ends_at <= coupon.starts_at {
        out.push("endsAt: must be after the start".into());
    }
    if coupon.usage_limit > 0 && coupon.per_user_limit > coupon.usage_limit {
        out.push("perUserLimit: cannot be more than the total uses".into());
    }
    out
}

/// Every problem with a promotion, each naming its field.
pub fn promotion_problems(promotion: &Promotion, known: &Known) -> Vec<String> {
    let mut out = Vec::new();
    if !is_promotion_id(&promotion.id) {
        out.push(format!(
            "id: {:?} must be 1 to 64 lowercase letters, digits or -",
            promotion.id
        ));
    }
    if promotion.name.chars().count() > 200 {
        out.push("name: at most 200 characters".into());
    }
    if !promotion.lang.is_empty() && Locale::parse(&promotion.lang).is_none() {
        out.push(format!(
            "lang: {:?} is not a shop language (en, th, my, km, id, or empty for all)",
            promotion.lang
        ));
    }
    discount_problems(promotion.discount, &mut out);
    let lists: [(&str, &[String], &HashSet<String>, &str); 6] = [
        ("prodInc", &promotion.prod_inc, &known.products, "product"),
        ("prodExc", &promotion.prod_exc, &known.products, "product"),
        ("roomInc", &promotion.room_inc, &known.rooms, "room"),
        ("roomExc", &promotion.room_exc, &known.rooms, "room"),
        ("catInc", &promotion.cat_inc, &known.categories, "category"),
        ("catExc", &promotion.cat_exc, &known.categories, "category"),
    ];
    for (field, list, known, kind) in lists {
        for key in list.iter().filter(|k| !known.contains(*k)) {
            out.push(format!("{field}: unknown {kind} {key:?}"));
        }
    }
    for (field, inc, exc) in [
        ("prodExc", &promotion.prod_inc, &promotion.prod_exc),
        ("roomExc", &promotion.room_inc, &promotion.room_exc),
        ("catExc", &promotion.cat_inc, &promotion.cat_exc),
    ] {
        for key in exc.iter().filter(|k| inc.contains(*k)) {
            out.push(format!("{field}: {key:?} is also in the include list"));
        }
    }
    if let (Some(start), Some(end)) = (promotion.starts_at, promotion.ends_at)
        && end <= start
    {
        out.push("endsAt: must be after the start".into());
    }
    out
}

/// Every coupon with its uses so far (all shoppers), by code.
pub fn coupons_with_uses(store: &Store) -> Result<Vec<(Coupon, u32)>, StoreError> {
    store.read(|txn| {
        let coupons = COUPON_CODE_TO_COUPON.read(txn)?.values()?;
        let uses = COUPON_KEY_TO_USES.read(txn)?;
        coupons
            .into_iter()
            .map(|c| {
                let count = uses.get(c.code.to_uppercase().as_str())?.unwrap_or(0);
                Ok((c, u32::try_from(count).unwrap_or(u32::MAX)))
            })
            .collect()
    })
}

fn uses_of(txn: &redb::WriteTransaction, code: &str) -> Result<u32, StoreError> {
    let count = COUPON_KEY_TO_USES.read(txn)?.get(code)?.unwrap_or(0);
    Ok(u32::try_from(count).unwrap_or(u32::MAX))
}

/// How long a new coupon runs when its end is not given: a month, the length of a shop's
/// usual campaign (an open-ended code keeps working wherever it was ever shared; ending the
/// day it starts, as the form once proposed, kills it that night).
pub const NEW_COUPON_DAYS: i64 = 30;

/// A new coupon without dates (`startsAt`/`endsAt` 0 or absent) starts now and runs to the
/// end of the shop day [`NEW_COUPON_DAYS`] days from its start.
pub fn fill_new_coupon_dates(coupon: &mut Coupon, now: i64) {
    if coupon.starts_at <= 0 {
        coupon.starts_at = now;
    }
    if coupon.ends_at <= 0 {
        // A start past any calendar (a typed or hostile number) gets no end from here; the
        // coupon's own rules then refuse its dates with a field problem.
        let Some(start_ms) = u64::try_from(coupon.starts_at)
            .ok()
            .and_then(|start| start.checked_mul(1000))
        else {
            return;
        };
        let end = crate::domain::shop_day::day_of(start_ms)
            .checked_add(time::Duration::days(NEW_COUPON_DAYS))
            .and_then(|last| last.next_day())
            .map(crate::domain::shop_day::day_start_millis)
            .unwrap_or(start_ms);
        coupon.ends_at = i64::try_from(end / 1000).unwrap_or(i64::MAX);
    }
}

/// Adds a coupon (its code uppercased); refused when the code exists.
pub fn create_coupon(
    store: &Store,
    mut coupon: Coupon,
    actor: Actor,
) -> Result<(Coupon, u32), PricingEditError> {
    coupon.code = coupon.code.trim().to_uppercase();
    let now = i64::try_from(crate::activity::now_millis() / 1000).unwrap_or(i64::MAX);
    fill_new_coupon_dates(&mut coupon, now);
    let mut problems = coupon_problems(&coupon);
    if coupon.ends_at <= now && coupon.ends_at > coupon.starts_at {
        problems.push(
            "endsAt: that day has passed: a new coupon ending then could never be used".into(),
        );
    }
    if !problems.is_empty() {
        return Err(PricingEditError::Invalid(problems));
    }
    store.write(|txn| {
        let mut table = COUPON_CODE_TO_COUPON.write(txn)?;
        if table.contains(coupon.code.as_str())? {
            return Err(PricingEditError::Exists(format!(
                "code: a coupon {} exists already",
                coupon.code
            )));
        }
        table.put(coupon.code.as_str(), &coupon)?;
        drop(table);
        let target = format!("coupon {}", coupon.code);
        actor.log(
            txn,
            "coupon created",
            &target,
            &changes(None::<&Coupon>, &coupon),
        )?;
        let uses = uses_of(txn, &coupon.code)?;
        Ok((coupon, uses))
    })
}

/// Changes a coupon; the code in the path names it and cannot change.
pub fn update_coupon(
    store: &Store,
    code: &str,
    mut coupon: Coupon,
    actor: Actor,
) -> Result<(Coupon, u32), PricingEditError> {
    let code = code.trim().to_uppercase();
    if !coupon.code.trim().is_empty() && coupon.code.trim().to_uppercase() != code {
        return Err(PricingEditError::Invalid(vec![
            "code: a coupon's code cannot change (create a new coupon)".into(),
        ]));
    }
    coupon.code = code.clone();
    let problems = coupon_problems(&coupon);
    if !problems.is_empty() {
        return Err(PricingEditError::Invalid(problems));
    }
    store.write(|txn| {
        let mut table = COUPON_CODE_TO_COUPON.write(txn)?;
        let before = table
            .get(code.as_str())?
            .ok_or_else(|| PricingEditError::NotFound(format!("no coupon {code}")))?;
        table.put(code.as_str(), &coupon)?;
        drop(table);
        let target = format!("coupon {code}");
        let action = match (before.active, coupon.active) {
            (true, false) => "coupon deactivated",
            (false, true) => "coupon activated",
            _ => "coupon changed",
        };
        actor.log(txn, action, &target, &changes(Some(&before), &coupon))?;
        let uses = uses_of(txn, &code)?;
        Ok((coupon, uses))
    })
}

/// Adds a promotion. Without an id, one is made (`promo-<n>`).
pub fn create_promotion(
    store: &Store,
    mut promotion: Promotion,
    known: &Known,
    actor: Actor,
) -> Result<Promotion, PricingEditError> {
    promotion.id = promotion.id.trim().to_string();
    promotion.name = crate::domain::text::single_line(&promotion.name)
        .trim()
        .to_string();
    let generate = promotion.id.is_empty();
    if generate {
        promotion.id = "promo-1".into(); // placeholder for validation
    }
    let problems = promotion_problems(&promotion, known);
    if !problems.is_empty() {
        return Err(PricingEditError::Invalid(problems));
    }
    store.write(|txn| {
        if generate {
            let table = PROMOTION_ID_TO_PROMOTION.read(txn)?;
            loop {
                let id = format!("promo-{}", next_id(txn, "promotion")?);
                if !table.contains(id.as_str())? {
                    promotion.id = id;
                    break;
                }
            }
        }
        let mut table = PROMOTION_ID_TO_PROMOTION.write(txn)?;
        if table.contains(promotion.id.as_str())? {
            return Err(PricingEditError::Exists(format!(
                "id: a promotion {} exists already",
                promotion.id
            )));
        }
        table.put(promotion.id.as_str(), &promotion)?;
        drop(table);
        let target = format!("promotion {}", promotion.id);
        actor.log(
            txn,
            "promotion created",
            &target,
            &changes(None::<&Promotion>, &promotion),
        )?;
        Ok(promotion)
    })
}

/// Changes a promotion; the id in the path names it and cannot change.
pub fn update_promotion(
    store: &Store,
    id: &str,
    mut promotion: Promotion,
    known: &Known,
    actor: Actor,
) -> Result<Promotion, PricingEditError> {
    if !promotion.id.trim().is_empty() && promotion.id.trim() != id {
        return Err(PricingEditError::Invalid(vec![
            "id: a promotion's id cannot change".into(),
        ]));
    }
    promotion.id = id.to_string();
    promotion.name = crate::domain::text::single_line(&promotion.name)
        .trim()
        .to_string();
    let problems = promotion_problems(&promotion, known);
    if !problems.is_empty() {
        return Err(PricingEditError::Invalid(problems));
    }
    store.write(|txn| {
        let mut table = PROMOTION_ID_TO_PROMOTION.write(txn)?;
        let before = table
            .get(id)?
            .ok_or_else(|| PricingEditError::NotFound(format!("no promotion {id}")))?;
        table.put(id, &promotion)?;
        drop(table);
        let target = format!("promotion {id}");
        let action = match (before.display, promotion.display) {
            (true, false) => "promotion deactivated",
            (false, true) => "promotion activated",
            _ => "promotion changed",
        };
        actor.log(txn, action, &target, &changes(Some(&before), &promotion))?;
        Ok(promotion)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coupon() -> Coupon {
        Coupon {
            code: "SONGKRAN25".into(),
            display: true,
            discount: Discount::Amount(Satang(25_000)),
            min_spend: Satang(500_000),
            starts_at: 1_000,
            ends_at: 2_000,
            usage_limit: 500,
            per_user_limit: 1,
            active: true,
        }
    }

    #[test]
    fn a_start_past_any_calendar_gets_no_end_and_no_panic() {
        // Found by the API fuzzer: a start of i64::MAX seconds overflowed into milliseconds.
        for start in [i64::MAX, 253_402_300_799, 1_000_000_000_000_000] {
            let mut far = Coupon {
                starts_at: start,
                ends_at: 0,
                ..coupon()
            };
            fill_new_coupon_dates(&mut far, 1_795_000_000);
            assert_eq!(far.starts_at, start);
        }
        let mut fresh = Coupon {
            starts_at: 0,
            ends_at: 0,
            ..coupon()
        };
        fill_new_coupon_dates(&mut fresh, 1_795_368_600);
        assert_eq!(fresh.starts_at, 1_795_368_600);
        let days = (fresh.ends_at - fresh.starts_at) as f64 / 86_400.0;
        assert!((30.0..=31.0).contains(&days), "{days}");
    }

    #[test]
    fn coupon_problems_name_each_field() {
        assert!(coupon_problems(&coupon()).is_empty());
        let bad = Coupon {
            code: "x y".into(),
            discount: Discount::Percent(0),
            min_spend: Satang(-1),
            ends_at: 1_000,
            usage_limit: 1,
            per_user_limit: 2,
            ..coupon()
        };
        let problems = coupon_problems(&bad);
        let fields: Vec<&str> = problems
            .iter()
            .map(|p| p.split(':').next().unwrap())
            .collect();
        assert_eq!(
            fields,
            ["code", "discount", "minSpend", "endsAt", "perUserLimit"]
        );
    }

    #[test]
    fn changes_list_only_what_changed() {
        let after = Coupon {
            min_spend: Satang(600_000),
            active: false,
            ..coupon()
        };
        assert_eq!(
            changes(Some(&coupon()), &after),
            "active true → false; minSpend 500000 → 600000"
        );
    }
}
