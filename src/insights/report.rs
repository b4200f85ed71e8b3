//! The owner's view of a range of shop days: the counted visits and steps (`super`) beside the
//! sales per day (`crate::orders::sales`: orders placed, paid and their revenue per channel and
//! product), answered by `GET /api/admin/insights` and its CSV tables.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use time::Date;
use ts_rs::TS;
use utoipa::ToSchema;

use super::{INSIGHT_KEY_TO_COUNT, SEPARATOR, day_range};
use crate::domain::Satang;
use crate::domain::shop_day::day_key;
use crate::orders::sales;
use crate::store::{Store, StoreError};

/// Rows a ranked table lists at most.
const TOP: usize = 20;

/// One shop day: visits, page views, orders placed and their revenue.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct InsightsDay {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub visits: u64,
    pub page_views: u64,
    pub orders: u64,
    pub revenue: Satang,
    /// Orders per visit (0 without visits).
    pub conversion: f64,
}

/// One step of the funnel: product view → cart → checkout → placed → paid.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct FunnelStep {
    /// `productView`, `cart`, `checkout`, `placed` or `paid`.
    pub step: String,
    /// Visitors who reached the step (`placed` and `paid`: orders).
    pub count: u64,
    /// The share of the previous step that did not reach this one (0 for the first).
    pub drop: f64,
}

/// Visits, orders and revenue of one slice: a channel, a referrer, a device class, a language.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct InsightsSlice {
    /// The channel (`kcard`), referrer domain (empty: none), device class or language code.
    pub name: String,
    pub visits: u64,
    pub orders: u64,
    pub revenue: Satang,
    pub conversion: f64,
}

/// A product's page views beside the units sold.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductInsight {
    pub code: String,
    pub name: String,
    pub views: u64,
    pub sold: u64,
}

/// A search term: how often it was searched and how many orders followed it.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct SearchInsight {
    pub term: String,
    pub searches: u64,
    pub orders: u64,
}

/// Page views by page kind (`home`, `product`, `checkout`…).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageKindViews {
    pub kind: String,
    pub views: u64,
}

/// What was counted apart: crawler page requests and visitors whose browser never ran the app.
#[derive(Debug, Clone, Default, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct CrawlerCounts {
    pub pages: u64,
    pub no_script: u64,
}

/// Cart reminders: sent, carts that came back to an order, and those orders' revenue.
#[derive(Debug, Clone, Default, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReminderCounts {
    pub sent: u64,
    pub recovered: u64,
    pub revenue: Satang,
}

/// The whole view of a range.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct InsightsReport {
    pub from: String,
    pub to: String,
    pub days: Vec<InsightsDay>,
    pub funnel: Vec<FunnelStep>,
    pub by_kcard: Vec<InsightsSlice>,
    pub top_products: Vec<ProductInsight>,
    pub searches: Vec<SearchInsight>,
    pub referrers: Vec<InsightsSlice>,
    pub devices: Vec<InsightsSlice>,
    pub languages: Vec<InsightsSlice>,
    pub pages: Vec<PageKindViews>,
    pub crawlers: CrawlerCounts,
    pub reminders: ReminderCounts,
}

fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        // Counts stay far below 2^52, so the conversion is exact.
        part as f64 / whole as f64
    }
}

/// Counts by (what, value), or by (day, what).
type Tally = HashMap<(String, String), u64>;

/// Every counted key of the range summed over its days: (what, value) → count, and per day.
fn counts(store: &Store, from: Date, to: Date) -> Result<(Tally, Tally), StoreError> {
    let (start, end) = day_range(&day_key(from), &day_key(to));
    let mut totals: Tally = HashMap::new();
    let mut per_day: Tally = HashMap::new();
    store.read(|txn| {
        INSIGHT_KEY_TO_COUNT
            .read(txn)?
            .scan_from(start.as_str(), |key, count| {
                if key >= end.as_str() {
                    return Ok::<bool, StoreError>(false);
                }
                let mut parts = key.splitn(3, SEPARATOR);
                if let (Some(day), Some(what), Some(value)) =
                    (parts.next(), parts.next(), parts.next())
                {
                    *totals
                        .entry((what.to_string(), value.to_string()))
                        .or_insert(0) += count;
                    if value == "all" && (what == "visit" || what == "view") {
                        *per_day
                            .entry((day.to_string(), what.to_string()))
                            .or_insert(0) += count;
                    }
                }
                Ok(true)
            })
    })?;
    Ok((totals, per_day))
}

