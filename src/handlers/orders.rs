//! Thin handlers for orders: parse the request and check the caller, then hand over to the
//! orders domain — the checkout's checks (`orders::checkout`) and the order desk for placing,
//! the order store for reading, claims and reviews, and `payments::status` for a move (which
//! settles the slip, the money documents and the messages in the same transaction).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::model::{Address, VatInfo};
use crate::domain::{Coins, OrderId, UserId};
use crate::handlers::auth::{AuthUser, authenticate};
use crate::handlers::order_answers::{OrderAnswer, actor, move_order, rewards};
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::openapi_shared::string_or_integer;
use crate::http::{self, AppError, kcard};
use crate::orders::checkout::Checkout;
use crate::orders::guest::{Contact, Holder};
use crate::orders::model::{Order, PaymentMethod, Status};
use crate::orders::store::{self, OrderError, StatusDetails};
use crate::state::AppState;

/// `{status, order, coin}`: an order that changed and the shopper's coin balance after.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct OrderChangeAnswer {
    pub status: SuccessStatus,
    pub order: Order,
    /// The shopper's coin balance after the change.
    pub coin: Coins,
}

/// `{status, order, coin, replayed, orderKey?}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct PlacedOrderAnswer {
    pub status: SuccessStatus,
    pub order: Order,
    /// The shopper's coin balance after the order (0 for a guest).
    pub coin: Coins,
    /// True when this idempotency key had already placed the order: nothing new happened.
    pub replayed: bool,
    /// A guest order's secret key (32 hex characters, 128 random bits): `?key=` opens the
    /// order. Shown only here and in the order mail; keep it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub order_key: Option<String>,
}

/// `?key=`: a guest order's secret key.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KeyQuery {
    /// The `orderKey` of a guest order (or of the link in its mail).
    #[serde(default)]
    pub key: Option<String>,
}

impl KeyQuery {
    pub(crate) fn holder(self, caller: Option<&AuthUser>) -> Option<Holder> {
        match (self.key.filter(|k| !k.trim().is_empty()), caller) {
            (Some(key), _) => Some(Holder::Key(key)),
            (None, Some(caller)) => Some(Holder::Account(caller.user.id)),
            (None, None) => None,
        }
    }
}

/// The answer to an order the caller may not open, the same whether it exists or not: ids are
/// sequential and must not tell strangers which orders exist (nor the message its number).
pub(crate) fn hidden_order() -> AppError {
    AppError::NotFound("there is no such order, or it is not yours to open".into())
}

/// The name the activity log shows for a caller: the username, or `guest`.
pub(crate) fn actor_name(caller: Option<&AuthUser>) -> String {
    caller.map_or_else(|| "guest".into(), |c| c.user.username.clone())
}

/// `{status, orders}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct OrderListAnswer {
    pub status: SuccessStatus,
    /// Newest first.
    pub orders: Vec<Order>,
}

/// `{status, count}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CountAnswer {
    pub status: SuccessStatus,
    #[ts(type = "number")]
    pub count: usize,
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

#[derive(Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlaceBody {
    /// The signed-in shopper's id, or for a guest (no `Authorization`) the visitor id (a
    /// UUID): that cart is what is ordered.
    #[schema(schema_with = string_or_integer)]
    #[ts(type = "string | number")]
    id: Value,
    address: Address,
    #[serde(default)]
    #[ts(optional)]
    coupon: Option<String>,
    /// Whole coins (1 coin = ฿1) to spend; not negative.
    #[serde(default)]
    #[schema(minimum = 0)]
    #[ts(optional)]
    coins: Option<i64>,
    #[schema(value_type = PaymentMethod)]
    #[ts(as = "PaymentMethod")]
    payment: String,
    /// Made once per checkout attempt and sent again on a retry: 8–100 letters, digits, - or _.
    #[schema(min_length = 8, max_length = 100)]
    idempotency_key: String,
    /// For a full tax invoice.
    #[serde(default)]
    #[ts(optional)]
    vat_info: Option<VatInfo>,
    #[serde(default)]
    #[ts(optional)]
    lang: Option<String>,
    /// Where the confirmation, receipt and shipping mail go; left out uses the account's
    /// address.
    #[serde(default)]
    #[ts(optional)]
    #[serde(deserialize_with = "crate::domain::text::de::single_line_opt")]
    email: Option<String>,
    /// A guest's name, phone and e-mail: required without an account, ignored with one.
    #[serde(default)]
    #[ts(optional)]
    contact: Option<Contact>,
}

