//! Sales per shop day, kept as running totals written in the same transaction as the order
//! that changes them (placed adds, cancelled takes back), so a report for any range reads one
//! row per day instead of every order.
//!
//! Days are shop days in Thai time (`crate::domain::shop_day`), so an order placed at 01:00 in
//! Bangkok counts for that Bangkok day, not the previous UTC one.

use std::collections::BTreeMap;

use redb::WriteTransaction;
use serde::{Deserialize, Serialize};
use time::Date;

use super::model::Order;
use crate::domain::Satang;
use crate::store::{JsonTable, Store, StoreError};

/// The shop day helpers live on the ground floor (search counts misses per shop day too);
/// re-exported here for the sales code and reports that read them as sales vocabulary.
pub use crate::domain::shop_day::{SHOP_OFFSET, day_key, day_of, day_start_millis, parse_day};

/// Shop day `YYYY-MM-DD` → [`DayTotals`].
pub const SALES_DAY_TO_TOTALS: JsonTable<&str, DayTotals> = JsonTable::new("sales_day_to_totals");

/// What one day sold: orders placed that day and not cancelled since.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DayTotals {
    pub orders: u64,
    pub revenue: Satang,
    pub vat: Satang,
    #[serde(default)]
    pub by_payment: BTreeMap<String, Tally>,
    #[serde(default)]
    pub by_kcard: BTreeMap<String, Tally>,
    /// Units sold per product code (every variant of a product counts for the product).
    #[serde(default)]
    pub products: BTreeMap<String, u64>,
    /// Of these orders, the ones whose payment was received (card payments verified with the
    /// provider), counted in the day the order was placed.
    #[serde(default)]
    pub paid: Tally,
    /// Refunds staff recorded this day (of orders placed on any day).
    #[serde(default)]
    pub refunds: Tally,
}

/// Orders and revenue of one slice (a payment method, a channel).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS,
)]
#[serde(rename_all = "camelCase")]
pub struct Tally {
    pub orders: u64,
    pub revenue: Satang,
}

/// Counts a placed order in its day (`placed = true`) or takes it back (cancelled).
pub fn record(txn: &WriteTransaction, order: &Order, placed: bool) -> Result<(), StoreError> {
    let key = day_key(day_of(order.created_at));
    let mut table = SALES_DAY_TO_TOTALS.write(txn)?;
    let mut day = table.get(key.as_str())?.unwrap_or_default();
    let sign: i64 = if placed { 1 } else { -1 };
    let orders = |n: u64| if placed { n + 1 } else { n.saturating_sub(1) };
    let amount = |s: Satang| Satang(s.get() + sign * order.total.get());
    day.orders = orders(day.orders);
    day.revenue = amount(day.revenue);
    day.vat = Satang(day.vat.get() + sign * order.quote.vat.get());
    let method = serde_json::to_value(order.payment.method)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default();
    for (slices, slice) in [
        (&mut day.by_payment, method),
        (&mut day.by_kcard, order.kcard.clone()),
    ] {
        let tally = slices.entry(slice).or_default();
        tally.orders = orders(tally.orders);
        tally.revenue = amount(tally.revenue);
    }
    for line in &order.lines {
        let sold = day
            .products
            .entry(line.product_code().to_string())
            .or_default();
        *sold = if placed {
            *sold + u64::from(line.qty)
        } else {
            sold.saturating_sub(u64::from(line.qty))
        };
    }
    day.by_payment.retain(|_, t| t.orders > 0);
    day.by_kcard.retain(|_, t| t.orders > 0);
    day.products.retain(|_, n| *n > 0);
    table.put(key.as_str(), &day)
}

/// Counts the payment of an order in its day (`received = true`) or takes it back (a refund).
pub fn record_payment(
    txn: &WriteTransaction,
    order: &Order,
    received: bool,
) -> Result<(), StoreError> {
    let key = day_key(day_of(order.created_at));
    let mut table = SALES_DAY_TO_TOTALS.write(txn)?;
    let mut day = table.get(key.as_str())?.unwrap_or_default();
    if received {
        day.paid.orders += 1;
        day.paid.revenue = Satang(day.paid.revenue.get() + order.total.get());
    } else {
        day.paid.orders = day.paid.orders.saturating_sub(1);
        day.paid.revenue = Satang(day.paid.revenue.get() - order.total.get());
    }
    table.put(key.as_str(), &day)
}

/// Counts a refund of `amount` staff recorded at `at` (unix milliseconds) in that day.
pub fn record_refund(txn: &WriteTransaction, amount: Satang, at: u64) -> Result<(), StoreError> {
    let key = day_key(day_of(at));
    let mut table = SALES_DAY_TO_TOTALS.write(txn)?;
    let mut day = table.get(key.as_str())?.unwrap_or_default();
    day.refunds.orders += 1;
    day.refunds.revenue = Satang(day.refunds.revenue.get() + amount.get());
    table.put(key.as_str(), &day)
}

/// One row of a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportDay {
    pub date: Date,
    pub totals: DayTotals,
}

/// Every day from `from` to `to` (both included), days without sales as zeros.
pub fn days(store: &Store, from: Date, to: Date) -> Result<Vec<ReportDay>, StoreError> {
    let (first, last) = (day_key(from), day_key(to));
    let mut stored = BTreeMap::new();
    // Only the range's rows: five years of days (each with its best sellers) are not read
    // for a 30-day dashboard.
    store.read(|txn| {
        SALES_DAY_TO_TOTALS
            .read(txn)?
            .scan_in(first.as_str()..=last.as_str(), |key, totals| {
                stored.insert(key.to_string(), totals);
                Ok::<bool, StoreError>(true)
            })
    })?;
    let mut out = Vec::new();
    let mut day = from;
    while day <= to {
        out.push(ReportDay {
            date: day,
            totals: stored.remove(&day_key(day)).unwrap_or_default(),
        });
        match day.next_day() {
            Some(next) => day = next,
            None => break,
        }
    }
    Ok(out)
}
