//! Promotions and coupons (staff): list with usage counts, create, change, deactivate.
//! Thin handlers over `pricing::edit`; every change goes through one `change` helper that
//! records who made it (docs/STAFF.md).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::permissions::need;
use crate::activity::Actor;
use crate::handlers::auth::Can;
use crate::handlers::staff::who;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, blocking};
use crate::pricing::edit::{self, Known, PricingEditError as EditError};
use crate::pricing::{Coupon, Promotion};
use crate::state::AppState;
use crate::store::Store;

/// A coupon with how often it was used (orders placed with it, cancellations taken back).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct AdminCoupon {
    #[serde(flatten)]
    pub coupon: Coupon,
    pub uses: u32,
}

/// `{status, coupons}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminCouponsAnswer {
    pub status: SuccessStatus,
    /// By code.
    pub coupons: Vec<AdminCoupon>,
}

/// `{status, coupon}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminCouponAnswer {
    pub status: SuccessStatus,
    pub coupon: AdminCoupon,
}

/// `{status, promotions}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminPromotionsAnswer {
    pub status: SuccessStatus,
    /// Every promotion, on or off, by id.
    pub promotions: Vec<Promotion>,
}

/// `{status, promotion}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminPromotionAnswer {
    pub status: SuccessStatus,
    pub promotion: Promotion,
}

/// One change to the coupons or promotions, recorded as the caller's, off the async workers.
async fn change<T: Send + 'static>(
    state: &AppState,
    staff: &Can<need::CatalogWrite>,
    headers: &HeaderMap,
    what: &'static str,
    work: impl FnOnce(&Store, Actor) -> Result<T, EditError> + Send + 'static,
) -> Result<T, AppError> {
    let (name, channel) = who(staff, headers);
    let store = state.store.clone();
    blocking(what, move || {
        work(
            &store,
            Actor {
                name: &name,
                kcard: &channel,
            },
        )
    })
    .await
}

fn known(state: &AppState) -> Known {
    let catalog = state.catalog.current();
    Known {
        products: catalog.products.iter().map(|p| p.code.clone()).collect(),
        rooms: catalog.rooms.iter().map(|r| r.key.clone()).collect(),
        categories: catalog.categories().iter().map(|c| c.key.clone()).collect(),
    }
}

/// Every coupon, active or not, with its uses so far.
#[utoipa::path(
    get,
    path = "/api/admin/coupons",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Coupons by code", body = AdminCouponsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn list_coupons(
    State(state): State<AppState>,
    _staff: Can<need::CatalogWrite>,
) -> Result<Json<AdminCouponsAnswer>, AppError> {
    let db = state.store.clone();
    let mut coupons = blocking("reading coupons", move || edit::coupons_with_uses(&db)).await?;
    coupons.sort_by(|a, b| a.0.code.cmp(&b.0.code));
    Ok(Json(AdminCouponsAnswer {
        status: SuccessStatus::Success,
        coupons: coupons
            .into_iter()
            .map(|(coupon, uses)| AdminCoupon { coupon, uses })
            .collect(),
    }))
}

/// Adds a coupon (the code is uppercased).
#[utoipa::path(
    post,
    path = "/api/admin/coupons",
    tag = "admin",
    security(("bearer" = [])),
    request_body = Coupon,
    responses(
        (status = 201, description = "The new coupon", body = AdminCouponAnswer),
        (status = 400, description = "`invalid_input`: one `field: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 409, description = "`already_exists`: the code is taken", body = ErrorAnswer),
    ),
)]
pub async fn create_coupon(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<Coupon>,
) -> Result<(StatusCode, Json<AdminCouponAnswer>), AppError> {
    let (coupon, uses) = change(
        &state,
        &staff,
        &headers,
        "saving a coupon",
        move |db, actor| edit::create_coupon(db, body, actor),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(AdminCouponAnswer {
            status: SuccessStatus::Success,
            coupon: AdminCoupon { coupon, uses },
        }),
    ))
}

/// Changes a coupon (deactivate with `active: false`; coupons are never deleted). The code
/// cannot change.
#[utoipa::path(
    put,
    path = "/api/admin/coupons/{code}",
    tag = "admin",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "coupon code")),
    request_body = Coupon,
    responses(
        (status = 200, description = "The coupon", body = AdminCouponAnswer),
        (status = 400, description = "`invalid_input`: one `field: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn update_coupon(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Path(code): Path<String>,
    Json(body): Json<Coupon>,
) -> Result<Json<AdminCouponAnswer>, AppError> {
    let (coupon, uses) = change(
        &state,
        &staff,
        &headers,
        "saving a coupon",
        move |db, actor| edit::update_coupon(db, &code, body, actor),
    )
    .await?;
    Ok(Json(AdminCouponAnswer {
        status: SuccessStatus::Success,
        coupon: AdminCoupon { coupon, uses },
    }))
}

/// Every promotion, on or off.
#[utoipa::path(
    get,
    path = "/api/admin/promotions",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Promotions by id", body = AdminPromotionsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn list_promotions(
    State(state): State<AppState>,
    _staff: Can<need::CatalogWrite>,
) -> Result<Json<AdminPromotionsAnswer>, AppError> {
    let db = state.store.clone();
    let promotions = blocking("reading promotions", move || {
        crate::pricing::store::promotions(&db)
    })
    .await?;
    Ok(Json(AdminPromotionsAnswer {
        status: SuccessStatus::Success,
        promotions,
    }))
}

/// Adds a promotion (its rule fields plus name and dates). Without an `id` one is made.
#[utoipa::path(
    post,
    path = "/api/admin/promotions",
    tag = "admin",
    security(("bearer" = [])),
    request_body = Promotion,
    responses(
        (status = 201, description = "The new promotion", body = AdminPromotionAnswer),
        (status = 400, description = "`invalid_input`: one `field: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 409, description = "`already_exists`: the id is taken", body = ErrorAnswer),
    ),
)]
pub async fn create_promotion(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<Promotion>,
) -> Result<(StatusCode, Json<AdminPromotionAnswer>), AppError> {
    let known = known(&state);
    let promotion = change(
        &state,
        &staff,
        &headers,
        "saving a promotion",
        move |db, actor| edit::create_promotion(db, body, &known, actor),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(AdminPromotionAnswer {
            status: SuccessStatus::Success,
            promotion,
        }),
    ))
}

/// Changes a promotion (deactivate with `display: false`; never deleted). The id cannot
/// change.
#[utoipa::path(
    put,
    path = "/api/admin/promotions/{id}",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "promotion id")),
    request_body = Promotion,
    responses(
        (status = 200, description = "The promotion", body = AdminPromotionAnswer),
        (status = 400, description = "`invalid_input`: one `field: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn update_promotion(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Path(id): Path<String>,
    Json(body): Json<Promotion>,
) -> Result<Json<AdminPromotionAnswer>, AppError> {
    let known = known(&state);
    let promotion = change(
        &state,
        &staff,
        &headers,
        "saving a promotion",
        move |db, actor| edit::update_promotion(db, &id, body, &known, actor),
    )
    .await?;
    Ok(Json(AdminPromotionAnswer {
        status: SuccessStatus::Success,
        promotion,
    }))
}