/// Place a cart as an order: the signed-in shopper's, or a guest's.
///
/// One durable transaction: re-quote, stock, coins, coupon use, the cart cleared and a log
/// line. Idempotent per `idempotencyKey`: 201 for a new order, 200 with `replayed: true` when
/// the key already placed it.
///
/// Without `Authorization` it is a guest order: `id` is the visitor id and `contact` is
/// required; coins cannot be spent; the answer's `orderKey` opens the order
/// (`GET /api/app/order/get/{id}?key=`). Guest orders from one address are limited per hour
/// like registrations (`registrations_per_hour`, a bucket of their own).
#[utoipa::path(
    post,
    path = "/api/app/order/place",
    tag = "order",
    security((), ("bearer" = [])),
    request_body = PlaceBody,
    responses(
        (status = 201, description = "A new order (a guest's with `orderKey`)", body = PlacedOrderAnswer),
        (status = 200, description = "The order this key placed before (`replayed: true`; a guest gets a fresh `orderKey`)", body = PlacedOrderAnswer),
        (status = 400, description = "`invalid_address`, `invalid_contact`, `invalid_vat_info`, `invalid_payment`, `invalid_idempotency_key`, `invalid_cart_id`, `cart_empty`, `unknown_coupon`, `coins_need_sign_in`, a pricing code (`coupon_…`, `not_enough_coins`) or `invalid_input`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`: a token that is not valid", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: another shopper's cart", body = ErrorAnswer),
        (status = 409, description = "`out_of_stock` or `product_unavailable`: the cart must change first", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`: many guest orders from one address; `Retry-After`", body = ErrorAnswer),
    ),
)]
pub async fn place_order(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    seen: crate::handlers::insights::Seen,
    headers: HeaderMap,
    Json(body): Json<PlaceBody>,
) -> Result<(StatusCode, Json<PlacedOrderAnswer>), AppError> {
    let caller = authenticate(&state, &headers).await?;
    let checkout = Checkout {
        caller: caller
            .as_ref()
            .map(|c| (c.user.id, c.user.username.clone())),
        id: body.id,
        address: body.address,
        coupon: body.coupon,
        coins: body.coins,
        payment: body.payment,
        idempotency_key: body.idempotency_key,
        vat_info: body.vat_info,
        lang: body.lang,
        email: body.email,
        contact: body.contact,
        kcard: kcard(&headers),
    };
    let checked = {
        let content = state.content.current();
        checkout.check(|province| content.is_province(province))?
    };
    if checked.is_guest() {
        let address = crate::handlers::auth::client_ip(&state, peer, &headers);
        if let Err(wait) = state.throttle.begin_registration(
            &format!("guest-order:{address}"),
            state.config.registrations_per_hour,
        ) {
            return Err(AppError::TooManyAttempts(wait.as_secs().max(1)));
        }
    }
    let request = checked.into_request()?;
    let mut placed = state.orders.place(request).await?;
    if placed.order.payment.method == PaymentMethod::Card2c2p {
        // The signed form of the first card attempt (a replay answers the open one).
        let (db, config, id) = (state.store.clone(), state.config.clone(), placed.order.id);
        placed.order = http::blocking("order task", move || {
            crate::payments::attempts::ensure_attempt(&db, id, super::payments::shop(&config))
        })
        .await?;
    }
    let status = if placed.replayed {
        StatusCode::OK
    } else {
        state.insights.order_placed(
            seen.who(),
            &seen.kcard,
            u64::try_from(placed.order.total.get()).unwrap_or(0),
            crate::activity::now_millis(),
        );
        StatusCode::CREATED
    };
    Ok((
        status,
        Json(PlacedOrderAnswer {
            status: SuccessStatus::Success,
            order: placed
                .order
                .for_shopper()
                .with_deadline(state.config.unpaid_order_expiry_hours),
            coin: placed.coin,
            replayed: placed.replayed,
            order_key: placed.order_key,
        }),
    ))
}

pub(crate) fn order_answer(order: Order) -> Json<OrderAnswer> {
    Json(OrderAnswer {
        status: SuccessStatus::Success,
        order,
    })
}

/// The answer to a shopper's own change (cancel, review): never the staff notes.
fn order_change(order: Order, coin: Coins) -> Json<OrderChangeAnswer> {
    Json(OrderChangeAnswer {
        status: SuccessStatus::Success,
        order: order.for_shopper(),
        coin,
    })
}

/// One order: the shopper who placed it, staff, or anyone with a guest order's `?key=`;
/// others get 404.
#[utoipa::path(
    get,
    path = "/api/app/order/get/{id}",
    tag = "order",
    security((), ("bearer" = [])),
    params(("id" = u64, Path, description = "order id"), KeyQuery),
    responses(
        (status = 200, description = "The order", body = OrderAnswer),
        (status = 401, description = "`unauthorized`: a token that is not valid", body = ErrorAnswer),
        (status = 404, description = "`not_found`, also for another shopper's order and a wrong or missing key", body = ErrorAnswer),
    ),
)]
pub async fn get_order(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<OrderId>,
    Query(query): Query<KeyQuery>,
) -> Result<Json<OrderAnswer>, AppError> {
    let caller = authenticate(&state, &headers).await?;
    let staff = caller.as_ref().is_some_and(|c| c.user.role.is_admin());
    let (db, owner) = (state.store.clone(), caller.as_ref().map(|c| c.user.id));
    let key = query.key;
    let order = http::blocking("order task", move || {
        db.read(|txn| {
            if staff {
                return Ok(store::ORDER_ID_TO_ORDER.read(txn)?.get(id.get())?);
            }
            crate::orders::guest::open_in(txn, id, owner, key.as_deref())
        })
    })
    .await?
    .ok_or_else(hidden_order)?;
    let hours = state.config.unpaid_order_expiry_hours;
    let order = if staff { order } else { order.for_shopper() };
    Ok(order_answer(order.with_deadline(hours)))
}

#[derive(Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct ClaimBody {
    /// The guest order's key (`orderKey`, or `key=` of its link).
    key: String,
}

/// Take a guest order into the signed-in account, with its key.
///
/// The order is listed under the account from then on and earns coins on delivery like any
/// order; one delivered already earns them now. Claiming one's own order again answers it
/// unchanged.
#[utoipa::path(
    post,
    path = "/api/app/order/claim/{id}",
    tag = "order",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "order id")),
    request_body = ClaimBody,
    responses(
        (status = 200, description = "The order, now the account's, and the coin balance", body = OrderChangeAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 404, description = "`not_found`: no such order, or a wrong key", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`: too many wrong order keys from this address; `Retry-After` says when to try again", body = ErrorAnswer),
        (status = 409, description = "`already_claimed`: another account took it", body = ErrorAnswer),
    ),
)]
pub async fn claim_order(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<OrderId>,
    Json(body): Json<ClaimBody>,
) -> Result<Json<OrderChangeAnswer>, AppError> {
    let (db, earn) = (state.store.clone(), state.config.coins.earn_percent);
    let (user_id, username) = (caller.user.id, caller.user.username.clone());
    let (order, coin) = http::blocking("order task", move || {
        crate::orders::guest::claim(&db, id, &body.key, user_id, &username, earn)
    })
    .await?;
    let hours = state.config.unpaid_order_expiry_hours;
    Ok(Json(OrderChangeAnswer {
        status: SuccessStatus::Success,
        order: order.for_shopper().with_deadline(hours),
        coin,
    }))
}

