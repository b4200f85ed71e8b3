//! Thin handlers for orders: check the caller and the shape of the request, then hand over to
//! the order desk (placing) or the order store (everything after).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{Order, PaymentMethod, Status};
use super::place::PlaceRequest;
use super::store::{self, Actor, OrderError, Rewards, StatusDetails};
use crate::accounts::model::{Address, VatInfo};
use crate::app::AppState;
use crate::domain::{Coins, IdempotencyKey, OrderId, UserId};
use crate::http::auth::{AdminUser, AuthUser};
use crate::http::json::Json;
use crate::http::{AppError, kcard};

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, OrderError> + Send + 'static,
) -> Result<T, AppError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::internal("order task", e))?
        .map_err(AppError::from)
}

fn rewards(state: &AppState) -> Rewards {
    Rewards {
        earn_percent: state.config.coins.earn_percent,
        review_reward: state.config.coins.review_reward,
    }
}

fn actor(caller: &AuthUser, staff: bool, headers: &HeaderMap) -> Actor {
    Actor {
        user_id: caller.user.id,
        username: caller.user.username.clone(),
        staff,
        kcard: kcard(headers),
    }
}

/// Shoppers see their own orders; staff see everyone's.
fn may_see(caller: &AuthUser, user_id: UserId) -> Result<(), AppError> {
    if caller.user.id == user_id || caller.user.role.is_admin() {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "these are another shopper's orders".into(),
        ))
    }
}

