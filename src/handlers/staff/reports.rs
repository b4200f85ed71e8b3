//! Reports and the dashboard (staff, `reports.read`): sales per shop day from the running
//! totals the order transactions keep (never a scan of every order), what needs attention now
//! from the status index, and low stock from the catalogue snapshot.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use time::Date;
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::permissions::need;
use crate::content::model::Localized;
use crate::domain::Satang;
use crate::handlers::auth::Can;
use crate::handlers::staff::csv_download;
use crate::http::AppError;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::query_string::Query;
use crate::orders::desk::{ORDER_STATUS_TO_ORDER, status_code};
use crate::orders::model::Status;
use crate::orders::sales::{ReportDay, SHOP_OFFSET, Tally, day_key, days, parse_day};
use crate::orders::store::ORDER_ID_TO_ORDER;
use crate::state::AppState;
use crate::store::{Store, StoreError};

/// The longest range one report covers.
const MAX_DAYS: i64 = 400;
/// Products with this many units or fewer count as low on stock.
const LOW_STOCK: u32 = 3;

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema, TS)]
#[serde(default, deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// First shop day, `YYYY-MM-DD` (default: 29 days before `to`).
    #[param(format = Date)]
    #[ts(optional)]
    pub from: Option<String>,
    /// Last shop day, `YYYY-MM-DD` (default: today).
    #[param(format = Date)]
    #[ts(optional)]
    pub to: Option<String>,
}

impl RangeQuery {
    pub fn range(&self) -> Result<(Date, Date), AppError> {
        let bad = |name: &str, problem: &str| {
            AppError::bad_request("invalid_parameter", format!("{name}: {problem}"))
        };
        let day = |name: &str, v: &Option<String>| match v.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(t) => parse_day(t)
                .map(Some)
                .ok_or_else(|| bad(name, "must be a date YYYY-MM-DD")),
        };
        let to = day("to", &self.to)?.unwrap_or_else(today);
        let from = day("from", &self.from)?.unwrap_or(to - time::Duration::days(29));
        if from > to {
            return Err(bad("from", "must not be after to"));
        }
        if (to - from).whole_days() >= MAX_DAYS {
            return Err(bad("from", "a report covers at most 400 days"));
        }
        Ok((from, to))
    }
}

fn today() -> Date {
    time::OffsetDateTime::now_utc()
        .to_offset(SHOP_OFFSET)
        .date()
}

/// One day of a report.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct SalesDay {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub orders: u64,
    pub revenue: Satang,
}

/// Totals of a range; cancelled orders are not counted.
#[derive(Debug, Clone, Default, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct SalesTotals {
    /// Orders placed in the range (paid or not, cancelled ones not counted).
    pub orders: u64,
    /// What those orders come to (paid or not).
    pub revenue: Satang,
    /// Sales: what was paid for orders placed in the range, less the refunds recorded in it.
    /// The figure the dashboard leads with: an order waiting for its payment is not a sale.
    pub sales: Satang,
    /// Orders placed in the range whose payment was received, and their total.
    pub paid: Tally,
    /// Orders placed in the range still waiting for their payment now, and their total.
    pub awaiting: Tally,
    /// Revenue divided by orders, rounded down.
    pub average_order: Satang,
    /// VAT contained in the revenue.
    pub vat: Satang,
    /// Refunds recorded in the range (not taken from the revenue: cancelled orders already
    /// are not counted there).
    pub refunds: Tally,
}

/// Units sold of one product.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ProductSales {
    pub code: String,
    pub name: Option<Localized>,
    pub units: u64,
}

/// `{status, days, totals, byPayment, byKcard, topProducts}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct SalesReportAnswer {
    pub status: SuccessStatus,
    pub days: Vec<SalesDay>,
    pub totals: SalesTotals,
    /// Payment method → orders and revenue.
    #[ts(type = "Record<string, Tally>")]
    #[schema(value_type = HashMap<String, Tally>)]
    pub by_payment: BTreeMap<String, Tally>,
    /// Channel (`kcard`) → orders and revenue; `""` is the web shop.
    #[ts(type = "Record<string, Tally>")]
    #[schema(value_type = HashMap<String, Tally>)]
    pub by_kcard: BTreeMap<String, Tally>,
    /// The ten best sellers of the range.
    pub top_products: Vec<ProductSales>,
}

struct Summary {
    days: Vec<ReportDay>,
    totals: SalesTotals,
    by_payment: BTreeMap<String, Tally>,
    by_kcard: BTreeMap<String, Tally>,
    units: BTreeMap<String, u64>,
}