/// The report of `from` to `to` (shop days, inclusive); `name_of` gives a product's name.
pub fn report(
    store: &Store,
    from: Date,
    to: Date,
    name_of: impl Fn(&str) -> String,
) -> Result<InsightsReport, StoreError> {
    let (totals, per_day) = counts(store, from, to)?;
    let sales_days = sales::days(store, from, to)?;
    let get = |what: &str, value: &str| {
        totals
            .get(&(what.to_string(), value.to_string()))
            .copied()
            .unwrap_or(0)
    };

    let mut placed = 0;
    let mut paid = 0;
    let mut channel_sales: BTreeMap<String, (u64, i64)> = BTreeMap::new();
    let mut sold: HashMap<String, u64> = HashMap::new();
    let mut days = Vec::with_capacity(sales_days.len());
    for day in &sales_days {
        let key = day_key(day.date);
        let visits = per_day
            .get(&(key.clone(), "visit".to_string()))
            .copied()
            .unwrap_or(0);
        let page_views = per_day
            .get(&(key.clone(), "view".to_string()))
            .copied()
            .unwrap_or(0);
        days.push(InsightsDay {
            date: key,
            visits,
            page_views,
            orders: day.totals.orders,
            revenue: day.totals.revenue,
            conversion: ratio(day.totals.orders, visits),
        });
        placed += day.totals.orders;
        paid += day.totals.paid.orders;
        for (kcard, tally) in &day.totals.by_kcard {
            let name = if kcard.is_empty() {
                super::DEFAULT_KCARD
            } else {
                kcard
            };
            let entry = channel_sales.entry(name.to_string()).or_default();
            entry.0 += tally.orders;
            entry.1 += tally.revenue.get();
        }
        for (code, units) in &day.totals.products {
            *sold.entry(code.clone()).or_insert(0) += units;
        }
    }

    let steps = [
        ("productView", get("product", "all")),
        ("cart", get("cart", "all")),
        ("checkout", get("checkout", "all")),
        ("placed", placed),
        ("paid", paid),
    ];
    let funnel = steps
        .iter()
        .enumerate()
        .map(|(i, (step, count))| FunnelStep {
            step: (*step).to_string(),
            count: *count,
            drop: if i == 0 {
                0.0
            } else {
                let before = steps[i - 1].1;
                ratio(before.saturating_sub(*count), before)
            },
        })
        .collect();

    // The values counted under one prefix (`k:`, `r:`…) of visits.
    let values_of = |prefix: &str| -> Vec<String> {
        let mut names: Vec<String> = totals
            .keys()
            .filter(|(what, value)| {
                (what == "visit" || what == "placed") && value.starts_with(prefix)
            })
            .map(|(_, value)| value[prefix.len()..].to_string())
            .collect();
        names.sort();
        names.dedup();
        names
    };
    let slices = |prefix: &str| -> Vec<InsightsSlice> {
        let mut rows: Vec<InsightsSlice> = values_of(prefix)
            .into_iter()
            .map(|name| {
                let value = format!("{prefix}{name}");
                let visits = get("visit", &value);
                let orders = get("placed", &value);
                InsightsSlice {
                    revenue: Satang(i64::try_from(get("revenue", &value)).unwrap_or(i64::MAX)),
                    conversion: ratio(orders, visits),
                    name,
                    visits,
                    orders,
                }
            })
            .collect();
        rows.sort_by(|a, b| b.visits.cmp(&a.visits).then_with(|| a.name.cmp(&b.name)));
        rows.truncate(TOP);
        rows
    };

    // Channels: visits counted here, orders and revenue from the sales (every order has its
    // channel, also those placed without a counted visit).
    let mut kcards = values_of("k:");
    kcards.extend(channel_sales.keys().cloned());
    kcards.sort();
    kcards.dedup();
    let mut by_kcard: Vec<InsightsSlice> = kcards
        .into_iter()
        .map(|name| {
            let visits = get("visit", &format!("k:{name}"));
            let (orders, revenue) = channel_sales.get(&name).copied().unwrap_or_default();
            InsightsSlice {
                conversion: ratio(orders, visits),
                name,
                visits,
                orders,
                revenue: Satang(revenue),
            }
        })
        .collect();
    by_kcard.sort_by(|a, b| b.visits.cmp(&a.visits).then_with(|| a.name.cmp(&b.name)));

    let mut codes: Vec<String> = totals
        .keys()
        .filter(|(what, _)| what == "item")
        .map(|(_, code)| code.clone())
        .collect();
    codes.extend(sold.keys().cloned());
    codes.sort();
    codes.dedup();
    let mut top_products: Vec<ProductInsight> = codes
        .into_iter()
        .map(|code| ProductInsight {
            views: get("item", &code),
            sold: sold.get(&code).copied().unwrap_or(0),
            name: name_of(&code),
            code,
        })
        .collect();
    top_products.sort_by(|a, b| {
        (b.views + b.sold)
            .cmp(&(a.views + a.sold))
            .then_with(|| a.code.cmp(&b.code))
    });
    top_products.truncate(TOP);

    let mut searches: Vec<SearchInsight> = totals
        .iter()
        .filter(|((what, _), _)| what == "search")
        .map(|((_, term), n)| SearchInsight {
            term: term.clone(),
            searches: *n,
            orders: get("searchorder", term),
        })
        .collect();
    searches.sort_by(|a, b| {
        b.orders
            .cmp(&a.orders)
            .then_with(|| b.searches.cmp(&a.searches))
            .then_with(|| a.term.cmp(&b.term))
    });
    searches.truncate(TOP);

    let mut pages: Vec<PageKindViews> = totals
        .iter()
        .filter(|((what, _), _)| what == "page")
        .map(|((_, kind), n)| PageKindViews {
            kind: kind.clone(),
            views: *n,
        })
        .collect();
    pages.sort_by(|a, b| b.views.cmp(&a.views).then_with(|| a.kind.cmp(&b.kind)));

    Ok(InsightsReport {
        from: day_key(from),
        to: day_key(to),
        days,
        funnel,
        by_kcard,
        top_products,
        searches,
        referrers: slices("r:"),
        devices: slices("d:"),
        languages: slices("l:"),
        pages,
        crawlers: CrawlerCounts {
            pages: get("crawler", "pages"),
            no_script: get("crawler", "nojs"),
        },
        reminders: ReminderCounts {
            sent: get("reminder", "sent"),
            recovered: get("reminder", "recovered"),
            revenue: Satang(i64::try_from(get("reminder", "revenue")).unwrap_or(i64::MAX)),
        },
    })
}

