//! The order desk (staff): every order with filters and stable pages, the CSV for the
//! accountant, status moves with carrier, tracking, reasons and references, bulk moves and
//! internal notes. Each handler names its permission; the rules live in `orders::store`,
//! `orders::desk` and `orders::export` (the CSV); what the shopper's order routes share with
//! the desk (the order answer, moving an order) is in `handlers::order_answers`
//! (docs/STAFF.md, docs/EXPORTS.md).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::permissions::need;
use crate::domain::OrderId;
use crate::handlers::auth::Can;
use crate::handlers::order_answers::{OrderAnswer, actor, move_order};
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::query_string::Query;
use crate::http::{AppError, blocking};
use crate::orders::desk::{self, DEFAULT_PAGE, OrderFilter};
use crate::orders::export;
use crate::orders::model::{Order, PaymentMethod, Status};
use crate::orders::sales::parse_day;
use crate::orders::store::{self, StatusDetails};
use crate::state::AppState;

/// The desk's filters, as query parameters (all optional).
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema, TS)]
#[serde(default, deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct OrderQuery {
    /// `pending_payment`, `paid`, `preparing`, `shipped`, `delivered` or `cancelled`.
    #[param(pattern = "^(pending_payment|paid|preparing|shipped|delivered|cancelled)$")]
    #[ts(optional)]
    pub status: Option<String>,
    /// First shop day, `YYYY-MM-DD`.
    #[param(format = Date)]
    #[ts(optional)]
    pub from: Option<String>,
    /// Last shop day, `YYYY-MM-DD`.
    #[param(format = Date)]
    #[ts(optional)]
    pub to: Option<String>,
    /// `promptpay` or `bank_transfer`.
    #[param(pattern = "^(promptpay|bank_transfer)$")]
    #[ts(optional)]
    pub payment: Option<String>,
    /// The channel (`kcard`) the order came through.
    #[ts(optional)]
    pub kcard: Option<String>,
    /// Start of an order number, phone number, or a word of the customer's name.
    #[ts(optional)]
    pub q: Option<String>,
    /// Orders per page, 1 to 200 (default 50).
    #[param(minimum = 1, maximum = 200)]
    #[ts(optional)]
    pub limit: Option<usize>,
    /// The `next` of the previous page.
    #[ts(optional)]
    #[ts(type = "number")]
    pub after: Option<u64>,
}

impl OrderQuery {
    fn filter(&self) -> Result<OrderFilter, AppError> {
        let bad = |name: &str, problem: &str| {
            AppError::bad_request("invalid_parameter", format!("{name}: {problem}"))
        };
        fn text(v: &Option<String>) -> Option<&str> {
            v.as_deref().map(str::trim).filter(|t| !t.is_empty())
        }
        let day = |name: &str, v: &Option<String>| match text(v) {
            None => Ok(None),
            Some(t) => parse_day(t)
                .map(Some)
                .ok_or_else(|| bad(name, "must be a date YYYY-MM-DD")),
        };
        let filter = OrderFilter {
            status: match text(&self.status) {
                None => None,
                Some(t) => Some(Status::parse(t).ok_or_else(|| {
                    bad(
                        "status",
                        "must be pending_payment, paid, preparing, shipped, delivered or cancelled",
                    )
                })?),
            },
            from: day("from", &self.from)?,
            to: day("to", &self.to)?,
            payment: match text(&self.payment) {
                None => None,
                Some(t) => Some(
                    PaymentMethod::parse(t)
                        .ok_or_else(|| bad("payment", "must be promptpay or bank_transfer"))?,
                ),
            },
            kcard: text(&self.kcard).map(String::from),
            q: text(&self.q).map(String::from),
        };
        if let (Some(from), Some(to)) = (filter.from, filter.to)
            && from > to
        {
            return Err(bad("from", "must not be after to"));
        }
        if self.q.as_deref().is_some_and(|q| q.chars().count() > 100) {
            return Err(bad("q", "at most 100 characters"));
        }
        Ok(filter)
    }