/// Staff see an order whole; anyone else without its internal notes.
fn shown_to(caller: &AuthUser, order: Order) -> Order {
    if caller.user.role.is_admin() {
        order
    } else {
        order.for_shopper()
    }
}

/// A shopper's orders, newest first (the owner or staff).
#[utoipa::path(
    get,
    path = "/api/app/order/list/{user_id}",
    tag = "order",
    security(("bearer" = [])),
    params(("user_id" = u64, Path, description = "user id")),
    responses(
        (status = 200, description = "The orders", body = OrderListAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: another shopper's orders", body = ErrorAnswer),
    ),
)]
pub async fn list_orders(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(user_id): Path<UserId>,
) -> Result<Json<OrderListAnswer>, AppError> {
    may_see(&caller, user_id)?;
    let db = state.store.clone();
    let orders = http::blocking("order task", move || store::list_for_user(&db, user_id)).await?;
    Ok(Json(OrderListAnswer {
        status: SuccessStatus::Success,
        orders: orders
            .into_iter()
            .map(|o| shown_to(&caller, o).with_deadline(state.config.unpaid_order_expiry_hours))
            .collect(),
    }))
}

/// How many delivered orders wait for the shopper's review (the owner or staff).
#[utoipa::path(
    get,
    path = "/api/app/order/needreview/{user_id}",
    tag = "order",
    security(("bearer" = [])),
    params(("user_id" = u64, Path, description = "user id")),
    responses(
        (status = 200, description = "The count", body = CountAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: another shopper's orders", body = ErrorAnswer),
    ),
)]
pub async fn need_review(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(user_id): Path<UserId>,
) -> Result<Json<CountAnswer>, AppError> {
    may_see(&caller, user_id)?;
    let db = state.store.clone();
    let count =
        http::blocking("order task", move || store::need_review_count(&db, user_id)).await?;
    Ok(Json(CountAnswer {
        status: SuccessStatus::Success,
        count,
    }))
}