/// One table of the report as CSV rows (header first); `None` for an unknown table name.
pub fn table_rows(report: &InsightsReport, table: &str) -> Option<Vec<Vec<String>>> {
    let baht = |s: Satang| format!("{:.2}", s.get() as f64 / 100.0);
    let pct = |r: f64| format!("{:.1}", r * 100.0);
    let slice_rows = |first: &str, rows: &[InsightsSlice]| {
        let mut out = vec![vec![
            first.to_string(),
            "visits".into(),
            "orders".into(),
            "revenue".into(),
            "conversion %".into(),
        ]];
        out.extend(rows.iter().map(|r| {
            vec![
                r.name.clone(),
                r.visits.to_string(),
                r.orders.to_string(),
                baht(r.revenue),
                pct(r.conversion),
            ]
        }));
        out
    };
    Some(match table {
        "days" => {
            let mut out = vec![vec![
                "date".into(),
                "visits".into(),
                "page views".into(),
                "orders".into(),
                "revenue".into(),
                "conversion %".into(),
            ]];
            out.extend(report.days.iter().map(|d| {
                vec![
                    d.date.clone(),
                    d.visits.to_string(),
                    d.page_views.to_string(),
                    d.orders.to_string(),
                    baht(d.revenue),
                    pct(d.conversion),
                ]
            }));
            out
        }
        "funnel" => {
            let mut out = vec![vec!["step".into(), "count".into(), "drop %".into()]];
            out.extend(
                report
                    .funnel
                    .iter()
                    .map(|s| vec![s.step.clone(), s.count.to_string(), pct(s.drop)]),
            );
            out
        }
        "byKcard" => slice_rows("kcard", &report.by_kcard),
        "referrers" => slice_rows("referrer", &report.referrers),
        "devices" => slice_rows("device", &report.devices),
        "languages" => slice_rows("language", &report.languages),
        "topProducts" => {
            let mut out = vec![vec![
                "code".into(),
                "name".into(),
                "views".into(),
                "sold".into(),
            ]];
            out.extend(report.top_products.iter().map(|p| {
                vec![
                    p.code.clone(),
                    p.name.clone(),
                    p.views.to_string(),
                    p.sold.to_string(),
                ]
            }));
            out
        }
        "searches" => {
            let mut out = vec![vec!["term".into(), "searches".into(), "orders".into()]];
            out.extend(
                report
                    .searches
                    .iter()
                    .map(|s| vec![s.term.clone(), s.searches.to_string(), s.orders.to_string()]),
            );
            out
        }
        _ => return None,
    })
}
