//! Promotions and coupons (staff): list with usage counts, create, change, deactivate.
//! Thin handlers over `pricing::edit`.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::permissions::need;
use crate::handlers::auth::Can;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, kcard};
use crate::pricing::edit::{self, Actor, EditError, Known};
use crate::pricing::{Coupon, Promotion};
use crate::state::AppState;

impl From<EditError> for AppError {
    fn from(err: EditError) -> Self {
        match err {
            EditError::Invalid(problems) => {
                AppError::bad_request("invalid_input", problems.join("\n"))
            }
            EditError::NotFound(message) => AppError::NotFound(message),
            EditError::Exists(message) => AppError::Conflict {
                code: "already_exists",
                message,
            },
            EditError::Store(err) => err.into(),
        }
    }
}

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

/// [`crate::http::blocking`] for this file's use cases, whose errors are [`EditError`]s.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, EditError> + Send + 'static,
) -> Result<T, AppError> {
    crate::http::blocking("promotion task", work).await
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
    let mut coupons = blocking(move || Ok(edit::coupons_with_uses(&db)?)).await?;
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
    let db = state.store.clone();
    let (actor, channel) = (staff.caller().user.username.clone(), kcard(&headers));
    let (coupon, uses) = blocking(move || {
        edit::create_coupon(
            &db,
            body,
            Actor {
                name: &actor,
                kcard: &channel,
            },
        )
    })
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
    let db = state.store.clone();
    let (actor, channel) = (staff.caller().user.username.clone(), kcard(&headers));
    let (coupon, uses) = blocking(move || {
        edit::update_coupon(
            &db,
            &code,
            body,
            Actor {
                name: &actor,
                kcard: &channel,
            },
        )
    })
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
    let promotions = blocking(move || Ok(crate::pricing::store::promotions(&db)?)).await?;
    Ok(Json(AdminPromotionsAnswer {
        status: SuccessStatus::Success,
        promotions,
    }))
}

/// Adds a promotion (SPEC §5 rule fields plus name and dates). Without an `id` one is made.
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
    let db = state.store.clone();
    let known = known(&state);
    let (actor, channel) = (staff.caller().user.username.clone(), kcard(&headers));
    let promotion = blocking(move || {
        edit::create_promotion(
            &db,
            body,
            &known,
            Actor {
                name: &actor,
                kcard: &channel,
            },
        )
    })
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
    let db = state.store.clone();
    let known = known(&state);
    let (actor, channel) = (staff.caller().user.username.clone(), kcard(&headers));
    let promotion = blocking(move || {
        edit::update_promotion(
            &db,
            &id,
            body,
            &known,
            Actor {
                name: &actor,
                kcard: &channel,
            },
        )
    })
    .await?;
    Ok(Json(AdminPromotionAnswer {
        status: SuccessStatus::Success,
        promotion,
    }))
}