fn summarise(store: &Store, from: Date, to: Date) -> Result<Summary, StoreError> {
    let days = days(store, from, to)?;
    let mut summary = Summary {
        totals: SalesTotals::default(),
        by_payment: BTreeMap::new(),
        by_kcard: BTreeMap::new(),
        units: BTreeMap::new(),
        days: Vec::new(),
    };
    for day in &days {
        let t = &day.totals;
        summary.totals.orders += t.orders;
        summary.totals.revenue += t.revenue;
        summary.totals.vat += t.vat;
        summary.totals.refunds.orders += t.refunds.orders;
        summary.totals.refunds.revenue += t.refunds.revenue;
        summary.totals.paid.orders += t.paid.orders;
        summary.totals.paid.revenue += t.paid.revenue;
        for (into, from) in [
            (&mut summary.by_payment, &t.by_payment),
            (&mut summary.by_kcard, &t.by_kcard),
        ] {
            for (key, tally) in from {
                let sum = into.entry(key.clone()).or_default();
                sum.orders += tally.orders;
                sum.revenue += tally.revenue;
            }
        }
        for (code, units) in &t.products {
            *summary.units.entry(code.clone()).or_default() += units;
        }
    }
    if summary.totals.orders > 0 {
        let orders = i64::try_from(summary.totals.orders).unwrap_or(i64::MAX);
        summary.totals.average_order = Satang(summary.totals.revenue.get() / orders);
    }
    summary.totals.sales = summary.totals.paid.revenue - summary.totals.refunds.revenue;
    summary.totals.awaiting = awaiting(store, from, to)?;
    summary.days = days;
    Ok(summary)
}

/// Orders placed from `from` to `to` (shop days) that wait for their payment now, read from
/// the status index (a handful: unpaid orders expire).
fn awaiting(store: &Store, from: Date, to: Date) -> Result<Tally, StoreError> {
    let (first, last) = (day_key(from), day_key(to));
    store.read(|txn| {
        let index = ORDER_STATUS_TO_ORDER.read(txn)?;
        let orders = ORDER_ID_TO_ORDER.read(txn)?;
        let code = status_code(Status::PendingPayment);
        let mut tally = Tally::default();
        for key in index.keys_rev_in((code, 0)..(code + 1, 0))? {
            let (_, id) = key?;
            let Some(order) = orders.get(id)? else {
                continue;
            };
            let day = day_key(crate::orders::sales::day_of(order.created_at));
            if day >= first && day <= last {
                tally.orders += 1;
                tally.revenue += order.total;
            }
        }
        Ok(tally)
    })
}

fn top_products(state: &AppState, units: &BTreeMap<String, u64>, n: usize) -> Vec<ProductSales> {
    let catalog = state.catalog.current();
    let mut ranked: Vec<(&String, &u64)> = units.iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    ranked
        .into_iter()
        .take(n)
        .map(|(code, units)| ProductSales {
            code: code.clone(),
            name: catalog.product(code).map(|p| p.name.clone()),
            units: *units,
        })
        .collect()
}

/// Sales per shop day for a range, with totals, payment methods, channels and best sellers.
#[utoipa::path(
    get,
    path = "/api/admin/reports/sales",
    tag = "admin",
    security(("bearer" = [])),
    params(RangeQuery),
    responses(
        (status = 200, description = "The report", body = SalesReportAnswer),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs reports.read", body = ErrorAnswer),
    ),
)]
pub async fn sales_report(
    State(state): State<AppState>,
    _staff: Can<need::ReportsRead>,
    Query(query): Query<RangeQuery>,
) -> Result<Json<SalesReportAnswer>, AppError> {
    let (from, to) = query.range()?;
    let db = state.store.clone();
    let summary = tokio::task::spawn_blocking(move || summarise(&db, from, to))
        .await
        .map_err(|e| AppError::internal("sales report", e))??;
    Ok(Json(SalesReportAnswer {
        status: SuccessStatus::Success,
        days: summary
            .days
            .iter()
            .map(|d| SalesDay {
                date: day_key(d.date),
                orders: d.totals.orders,
                revenue: d.totals.revenue,
            })
            .collect(),
        top_products: top_products(&state, &summary.units, 10),
        totals: summary.totals,
        by_payment: summary.by_payment,
        by_kcard: summary.by_kcard,
    }))
}

