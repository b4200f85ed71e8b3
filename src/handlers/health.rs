//! `/api/health`: liveness, version, schema version and whether the database takes writes.

use axum::extract::State;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::http::envelope::SuccessStatus;
use crate::http::json::Json;
use crate::state::AppState;
use crate::store::migrate;

/// `{status, version, schemaVersion, uptimeSeconds}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct HealthAnswer {
    pub status: SuccessStatus,
    /// The version of this binary.
    pub version: &'static str,
    /// The database schema version this binary reads and writes.
    pub schema_version: u64,
    pub uptime_seconds: u64,
}

/// Liveness, version and whether the shop can save: a monitor (or the packaged watchdog)
/// learns from one request that the disk is full, not only that the process answers.
#[utoipa::path(
    get,
    path = "/api/health",
    tag = "system",
    responses(
        (status = 200, description = "The server is up and its database takes writes", body = HealthAnswer),
        (status = 503, description = "`storage_full`: the disk holding the database is full, so orders and every other write are refused until space is freed (`Retry-After` says when to ask again); `database_unavailable`: a write failed for another reason and the database could not be reopened yet. The message says why.", body = crate::http::envelope::ErrorAnswer,
            headers(("Retry-After" = u64, description = "Seconds before asking again"))),
    ),
)]
pub async fn health(State(state): State<AppState>) -> axum::response::Response {
    use axum::response::IntoResponse;
    if state.store.failure().is_some() || state.store.storage_full_since().is_some() {
        // Try to write now (the store reopens the file first if it must): success clears the
        // state, so the shop reports itself well as soon as space is back.
        let store = state.store.clone();
        let probed = tokio::task::spawn_blocking(move || store.probe_write()).await;
        if let Ok(Err(err)) = probed {
            return unhealthy(&err).into_response();
        }
    }
    Json(HealthAnswer {
        status: SuccessStatus::Success,
        version: env!("CARGO_PKG_VERSION"),
        schema_version: migrate::SCHEMA_VERSION,
        uptime_seconds: state.started.elapsed().as_secs(),
    })
    .into_response()
}

/// Health's 503: `storage_full` with `Retry-After`, or `database_unavailable`.
fn unhealthy(err: &crate::store::StoreError) -> axum::response::Response {
    use crate::http::error::{STORAGE_FULL, STORAGE_FULL_RETRY_SECONDS};
    use axum::response::IntoResponse;
    let (code, retry) = if err.is_storage_full() {
        (STORAGE_FULL, STORAGE_FULL_RETRY_SECONDS)
    } else {
        ("database_unavailable", 5)
    };
    let body = serde_json::json!({"status": "error",
        "error": {"code": code, "message": err.to_string()}});
    let mut response = (axum::http::StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response();
    response.headers_mut().insert(
        axum::http::header::RETRY_AFTER,
        axum::http::HeaderValue::from(retry),
    );
    response
}
