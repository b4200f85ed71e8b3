//! Thin handlers for coupons.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::app::AppState;
use crate::http::AppError;

/// `GET /api/app/promotions`: the displayed promotion rules, for the badges on product cards.
/// Prices are still computed only here; the UI shows which rule applies.
pub async fn list_promotions(State(state): State<AppState>) -> Result<Response, AppError> {
    let db = state.store.clone();
    let promotions = tokio::task::spawn_blocking(move || super::store::promotions(&db))
        .await
        .map_err(|e| AppError::internal("promotions", e))??;
    let shown: Vec<_> = promotions.into_iter().filter(|p| p.display).collect();
    Ok(axum::Json(json!({"status": "success", "promotions": shown})).into_response())
}

/// `GET /api/app/coupons`: coupons to show in the header's coupon label now.
pub async fn list_coupons(State(state): State<AppState>) -> Result<Response, AppError> {
    let db = state.store.clone();
    let coupons = tokio::task::spawn_blocking(move || super::store::coupons(&db))
        .await
        .map_err(|e| AppError::internal("coupons", e))??;
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let shown: Vec<_> = coupons
        .iter()
        .filter(|c| c.display && c.starts_at <= now && now < c.ends_at)
        .map(|c| json!({"code": c.code, "discount": c.discount, "minSpend": c.min_spend, "endsAt": c.ends_at}))
        .collect();
    Ok(
        axum::Json(json!({"status": "success", "count": shown.len(), "coupons": shown}))
            .into_response(),
    )
}