/// The same report as CSV, one row per day (UTF-8 with a byte-order mark, amounts in baht).
#[utoipa::path(
    get,
    path = "/api/admin/reports/sales.csv",
    tag = "admin",
    security(("bearer" = [])),
    params(RangeQuery),
    responses(
        (status = 200, description = "text/csv", content_type = "text/csv", body = String),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs reports.read", body = ErrorAnswer),
    ),
)]
pub async fn sales_report_csv(
    State(state): State<AppState>,
    _staff: Can<need::ReportsRead>,
    Query(query): Query<RangeQuery>,
) -> Result<Response, AppError> {
    let (from, to) = query.range()?;
    let db = state.store.clone();
    let summary = tokio::task::spawn_blocking(move || summarise(&db, from, to))
        .await
        .map_err(|e| AppError::internal("sales report", e))??;
    // Dates and amounts only today, but every CSV the shop writes goes through the one sheet
    // that marks cells a spreadsheet would run, so a text column added later is covered.
    let mut out = crate::domain::spreadsheet::CsvSheet::new();
    let write = |out: &mut crate::domain::spreadsheet::CsvSheet| -> Result<(), csv::Error> {
        out.row([
            "date",
            "orders",
            "revenue",
            "vat",
            "average_order",
            "refunds",
            "refunded",
        ])?;
        for day in &summary.days {
            let t = &day.totals;
            let average = if t.orders > 0 {
                Satang(t.revenue.get() / i64::try_from(t.orders).unwrap_or(i64::MAX))
            } else {
                Satang::ZERO
            };
            out.row([
                day_key(day.date),
                t.orders.to_string(),
                t.revenue.to_decimal_string(),
                t.vat.to_decimal_string(),
                average.to_decimal_string(),
                t.refunds.orders.to_string(),
                t.refunds.revenue.to_decimal_string(),
            ])?;
        }
        let t = &summary.totals;
        out.row([
            "total".into(),
            t.orders.to_string(),
            t.revenue.to_decimal_string(),
            t.vat.to_decimal_string(),
            t.average_order.to_decimal_string(),
            t.refunds.orders.to_string(),
            t.refunds.revenue.to_decimal_string(),
        ])
    };
    write(&mut out).map_err(|e| AppError::internal("sales CSV", e))?;
    let text = out
        .into_text()
        .map_err(|e| AppError::internal("sales CSV", e))?;
    Ok(csv_download(&text, "sales.csv"))
}

/// What needs someone now.
#[derive(Debug, Clone, Default, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Attention {
    /// Unpaid for longer than `payment_wait_hours`.
    pub awaiting_payment: u64,
    /// The configured `payment_wait_hours`, so the dashboard can say "for more than N hours".
    pub payment_wait_hours: u32,
    /// Paid or being prepared, not shipped yet.
    pub to_ship: u64,
    /// Shipped, not yet confirmed delivered.
    pub in_transit: u64,
    /// Unpaid orders with a payment slip waiting to be checked.
    pub proofs_to_check: u64,
    /// Orders owing their shopper money back: cancelled after payment, paid after expiry, or
    /// paid twice (`payment.refundDue`).
    pub refunds_due: u64,
}

/// A product running out.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct LowStock {
    pub code: String,
    pub name: Localized,
    pub stock: u32,
}

/// `{status, today, last7, last30, days, attention, topProducts, lowStock}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct DashboardAnswer {
    pub status: SuccessStatus,
    pub today: SalesTotals,
    pub last7: SalesTotals,
    pub last30: SalesTotals,
    /// The last 30 days, for the chart.
    pub days: Vec<SalesDay>,
    pub attention: Attention,
    pub top_products: Vec<ProductSales>,
    pub low_stock: Vec<LowStock>,
    pub storage: StorageStatus,
}

/// Whether the shop can save and whether its backups run: both fail out of sight otherwise
/// (a full disk answered shoppers with errors while health said 200; nightly backups failed
/// for days with no one told).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct StorageStatus {
    /// Since when (Unix seconds) writes have been refused because the disk is full; absent
    /// while the shop saves normally.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub disk_full_since: Option<u64>,
    /// The last backup tried; absent before the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_backup: Option<crate::store::backup::BackupRecord>,
    /// What staff should be warned about the backups; absent when they are fine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub backup_warning: Option<crate::store::backup::BackupWarning>,
    /// Each off-site destination configured (`[[backup.destinations]]`) and its copies.
    pub offsite: Vec<OffsiteStatus>,
    /// The HTTPS certificate the shop serves itself (`[tls]`); absent without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub certificate: Option<crate::http::tls::CertificateStatus>,
    /// What staff should be warned about that certificate (14 days before it expires, or after
    /// a failed renewal); absent when it is fine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub certificate_warning: Option<crate::http::tls::CertificateWarning>,
}

/// One off-site destination on the dashboard: its last successful copy, and whether staff
/// are warned (no successful copy for 48 hours, or never).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct OffsiteStatus {
    pub name: String,
    /// `s3`, `webdav`, `sftp` or `file`.
    pub kind: String,
    /// The last copy tried and the last success; absent before the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub record: Option<crate::store::offsite::OffsiteRecord>,
    pub overdue: bool,
}