    fn limit(&self) -> Result<usize, AppError> {
        match self.limit {
            None => Ok(DEFAULT_PAGE),
            Some(n) if (1..=desk::MAX_PAGE).contains(&n) => Ok(n),
            Some(_) => Err(AppError::bad_request(
                "invalid_parameter",
                format!("limit: must be 1 to {}", desk::MAX_PAGE),
            )),
        }
    }
}

/// `{status, orders, next}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct OrderPageAnswer {
    pub status: SuccessStatus,
    /// Newest first.
    pub orders: Vec<Order>,
    /// Pass as `after` for the next page; `null` on the last page.
    pub next: Option<OrderId>,
}

/// Every order, filtered, newest first, in pages that stay stable while orders arrive.
#[utoipa::path(
    get,
    path = "/api/admin/orders",
    tag = "admin",
    security(("bearer" = [])),
    params(OrderQuery),
    responses(
        (status = 200, description = "One page", body = OrderPageAnswer),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs orders.read", body = ErrorAnswer),
    ),
)]
pub async fn list_orders(
    State(state): State<AppState>,
    _staff: Can<need::OrdersRead>,
    Query(query): Query<OrderQuery>,
) -> Result<Json<OrderPageAnswer>, AppError> {
    let (filter, limit) = (query.filter()?, query.limit()?);
    let after = query.after.map(OrderId);
    let db = state.store.clone();
    let page = blocking("order desk task", move || {
        desk::list(&db, &filter, limit, after)
    })
    .await?;
    Ok(Json(OrderPageAnswer {
        status: SuccessStatus::Success,
        orders: page.orders,
        next: page.next,
    }))
}

/// The filtered orders as CSV (UTF-8 with a byte-order mark, so Excel in Thai opens it right).
#[utoipa::path(
    get,
    path = "/api/admin/orders.csv",
    tag = "admin",
    security(("bearer" = [])),
    params(OrderQuery),
    responses(
        (status = 200, description = "text/csv; one row per order", content_type = "text/csv", body = String),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs orders.read", body = ErrorAnswer),
    ),
)]
pub async fn export_orders_csv(
    State(state): State<AppState>,
    _staff: Can<need::OrdersRead>,
    Query(query): Query<OrderQuery>,
) -> Result<Response, AppError> {
    // The list's query, checked alike (an export link may carry the list's page size); the
    // export itself has every matching row.
    query.limit()?;
    let filter = query.filter()?;
    // Streamed a page of the desk at a time: memory stays flat however many orders match.
    let db = state.store.clone();
    let (chunks, body) = crate::http::streamed::channel();
    tokio::task::spawn_blocking(move || {
        let failure = match export::write_orders_csv(&db, &filter, |bytes| chunks.send(bytes)) {
            Ok(Ok(())) => return,
            Ok(Err(err)) => err.to_string(),
            Err(err) => err.to_string(),
        };
        tracing::error!(error = %failure, "writing the orders CSV failed");
        chunks.fail(failure);
    });
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"orders.csv\""),
    );
    Ok(response)
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct StatusBody {
    /// The next status: `paid`, `preparing`, `shipped`, `delivered` or `cancelled`.
    #[schema(value_type = Status)]
    #[ts(as = "Status")]
    status: String,
    /// For `shipped`: a key of the `carrier` code table (kerry, flash, thaipost, jt, dhl, own).
    #[serde(default)]
    #[ts(optional)]
    #[serde(deserialize_with = "crate::domain::text::de::single_line_opt")]
    carrier: Option<String>,
    /// For `shipped`: the carrier's tracking number.
    #[serde(default)]
    #[ts(optional)]
    #[serde(deserialize_with = "crate::domain::text::de::single_line_opt")]
    tracking: Option<String>,
    /// Required for `cancelled`: why.
    #[serde(default)]
    #[ts(optional)]
    #[serde(deserialize_with = "crate::domain::text::de::multi_line_opt")]
    reason: Option<String>,
    /// For `paid`: the bank or slip reference.
    #[serde(default)]
    #[ts(optional)]
    #[serde(deserialize_with = "crate::domain::text::de::single_line_opt")]
    reference: Option<String>,
}

