//! Thin handlers for promotions and coupons on display.

use axum::extract::State;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::http::AppError;
use crate::http::envelope::SuccessStatus;
use crate::http::json::Json;
use crate::pricing::{Discount, Promotion, Satang};
use crate::state::AppState;

/// `{status, promotions}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct PromotionsAnswer {
    pub status: SuccessStatus,
    pub promotions: Vec<Promotion>,
}

/// A coupon as the header's coupon label and the checkout suggestions show it.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ShopCoupon {
    pub code: String,
    pub discount: Discount,
    /// The order value (after promotions) needed, in satang.
    pub min_spend: Satang,
    /// Unix seconds; valid until before then.
    pub ends_at: i64,
}

/// `{status, count, coupons}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CouponsAnswer {
    pub status: SuccessStatus,
    #[ts(type = "number")]
    pub count: usize,
    pub coupons: Vec<ShopCoupon>,
}

/// The promotion rules on display (docs/STOREFRONT.md §5 fields), for the badges on product cards.
///
/// Prices are still computed only by the server; the UI shows which rule applies.
#[utoipa::path(
    get,
    path = "/api/app/promotions",
    tag = "pricing",
    responses((status = 200, description = "Displayed promotions", body = PromotionsAnswer)),
)]
pub async fn list_promotions(
    State(state): State<AppState>,
) -> Result<Json<PromotionsAnswer>, AppError> {
    let db = state.store.clone();
    let promotions = tokio::task::spawn_blocking(move || crate::pricing::store::promotions(&db))
        .await
        .map_err(|e| AppError::internal("promotions", e))??;
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let promotions = promotions
        .into_iter()
        .filter(|p| p.display && p.runs_at(now))
        .collect();
    Ok(Json(PromotionsAnswer {
        status: SuccessStatus::Success,
        promotions,
    }))
}

/// The coupons to show in the header's coupon label now.
#[utoipa::path(
    get,
    path = "/api/app/coupons",
    tag = "pricing",
    responses((status = 200, description = "Displayed coupons valid now", body = CouponsAnswer)),
)]
pub async fn list_coupons(State(state): State<AppState>) -> Result<Json<CouponsAnswer>, AppError> {
    let db = state.store.clone();
    let coupons = tokio::task::spawn_blocking(move || crate::pricing::store::coupons(&db))
        .await
        .map_err(|e| AppError::internal("coupons", e))??;
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let coupons: Vec<ShopCoupon> = coupons
        .into_iter()
        .filter(|c| c.active && c.display && c.starts_at <= now && now < c.ends_at)
        .map(|c| ShopCoupon {
            code: c.code,
            discount: c.discount,
            min_spend: c.min_spend,
            ends_at: c.ends_at,
        })
        .collect();
    Ok(Json(CouponsAnswer {
        status: SuccessStatus::Success,
        count: coupons.len(),
        coupons,
    }))
}
