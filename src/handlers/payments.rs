//! Thin handlers for paying: paying an unpaid order again (a new card attempt or another
//! method), and for 2C2P the page that sends the shopper's browser to the payment page, the
//! server notification (result URL 2) and the browser return (result URL 1).

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::documents::paperwork::Paperwork;
use crate::domain::OrderId;
use crate::handlers::auth::authenticate;
use crate::handlers::order_answers::OrderAnswer;
use crate::handlers::orders::{KeyQuery, actor_name, order_answer};
use crate::http::AppError;
use crate::http::blocking;
use crate::http::envelope::{Done, ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::orders::model::{Order, PaymentMethod, Status};
use crate::payments::answers::{self, Answer, Channel, Verdict};
use crate::payments::attempts;
use crate::state::AppState;

/// The script of the hand-over page: it submits the form (no inline script, so the shop's
/// `script-src 'self'` holds).
const SUBMIT_JS: &str = "(function(){var f=document.getElementById('kiosk-pay');if(f){HTMLFormElement.prototype.submit.call(f);}})();\n";

/// The shopper's page for an order, in the order's language (`/th/cartres?order=12`).
fn result_page(order: &Order) -> String {
    let prefix = match order.lang.code() {
        "en" => String::new(),
        code => format!("/{code}"),
    };
    format!("{prefix}/cartres?order={}", order.id)
}

fn see_other(location: &str) -> Response {
    (
        StatusCode::SEE_OTHER,
        [(header::LOCATION, location.to_string())],
    )
        .into_response()
}

/// The server notification from 2C2P (result URL 2).
///
/// Every signed field's shape is checked first (docs/PAYMENTS.md), then the HMAC-SHA256, then
/// that merchant, attempt, invoice, currency and amount are the attempt's. Kept on the attempt
/// within bounded limits (a refused answer as a digest); a verified `000` marks the order paid,
/// or records an extra payment owed back when the order's money had already come. Repeats
/// answer 200 and change nothing.
#[utoipa::path(
    post,
    path = "/api/app/payment/2c2p/notify",
    tag = "payment",
    request_body(content = std::collections::HashMap<String, String>, content_type = "application/x-www-form-urlencoded", description = "2C2P's response fields, `hash_value` included"),
    responses(
        (status = 200, description = "Verified and applied, or applied before", body = Done),
        (status = 400, description = "`malformed_field` (a signed field not in 2C2P's format), `invalid_signature`, `attempt_mismatch`, `amount_mismatch` or `unknown_attempt`: counted (kept as a digest within limits), nothing changed", body = ErrorAnswer),
    ),
)]
pub async fn notify(State(state): State<AppState>, body: Bytes) -> Result<Json<Done>, AppError> {
    let answer = Answer::parse(&body);
    let (db, config, noise) = (
        state.store.clone(),
        state.config.clone(),
        state.payment_noise.clone(),
    );
    let received = blocking("order task", move || {
        answers::receive(
            &db,
            &config.payments.card_2c2p,
            &Paperwork::from_config(&config),
            &noise,
            Channel::Notify,
            answer,
        )
    })
    .await?;
    match received.verdict {
        Verdict::Refused { code, message } => Err(AppError::bad_request(code, message)),
        Verdict::Applied | Verdict::Recorded => Ok(Json(Done {
            status: SuccessStatus::Success,
        })),
    }
}

/// The shopper's browser back from 2C2P (result URL 1).
///
/// The answer is verified and stored like a notification, but only the server notification
/// marks an order paid; a verified failure or cancellation lets the shopper try again at once.
/// Always 303 to the shopper's `/{lang}/cartres?order={id}` (`/cartres` when the attempt is
/// unknown).
#[utoipa::path(
    post,
    path = "/api/app/payment/2c2p/return",
    tag = "payment",
    request_body(content = Option<std::collections::HashMap<String, String>>, content_type = "application/x-www-form-urlencoded", description = "2C2P's response fields, `hash_value` included; without them the shopper still goes to the order's result page"),
    responses(
        (status = 303, description = "To the order's result page"),
    ),
)]
pub async fn browser_return(
    State(state): State<AppState>,
    body: Bytes,
) -> Result<Response, AppError> {
    let answer = Answer::parse(&body);
    let (db, config, noise) = (
        state.store.clone(),
        state.config.clone(),
        state.payment_noise.clone(),
    );
    let received = blocking("order task", move || {
        answers::receive(
            &db,
            &config.payments.card_2c2p,
            &Paperwork::from_config(&config),
            &noise,
            Channel::Return,
            answer,
        )
    })
    .await?;
    Ok(match received.order {
        Some(order) => see_other(&result_page(&order)),
        None => see_other("/cartres"),
    })
}