impl StatusBody {
    fn parse(self) -> Result<(Status, StatusDetails), AppError> {
        let next = Status::parse(self.status.trim()).ok_or_else(|| {
            AppError::bad_request(
                "invalid_status",
                "status: must be paid, preparing, shipped, delivered or cancelled",
            )
        })?;
        Ok((
            next,
            StatusDetails {
                carrier: self.carrier,
                tracking: self.tracking,
                reason: self.reason,
                reference: self.reference,
            },
        ))
    }
}

/// Staff move an order along.
///
/// `pending_payment → paid → preparing → shipped → delivered`, or `cancelled` before shipping
/// (stock, coins and the coupon use come back); `shipped` needs a carrier and a tracking
/// number, `cancelled` a reason; delivery awards the purchase coins.
#[utoipa::path(
    post,
    path = "/api/admin/order/{id}/status",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "order id")),
    request_body = StatusBody,
    responses(
        (status = 200, description = "The moved order", body = OrderAnswer),
        (status = 400, description = "`invalid_status`, `invalid_shipment`, `reason_required`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs orders.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`invalid_transition`: not a move the order's status allows", body = ErrorAnswer),
    ),
)]
pub async fn set_order_status(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::OrdersWrite>,
    Path(id): Path<OrderId>,
    Json(body): Json<StatusBody>,
) -> Result<Json<OrderAnswer>, AppError> {
    let (next, details) = body.parse()?;
    let (order, _) = move_order(&state, &headers, staff.caller(), id, next, details, true).await?;
    Ok(Json(OrderAnswer {
        status: SuccessStatus::Success,
        order,
    }))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BulkStatusBody {
    /// 1 to 200 order ids.
    #[ts(type = "Array<number>")]
    ids: Vec<u64>,
    /// The move, as for one order.
    change: StatusBody,
}

/// One order a bulk move could not move, and why.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct BulkFailure {
    pub id: OrderId,
    pub code: String,
    pub message: String,
}

/// `{status, orders, failed}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct BulkStatusAnswer {
    pub status: SuccessStatus,
    /// The orders that moved.
    pub orders: Vec<Order>,
    /// The ones that did not, each with its error code.
    pub failed: Vec<BulkFailure>,
}