#[derive(Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct ReviewBody {
    /// A whole number from 1 to 5.
    #[schema(value_type = u8, minimum = 1, maximum = 5)]
    #[ts(type = "number")]
    rating: Value,
    /// At most 1000 characters.
    #[serde(default)]
    #[schema(max_length = 1000)]
    #[ts(as = "Option<String>", optional)]
    #[serde(deserialize_with = "crate::domain::text::de::multi_line")]
    comment: String,
}

/// The longest review comment, in characters.
const MAX_COMMENT: usize = 1000;

/// Review a delivered order once (the owner); earns the configured review coins.
#[utoipa::path(
    post,
    path = "/api/app/order/review/{id}",
    tag = "order",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "order id")),
    request_body = ReviewBody,
    responses(
        (status = 200, description = "The reviewed order and the coin balance with the reward", body = OrderChangeAnswer),
        (status = 400, description = "`invalid_rating` or `invalid_comment`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 404, description = "`not_found`, also for another shopper's order", body = ErrorAnswer),
        (status = 409, description = "`not_delivered` or `already_reviewed`", body = ErrorAnswer),
    ),
)]
pub async fn review_order(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: AuthUser,
    Path(id): Path<OrderId>,
    Json(body): Json<ReviewBody>,
) -> Result<Json<OrderChangeAnswer>, AppError> {
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
    let (order, coin) = http::blocking("order task", move || {
        match store::review(&db, id, &actor, rating, &body.comment, rewards) {
            // The same answer as for a missing order: a stranger learns nothing about it.
            Err(OrderError::Forbidden(_)) => Err(OrderError::NotFound(id)),
            other => other,
        }
    })
    .await?;
    state.ratings.reviewed(&order);
    Ok(order_change(order, coin))
}

/// The shopper cancels their own unpaid order.
///
/// Stock, coins and the coupon use are given back.
#[utoipa::path(
    post,
    path = "/api/app/order/cancel/{id}",
    tag = "order",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "order id")),
    responses(
        (status = 200, description = "The cancelled order and the coin balance with the coins given back", body = OrderChangeAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 404, description = "`not_found`, also for another shopper's order", body = ErrorAnswer),
        (status = 409, description = "`invalid_transition`: only an unpaid order can be cancelled by the shopper", body = ErrorAnswer),
    ),
)]
pub async fn cancel_order(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: AuthUser,
    Path(id): Path<OrderId>,
) -> Result<Json<OrderChangeAnswer>, AppError> {
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
    Ok(order_change(order, coin))
}