fn user_id_from(value: &Value, field: &str) -> Result<UserId, AppError> {
    match value {
        Value::Number(n) => n.as_u64().map(UserId),
        Value::String(s) => UserId::parse(s).ok(),
        _ => None,
    }
    .ok_or_else(|| {
        AppError::bad_request(
            "invalid_cart_id",
            format!("{field}: must be the signed-in user's id"),
        )
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlaceBody {
    id: Value,
    address: Address,
    #[serde(default)]
    coupon: Option<String>,
    #[serde(default)]
    coins: Option<i64>,
    payment: String,
    idempotency_key: String,
    #[serde(default)]
    vat_info: Option<VatInfo>,
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /api/app/order/place`: the signed-in shopper's cart becomes an order.
pub async fn place_order(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: AuthUser,
    Json(body): Json<PlaceBody>,
) -> Result<Response, AppError> {
    let user_id = user_id_from(&body.id, "id")?;
    if user_id != caller.user.id {
        return Err(AppError::Forbidden(
            "you can only order from your own cart".into(),
        ));
    }
    let mut problems = body.address.problems("address");
    if problems.is_empty() && !state.content.current().is_province(&body.address.province) {
        problems.push(format!(
            "address.province: {:?} is not a Thai province key such as bangkok",
            body.address.province
        ));
    }
    if !problems.is_empty() {
        return Err(AppError::bad_request(
            "invalid_address",
            problems.join("; "),
        ));
    }
    if let Some(vat) = &body.vat_info {
        let problems = vat.problems();
        if !problems.is_empty() {
            return Err(AppError::bad_request(
                "invalid_vat_info",
                problems.join("; "),
            ));
        }
    }
    let payment = PaymentMethod::parse(&body.payment).ok_or_else(|| {
        AppError::bad_request(
            "invalid_payment",
            "payment: must be promptpay or bank_transfer",
        )
    })?;
    let idempotency_key = IdempotencyKey::parse(&body.idempotency_key)
        .map_err(|message| AppError::bad_request("invalid_idempotency_key", message))?;
    let coins = Coins(body.coins.unwrap_or(0));
    if coins.is_negative() {
        return Err(AppError::bad_request(
            "invalid_input",
            "coins: must not be negative",
        ));
    }
    let request = PlaceRequest {
        user_id,
        username: caller.user.username.clone(),
        address: trimmed(body.address),
        vat_info: body.vat_info,
        coupon: body
            .coupon
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty()),
        coins,
        payment,
        idempotency_key,
        lang: body
            .lang
            .as_deref()
            .and_then(crate::i18n::Locale::parse)
            .unwrap_or(crate::i18n::Locale::En),
        kcard: kcard(&headers),
    };
    let placed = state.orders.place(request).await?;
    let status = if placed.replayed {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok((
        status,
        axum::Json(json!({"status": "success", "order": placed.order, "coin": placed.coin, "replayed": placed.replayed})),
    )
        .into_response())
}

fn trimmed(address: Address) -> Address {
    Address {
        name: address.name.trim().into(),
        phone: address.phone.trim().into(),
        line1: address.line1.trim().into(),
        district: address.district.trim().into(),
        province: address.province.trim().into(),
        postcode: address.postcode.trim().into(),
    }
}

fn order_answer(order: &Order) -> Response {
    axum::Json(json!({"status": "success", "order": order})).into_response()
}

/// `GET /api/app/order/get/{id}` (the shopper who placed it, or staff).
pub async fn get_order(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<OrderId>,
) -> Result<Response, AppError> {
    let db = state.store.clone();
    let order = blocking(move || store::get(&db, id)).await?;
    if order.user_id != caller.user.id && !caller.user.role.is_admin() {
        // The same answer as for an unknown order: ids are sequential and must not tell
        // strangers how many orders exist.
        return Err(AppError::NotFound(format!("there is no order {id}")));
    }
    Ok(order_answer(&order))
}

/// `GET /api/app/order/list/{userId}`: newest first.
pub async fn list_orders(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(user_id): Path<UserId>,
) -> Result<Response, AppError> {
    may_see(&caller, user_id)?;
    let db = state.store.clone();
    let orders = blocking(move || store::list_for_user(&db, user_id)).await?;
    Ok(axum::Json(json!({"status": "success", "orders": orders})).into_response())
}

/// `GET /api/app/order/needreview/{userId}`: delivered orders waiting for a review.
pub async fn need_review(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(user_id): Path<UserId>,
) -> Result<Response, AppError> {
    may_see(&caller, user_id)?;
    let db = state.store.clone();
    let count = blocking(move || store::need_review_count(&db, user_id)).await?;
    Ok(axum::Json(json!({"status": "success", "count": count})).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewBody {
    rating: Value,
    #[serde(default)]
    comment: String,
}

/// The longest review comment, in characters.
const MAX_COMMENT: usize = 1000;

/// `POST /api/app/order/review/{id}` `{rating, comment}`: once, for a delivered order.
pub async fn review_order(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: AuthUser,
    Path(id): Path<OrderId>,
    Json(body): Json<ReviewBody>,
) -> Result<Response, AppError> {
    let rating = body
        .rating
        .as_u64()
        .filter(|r| (1..=5).contains(r))
        .ok_or_else(|| {
            AppError::bad_request(
                "invalid_rating",
                "rating: must be a whole number from 1 to 5",
            )
        })? as u8;
    if body.comment.chars().count() > MAX_COMMENT {
        return Err(AppError::bad_request(
            "invalid_comment",
            format!("comment: at most {MAX_COMMENT} characters"),
        ));
    }
    let (db, rewards) = (state.store.clone(), rewards(&state));
    let actor = actor(&caller, false, &headers);
    let (order, coin) =
        blocking(move || store::review(&db, id, &actor, rating, &body.comment, rewards)).await?;
    Ok(axum::Json(json!({"status": "success", "order": order, "coin": coin})).into_response())
}

/// `POST /api/app/order/cancel/{id}`: the shopper cancels their unpaid order.
pub async fn cancel_order(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: AuthUser,
    Path(id): Path<OrderId>,
) -> Result<Response, AppError> {
    let details = StatusDetails::default();
    let (order, coin) = move_order(
        &state,
        &headers,
        &caller,
        id,
        Status::Cancelled,
        details,
        false,
    )
    .await?;
    Ok(axum::Json(json!({"status": "success", "order": order, "coin": coin})).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusBody {
    status: String,
}

/// `POST /api/admin/order/{id}/status` `{status}`: staff move an order along.
pub async fn set_order_status(
    State(state): State<AppState>,
    headers: HeaderMap,
    AdminUser(caller): AdminUser,
    Path(id): Path<OrderId>,
    Json(body): Json<StatusBody>,
) -> Result<Response, AppError> {
    let next = Status::parse(body.status.trim()).ok_or_else(|| {
        AppError::bad_request(
            "invalid_status",
            "status: must be paid, preparing, shipped, delivered or cancelled",
        )
    })?;
    let details = StatusDetails::default();
    let (order, _) = move_order(&state, &headers, &caller, id, next, details, true).await?;
    Ok(order_answer(&order))
}

async fn move_order(
    state: &AppState,
    headers: &HeaderMap,
    caller: &AuthUser,
    id: OrderId,
    next: Status,
    details: StatusDetails,
    staff: bool,
) -> Result<(Order, Coins), AppError> {
    let (db, rewards) = (state.store.clone(), rewards(state));
    let actor = actor(caller, staff, headers);
    let catalog = state.catalog.clone();
    blocking(move || {
        let (order, restocked) =
            match store::change_status(&db, id, next, &details, &actor, rewards) {
                // A stranger learns nothing about someone else's order.
                Err(OrderError::Forbidden(_)) if !staff => Err(OrderError::NotFound(id)),
                other => other,
            }?;
        if !restocked.is_empty() {
            catalog.refresh_stock(&db, &restocked)?;
        }
        let coin =
            crate::accounts::store::find_by_id(&db, order.user_id)?.map_or(Coins::ZERO, |u| u.coin);
        Ok((order, coin))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoinsBody {
    amount: Coins,
    reason: String,
}

/// `POST /api/admin/coins/{userId}` `{amount, reason}`: staff credit (or take back) coins.
pub async fn adjust_coins(
    State(state): State<AppState>,
    headers: HeaderMap,
    AdminUser(caller): AdminUser,
    Path(user_id): Path<UserId>,
    Json(body): Json<CoinsBody>,
) -> Result<Response, AppError> {
    if body.amount == Coins::ZERO || body.amount.get().abs() > 1_000_000 {
        return Err(AppError::bad_request(
            "invalid_input",
            "amount: must be a non-zero number of coins up to 1000000 either way",
        ));
    }
    let (db, actor) = (state.store.clone(), actor(&caller, true, &headers));
    let coin =
        blocking(move || store::adjust_coins(&db, user_id, body.amount, &body.reason, &actor))
            .await?;
    Ok(axum::Json(json!({"status": "success", "coin": coin})).into_response())
}