/// Moves several orders to one status; each moves on its own, so one refusal (an order
/// already shipped) leaves the others moved and is reported by id.
#[utoipa::path(
    post,
    path = "/api/admin/orders/status",
    tag = "admin",
    security(("bearer" = [])),
    request_body = BulkStatusBody,
    responses(
        (status = 200, description = "What moved and what did not", body = BulkStatusAnswer),
        (status = 400, description = "`invalid_status`, `invalid_input`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs orders.write", body = ErrorAnswer),
    ),
)]
pub async fn bulk_status(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::OrdersWrite>,
    Json(body): Json<BulkStatusBody>,
) -> Result<Json<BulkStatusAnswer>, AppError> {
    if body.ids.is_empty() || body.ids.len() > 200 {
        return Err(AppError::bad_request(
            "invalid_input",
            "ids: name 1 to 200 orders",
        ));
    }
    let (next, details) = body.change.parse()?;
    let (mut orders, mut failed) = (Vec::new(), Vec::new());
    for id in body.ids {
        let id = OrderId(id);
        match move_order(
            &state,
            &headers,
            staff.caller(),
            id,
            next,
            details.clone(),
            true,
        )
        .await
        {
            Ok((order, _)) => orders.push(order),
            Err(err) => failed.push(BulkFailure {
                id,
                code: err.code().into(),
                message: err.to_string(),
            }),
        }
    }
    Ok(Json(BulkStatusAnswer {
        status: SuccessStatus::Success,
        orders,
        failed,
    }))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct NoteBody {
    /// 1 to 1000 characters; staff only.
    #[serde(deserialize_with = "crate::domain::text::de::multi_line")]
    text: String,
}

/// Adds an internal note to an order (never shown to the shopper).
#[utoipa::path(
    post,
    path = "/api/admin/order/{id}/notes",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "order id")),
    request_body = NoteBody,
    responses(
        (status = 200, description = "The order with its notes", body = OrderAnswer),
        (status = 400, description = "`invalid_input`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs orders.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn add_note(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::OrdersWrite>,
    Path(id): Path<OrderId>,
    Json(body): Json<NoteBody>,
) -> Result<Json<OrderAnswer>, AppError> {
    let (db, actor) = (state.store.clone(), actor(staff.caller(), true, &headers));
    let order = blocking("order desk task", move || {
        store::add_note(&db, id, &body.text, &actor)
    })
    .await?;
    Ok(Json(OrderAnswer {
        status: SuccessStatus::Success,
        order,
    }))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct RejectProofBody {
    /// Why the slip is not accepted (1 to 300 characters); the shopper sees it.
    #[serde(deserialize_with = "crate::domain::text::de::multi_line")]
    reason: String,
}

/// Rejects the payment slip waiting to be checked; the shopper sees the reason on the order
/// page and can upload another. (Confirming is the move to `paid`, which accepts the slip.)
#[utoipa::path(
    post,
    path = "/api/admin/order/{id}/proof/reject",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "order id")),
    request_body = RejectProofBody,
    responses(
        (status = 200, description = "The order with the slip rejected", body = OrderAnswer),
        (status = 400, description = "`reason_required` or `invalid_input`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs orders.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`no_pending_proof`", body = ErrorAnswer),
    ),
)]
pub async fn reject_proof(
    State(state): State<AppState>,
    staff: Can<need::OrdersWrite>,
    headers: HeaderMap,
    Path(id): Path<OrderId>,
    Json(body): Json<RejectProofBody>,
) -> Result<Json<OrderAnswer>, AppError> {
    let (db, actor) = (state.store.clone(), actor(staff.caller(), true, &headers));
    let plan = crate::outbox::Plan::from_config(&state.config);
    let order = blocking("order desk task", move || {
        let who = crate::payments::proofs::Who {
            user_id: actor.user_id,
            name: &actor.username,
            kcard: &actor.kcard,
        };
        crate::payments::proofs::reject_proof(&db, id, &body.reason, &who, &plan)
    })
    .await?;
    Ok(Json(OrderAnswer {
        status: SuccessStatus::Success,
        order,
    }))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct RefundBody {
    /// The bank or card refund reference (1 to 200 characters).
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    reference: String,
}

/// Records a refund the shop owes: the payment of a `refund_due` order (`payment.status`
/// becomes `refunded`), else the oldest extra payment not refunded yet (money received twice,
/// `payment.extraPayments`). The refund counts in the day's sales report; `payment.refundDue`
/// stays true while anything else is owed.
#[utoipa::path(
    post,
    path = "/api/admin/order/{id}/refund",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "order id")),
    request_body = RefundBody,
    responses(
        (status = 200, description = "The refunded order", body = OrderAnswer),
        (status = 400, description = "`reference_required` or `invalid_input`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs orders.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`not_refund_due`: nothing is owed back on this order", body = ErrorAnswer),
    ),
)]
pub async fn record_refund(
    State(state): State<AppState>,
    staff: Can<need::OrdersWrite>,
    headers: HeaderMap,
    Path(id): Path<OrderId>,
    Json(body): Json<RefundBody>,
) -> Result<Json<OrderAnswer>, AppError> {
    let (db, actor) = (state.store.clone(), actor(staff.caller(), true, &headers));
    let order = blocking("order desk task", move || {
        let who = crate::payments::proofs::Who {
            user_id: actor.user_id,
            name: &actor.username,
            kcard: &actor.kcard,
        };
        crate::payments::proofs::record_refund(&db, id, &body.reference, &who)
    })
    .await?;
    Ok(Json(OrderAnswer {
        status: SuccessStatus::Success,
        order,
    }))
}
