//! The owner's view (`reports.read`): `GET /api/admin/insights` — visits, the funnel, channels,
//! products viewed and bought, searches that led to orders, referrers and devices for a range of
//! shop days — and each of its tables as CSV (docs/INSIGHTS.md).

use axum::extract::{Query, State};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::permissions::need;
use crate::handlers::auth::Can;
use crate::handlers::staff::csv_download;
use crate::handlers::staff::reports::RangeQuery;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, blocking};
use crate::insights::report::{InsightsReport, report, table_rows};
use crate::state::AppState;

/// `{status, from, to, days, funnel, byKcard, topProducts, searches, referrers, devices, …}`.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct InsightsAnswer {
    pub status: SuccessStatus,
    #[serde(flatten)]
    #[ts(flatten)]
    pub report: InsightsReport,
}

/// A range and the table to download.
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema, TS)]
#[serde(default, deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct InsightsCsvQuery {
    #[ts(optional)]
    pub from: Option<String>,
    #[ts(optional)]
    pub to: Option<String>,
    /// `days`, `funnel`, `byKcard`, `topProducts`, `searches`, `referrers`, `devices` or
    /// `languages`.
    pub table: String,
}

async fn build(state: &AppState, range: RangeQuery) -> Result<InsightsReport, AppError> {
    let (from, to) = range.range()?;
    let (store, insights, catalog) = (
        state.store.clone(),
        state.insights.clone(),
        state.catalog.current(),
    );
    blocking("insights", move || {
        insights.flush(&store)?;
        report(&store, from, to, |code| {
            catalog
                .product(code)
                .map(|p| p.name.get(crate::i18n::Locale::DEFAULT).to_string())
                .unwrap_or_default()
        })
    })
    .await
}

/// Visits and orders per day with conversion, the funnel (product view → cart → checkout →
/// placed → paid), channels, products viewed vs bought, searches, referrers and devices for a
/// range of shop days (at most 400).
#[utoipa::path(
    get,
    path = "/api/admin/insights",
    tag = "admin",
    security(("bearer" = [])),
    params(RangeQuery),
    responses(
        (status = 200, description = "The counts of the range", body = InsightsAnswer),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs reports.read", body = ErrorAnswer),
    ),
)]
pub async fn get_insights(
    State(state): State<AppState>,
    _staff: Can<need::ReportsRead>,
    Query(query): Query<RangeQuery>,
) -> Result<Json<InsightsAnswer>, AppError> {
    let report = build(&state, query).await?;
    Ok(Json(InsightsAnswer {
        status: SuccessStatus::Success,
        report,
    }))
}

/// One table of the insights as CSV (UTF-8 with a byte-order mark; cells a spreadsheet would
/// run are marked as text).
#[utoipa::path(
    get,
    path = "/api/admin/insights.csv",
    tag = "admin",
    security(("bearer" = [])),
    params(InsightsCsvQuery),
    responses(
        (status = 200, description = "text/csv", content_type = "text/csv", body = String),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs reports.read", body = ErrorAnswer),
    ),
)]
pub async fn get_insights_csv(
    State(state): State<AppState>,
    _staff: Can<need::ReportsRead>,
    Query(query): Query<InsightsCsvQuery>,
) -> Result<Response, AppError> {
    let table = query.table.clone();
    let report = build(
        &state,
        RangeQuery {
            from: query.from,
            to: query.to,
        },
    )
    .await?;
    let rows = table_rows(&report, &table).ok_or_else(|| {
        AppError::bad_request(
            "invalid_parameter",
            "table: must be days, funnel, byKcard, topProducts, searches, referrers, devices or languages",
        )
    })?;
    let mut sheet = crate::domain::spreadsheet::CsvSheet::new();
    for row in rows {
        sheet
            .row(row)
            .map_err(|e| AppError::internal("insights CSV", e))?;
    }
    let text = sheet
        .into_text()
        .map_err(|e| AppError::internal("insights CSV", e))?;
    Ok(csv_download(
        &text,
        &format!("insights-{table}-{}-{}.csv", report.from, report.to),
    ))
}