/// The hand-over page: the signed form of an open card attempt, submitted to the payment page
/// by a script of our own (a button when scripts are off).
///
/// Its Content-Security-Policy lets this one page post a form to the payment URL's origin;
/// every other page keeps `form-action 'self'`. A paid or closed attempt sends the shopper to
/// the order's result page instead.
#[utoipa::path(
    get,
    path = "/api/app/payment/2c2p/go/{attempt}",
    tag = "payment",
    params(("attempt" = String, Path, description = "the attempt id (2C2P `order_id`)")),
    responses(
        (status = 200, description = "An HTML page that posts the signed form to 2C2P", content_type = "text/html", body = String),
        (status = 303, description = "The attempt is no longer open: to the order's result page"),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn hand_over(
    State(state): State<AppState>,
    Path(attempt): Path<String>,
) -> Result<Response, AppError> {
    let not_found = || AppError::NotFound(format!("there is no payment attempt {attempt}"));
    let id = attempts::order_of_attempt(&attempt).ok_or_else(not_found)?;
    let db = state.store.clone();
    let order = blocking("order task", move || crate::orders::store::get(&db, id))
        .await
        .map_err(|_| not_found())?;
    if !order.payment.attempts.iter().any(|a| a.id == attempt) {
        return Err(not_found());
    }
    let open = order.payment.redirect.as_ref().filter(|r| {
        order.status == Status::PendingPayment
            && r.fields.get("order_id").map(String::as_str) == Some(attempt.as_str())
    });
    let Some(redirect) = open else {
        return Ok(see_other(&result_page(&order)));
    };
    let origin = url::Url::parse(&redirect.url)
        .map(|u| u.origin().ascii_serialization())
        .map_err(|e| AppError::internal("payment url", e))?;
    let inputs: String = redirect
        .fields
        .iter()
        .map(|(name, value)| {
            format!(
                "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
                crate::domain::html::escape(name),
                crate::domain::html::escape(value)
            )
        })
        .collect();
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\"><title>{number}</title></head><body><form id=\"kiosk-pay\" method=\"post\" action=\"{action}\">{inputs}<p>{number}</p><button type=\"submit\">Continue to card payment / ไปชำระเงินด้วยบัตร</button></form><script src=\"/api/app/payment/2c2p/submit.js\"></script></body></html>",
        lang = crate::domain::html::escape(order.lang.code()),
        number = crate::domain::html::escape(&order.number),
        action = crate::domain::html::escape(&redirect.url),
    );
    let csp = format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self' {origin}; frame-ancestors 'none'"
    );
    let mut response = (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        html,
    )
        .into_response();
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_str(&csp).map_err(|e| AppError::internal("csp header", e))?,
    );
    Ok(response)
}

/// The script of the hand-over page.
#[utoipa::path(
    get,
    path = "/api/app/payment/2c2p/submit.js",
    tag = "payment",
    responses((status = 200, description = "JavaScript", content_type = "text/javascript", body = String)),
)]
pub async fn submit_script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        SUBMIT_JS,
    )
        .into_response()
}

/// What signing and addressing a card payment needs from the settings.
pub(crate) fn shop(config: &crate::config::Config) -> crate::payments::attempts::Shop<'_> {
    crate::payments::attempts::Shop {
        card: &config.payments.card_2c2p,
        payments: &config.payments,
        public_url: &config.public_url,
    }
}

#[derive(Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PayBody {
    /// `card_2c2p` (the default) for a new card attempt, or another method the shop offers
    /// to switch to.
    #[serde(default)]
    #[schema(value_type = Option<PaymentMethod>)]
    #[ts(as = "Option<PaymentMethod>", optional)]
    payment: Option<String>,
}

/// Pay an unpaid order again (the owner, or a guest with `?key=`): a new card payment
/// attempt, or a switch of method.
///
/// The body may be empty (a new card attempt). The answer carries the new attempt's signed
/// form in `order.payment.redirect`.
#[utoipa::path(
    post,
    path = "/api/app/order/pay/{id}",
    tag = "order",
    security((), ("bearer" = [])),
    params(("id" = u64, Path, description = "order id"), KeyQuery),
    request_body(content = Option<PayBody>, description = "optional"),
    responses(
        (status = 200, description = "The order with its new attempt or payment instructions", body = OrderAnswer),
        (status = 400, description = "`invalid_payment` or `invalid_input`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 404, description = "`not_found`, also for another shopper's order", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`: too many wrong order keys from this address; `Retry-After` says when to try again", body = ErrorAnswer),
        (status = 409, description = "`not_payable`: the order no longer waits for payment; `too_many_attempts`: the order has had its 10 card payment attempts", body = ErrorAnswer),
    ),
)]
pub async fn pay_order(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<OrderId>,
    Query(query): Query<KeyQuery>,
    body: axum::body::Bytes,
) -> Result<Json<OrderAnswer>, AppError> {
    let caller = authenticate(&state, &headers).await?;
    let holder = query
        .holder(caller.as_ref())
        .ok_or_else(|| AppError::NotFound(format!("there is no order {id}")))?;
    let wanted = if body.iter().all(u8::is_ascii_whitespace) {
        None
    } else {
        serde_json::from_slice::<PayBody>(&body)
            .map_err(|e| AppError::bad_request("invalid_input", format!("body: {e}")))?
            .payment
    };
    let method = match wanted {
        None => PaymentMethod::Card2c2p,
        Some(text) => PaymentMethod::parse(&text).ok_or_else(|| {
            AppError::bad_request(
                "invalid_payment",
                "payment: must be promptpay, bank_transfer or card_2c2p",
            )
        })?,
    };
    let (db, config) = (state.store.clone(), state.config.clone());
    let username = actor_name(caller.as_ref());
    let order = blocking("order task", move || {
        crate::payments::attempts::pay_again(&db, id, &holder, &username, method, shop(&config))
    })
    .await?;
    let hours = state.config.unpaid_order_expiry_hours;
    Ok(order_answer(order.for_shopper().with_deadline(hours)))
}