fn storage_status(
    store: &Store,
    backups: &crate::config::Backup,
    certificates: Option<std::path::PathBuf>,
) -> Result<StorageStatus, StoreError> {
    let last_backup = crate::store::backup::last_backup(store)?;
    let now = time::OffsetDateTime::now_utc().unix_timestamp().max(0) as u64;
    let mut offsite = Vec::new();
    for dest in &backups.destinations {
        let record = crate::store::offsite::record(store, &dest.name)?;
        offsite.push(OffsiteStatus {
            name: dest.name.clone(),
            kind: dest.location().map(|l| l.kind()).unwrap_or_default().into(),
            overdue: crate::store::offsite::overdue(record.as_ref(), now),
            record,
        });
    }
    let certificate = certificates.and_then(|dir| crate::http::tls::CertificateStatus::read(&dir));
    Ok(StorageStatus {
        offsite,
        disk_full_since: store.storage_full_since(),
        backup_warning: crate::store::backup::backup_warning(last_backup.as_ref(), now),
        last_backup,
        certificate_warning: certificate.as_ref().and_then(|c| c.warning(now)),
        certificate,
    })
}

fn attention(store: &Store, wait_hours: u32) -> Result<Attention, StoreError> {
    let waited = crate::activity::now_millis().saturating_sub(u64::from(wait_hours) * 3_600_000);
    store.read(|txn| {
        let index = ORDER_STATUS_TO_ORDER.read(txn)?;
        let count = |status: Status| -> Result<u64, StoreError> {
            let code = status_code(status);
            Ok(index.keys_rev_in((code, 0)..(code + 1, 0))?.count() as u64)
        };
        let orders = ORDER_ID_TO_ORDER.read(txn)?;
        let code = status_code(Status::PendingPayment);
        let (mut awaiting, mut proofs_to_check) = (0, 0);
        for key in index.keys_rev_in((code, 0)..(code + 1, 0))? {
            let (_, id) = key?;
            let Some(order) = orders.get(id)? else {
                continue;
            };
            if order.created_at < waited {
                awaiting += 1;
            }
            if order
                .payment
                .proofs
                .iter()
                .any(|p| p.status == crate::orders::model::ProofStatus::Pending)
            {
                proofs_to_check += 1;
            }
        }
        Ok(Attention {
            awaiting_payment: awaiting,
            payment_wait_hours: wait_hours,
            to_ship: count(Status::Paid)? + count(Status::Preparing)?,
            in_transit: count(Status::Shipped)?,
            proofs_to_check,
            refunds_due: crate::orders::store::REFUND_DUE_TO_ORDER.read(txn)?.len()?,
        })
    })
}

/// The staff home: sales today and over 7 and 30 days, what needs attention, best sellers
/// and products running low.
#[utoipa::path(
    get,
    path = "/api/admin/dashboard",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The dashboard", body = DashboardAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs reports.read", body = ErrorAnswer),
    ),
)]
pub async fn dashboard(
    State(state): State<AppState>,
    _staff: Can<need::ReportsRead>,
) -> Result<Json<DashboardAnswer>, AppError> {
    let db = state.store.clone();
    let to = today();
    let wait_hours = state.config.payment_wait_hours;
    let config = state.config.clone();
    let certificates = state
        .config
        .tls
        .enabled()
        .then(|| crate::config::Tls::store_dir(&state.config.data_dir));
    let (today_sales, week, month, attention, storage) = tokio::task::spawn_blocking(move || {
        Ok::<_, StoreError>((
            summarise(&db, to, to)?,
            summarise(&db, to - time::Duration::days(6), to)?,
            summarise(&db, to - time::Duration::days(29), to)?,
            attention(&db, wait_hours)?,
            storage_status(&db, &config.backup, certificates)?,
        ))
    })
    .await
    .map_err(|e| AppError::internal("dashboard", e))??;
    let catalog = state.catalog.current();
    let mut low_stock: Vec<LowStock> = catalog
        .products
        .iter()
        .filter(|p| p.active && p.stock <= LOW_STOCK)
        .map(|p| LowStock {
            code: p.code.clone(),
            name: p.name.clone(),
            stock: p.stock,
        })
        .collect();
    low_stock.sort_by(|a, b| a.stock.cmp(&b.stock).then(a.code.cmp(&b.code)));
    low_stock.truncate(20);
    Ok(Json(DashboardAnswer {
        status: SuccessStatus::Success,
        today: today_sales.totals,
        last7: week.totals,
        top_products: top_products(&state, &month.units, 5),
        days: month
            .days
            .iter()
            .map(|d| SalesDay {
                date: day_key(d.date),
                orders: d.totals.orders,
                revenue: d.totals.revenue,
            })
            .collect(),
        last30: month.totals,
        attention,
        low_stock,
        storage,
    }))
}
