//! Thin handlers for carts. A visitor's cart is addressed by its unguessable visitor id; a
//! user's cart needs that user's token.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{Cart, CartOwner, MAX_QTY};
use super::store;
use crate::app::AppState;
use crate::catalog::cache::CatalogSnapshot;
use crate::domain::{Coins, UserId};
use crate::http::AppError;
use crate::http::auth::{AuthUser, authenticate};
use crate::http::json::Json;

/// The cart as the UI shows it: lines with the product's current name, price and picture.
fn cart_view(owner: &CartOwner, cart: &Cart, catalog: &CatalogSnapshot) -> Value {
    let lines: Vec<Value> = cart
        .lines
        .iter()
        .map(|line| match catalog.product(&line.code) {
            Some(p) => json!({"code": line.code, "qty": line.qty, "name": p.name, "unitPrice": p.price, "image": p.images.first(), "stock": p.stock, "available": p.active}),
            None => json!({"code": line.code, "qty": line.qty, "name": null, "unitPrice": null, "image": null, "stock": 0, "available": false}),
        })
        .collect();
    json!({"status": "success", "cart": {"id": owner.id(), "lines": lines, "amt": cart.amount()}})
}

/// Parses the cart id and checks the caller may use that cart.
async fn owner_for(state: &AppState, headers: &HeaderMap, id: &str) -> Result<CartOwner, AppError> {
    let owner = CartOwner::parse(id).map_err(|m| AppError::bad_request("invalid_cart_id", m))?;
    if let CartOwner::User(user_id) = owner {
        let caller = authenticate(state, headers)
            .await?
            .ok_or(AppError::Unauthorized)?;
        if caller.user.id != user_id {
            return Err(AppError::Forbidden("this is another shopper's cart".into()));
        }
    }
    Ok(owner)
}

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::internal("cart task", e))?
}

/// `GET /api/app/cart/get/{id}`
pub async fn get_cart(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let owner = owner_for(&state, &headers, &id).await?;
    let (db, key) = (state.store.clone(), owner.clone());
    let cart = blocking(move || Ok(store::get(&db, &key)?)).await?;
    Ok(axum::Json(cart_view(&owner, &cart, &state.catalog.current())).into_response())
}

/// Cart ids are strings, but a signed-in user's id is a number in every other answer: take both.
fn string_or_number<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    match Value::deserialize(deserializer)? {
        Value::String(s) => Ok(s),
        Value::Number(n) if n.is_u64() => Ok(n.to_string()),
        other => Err(serde::de::Error::custom(format!(
            "expected the visitor id or the user id, found {other}"
        ))),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineBody {
    #[serde(deserialize_with = "string_or_number")]
    id: String,
    code: String,
    qty: i64,
}

/// Checks a wanted quantity against the limits and the product's stock.
fn checked_qty(catalog: &CatalogSnapshot, code: &str, wanted: i64) -> Result<u32, AppError> {
    let product = catalog.product(code).filter(|p| p.active).ok_or_else(|| {
        AppError::bad_request(
            "unknown_product",
            format!("{code}: no such product is for sale"),
        )
    })?;
    if wanted > i64::from(MAX_QTY) {
        return Err(AppError::bad_request(
            "quantity_limit",
            format!("{code}: at most {MAX_QTY} of one product per order"),
        ));
    }
    if wanted > i64::from(product.stock) {
        return Err(AppError::bad_request(
            "out_of_stock",
            format!("{code}: only {} in stock", product.stock),
        ));
    }
    Ok(wanted.max(0) as u32)
}

/// `POST /api/app/cart/add` `{id, code, qty}`: adds to the line's quantity.
pub async fn add_to_cart(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<LineBody>,
) -> Result<Response, AppError> {
    if !(1..=i64::from(MAX_QTY)).contains(&body.qty) {
        return Err(AppError::bad_request(
            "invalid_quantity",
            format!("qty: must be 1 to {MAX_QTY}"),
        ));
    }
    change_line(state, headers, body, true).await
}

/// `POST /api/app/cart/set` `{id, code, qty}`: sets the line's quantity; 0 removes it.
pub async fn set_cart_line(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<LineBody>,
) -> Result<Response, AppError> {
    if !(0..=i64::from(MAX_QTY)).contains(&body.qty) {
        return Err(AppError::bad_request(
            "invalid_quantity",
            format!("qty: must be 0 to {MAX_QTY}"),
        ));
    }
    change_line(state, headers, body, false).await
}

async fn change_line(
    state: AppState,
    headers: HeaderMap,
    body: LineBody,
    add: bool,
) -> Result<Response, AppError> {
    let owner = owner_for(&state, &headers, &body.id).await?;
    let catalog = state.catalog.current();
    let (db, key, snapshot) = (state.store.clone(), owner.clone(), catalog.clone());
    let cart = blocking(move || {
        store::update(&db, &key, |cart: &mut Cart| -> Result<(), AppError> {
            let wanted = if add {
                i64::from(cart.qty(&body.code)) + body.qty
            } else {
                body.qty
            };
            let qty = if wanted == 0 {
                0
            } else {
                checked_qty(&snapshot, &body.code, wanted)?
            };
            cart.set(&body.code, qty);
            Ok(())
        })
    })
    .await?;
    Ok(axum::Json(cart_view(&owner, &cart, &catalog)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MergeBody {
    uid: Value,
    mid: String,
}

/// `POST /api/app/cart/merge/` `{uid, mid}`: on sign-in, the visitor's cart joins the user's.
pub async fn merge_carts(
    State(state): State<AppState>,
    caller: AuthUser,
    Json(body): Json<MergeBody>,
) -> Result<Response, AppError> {
    let uid = match &body.uid {
        Value::Number(n) => n.as_u64().map(UserId),
        Value::String(s) => UserId::parse(s).ok(),
        _ => None,
    }
    .ok_or_else(|| {
        AppError::bad_request("invalid_cart_id", "uid: must be the signed-in user's id")
    })?;
    if uid != caller.user.id {
        return Err(AppError::Forbidden(
            "you can only merge into your own cart".into(),
        ));
    }
    let visitor = match CartOwner::parse(&body.mid) {
        Ok(owner @ CartOwner::Visitor(_)) => owner,
        _ => {
            return Err(AppError::bad_request(
                "invalid_cart_id",
                "mid: must be the visitor id (a UUID)",
            ));
        }
    };
    let user = CartOwner::User(uid);
    let catalog = state.catalog.current();
    let (db, key, snapshot) = (state.store.clone(), user.clone(), catalog.clone());
    let cart = blocking(move || {
        let cap = |code: &str, wanted: u32| {
            snapshot.product(code).map_or(wanted.min(MAX_QTY), |p| {
                wanted.min(MAX_QTY).min(p.stock.max(1))
            })
        };
        Ok(store::merge(&db, &visitor, &key, cap)?)
    })
    .await?;
    Ok(axum::Json(cart_view(&user, &cart, &catalog)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuoteBody {
    #[serde(deserialize_with = "string_or_number")]
    id: String,
    #[serde(default)]
    coupon: Option<String>,
    /// Whole coins (1 coin = ฿1) to use; signed-in carts only.
    #[serde(default)]
    coins: Option<Coins>,
    /// The shopper's language: some promotions run in one language only.
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /api/app/cart/quote` `{id, coupon?, coins?, lang?}`: what the cart costs, computed
/// here from current prices; the browser never sends a price.
pub async fn quote_cart(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<QuoteBody>,
) -> Result<Response, AppError> {
    let owner = owner_for(&state, &headers, &body.id).await?;
    let coins = body.coins.unwrap_or(Coins::ZERO);
    if coins.is_negative() {
        return Err(AppError::bad_request(
            "invalid_input",
            "coins: must not be negative",
        ));
    }
    let user_id = match owner {
        CartOwner::User(id) => Some(id),
        CartOwner::Visitor(_) if coins > Coins::ZERO => {
            return Err(AppError::bad_request(
                "coins_need_sign_in",
                "coins: sign in to use coins",
            ));
        }
        CartOwner::Visitor(_) => None,
    };
    let lang = body
        .lang
        .as_deref()
        .and_then(crate::i18n::Locale::parse)
        .unwrap_or(crate::i18n::Locale::En)
        .code();
    let catalog = state.catalog.current();
    let (db, key, config) = (state.store.clone(), owner.clone(), state.config.clone());
    let quote = blocking(move || {
        let cart = store::get(&db, &key)?;
        let promotions = crate::pricing::store::promotions(&db)?;
        let coupon = match body
            .coupon
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            None => None,
            Some(code) => Some(
                crate::pricing::store::coupon(&db, code, user_id)?.ok_or_else(|| {
                    AppError::bad_request(
                        "unknown_coupon",
                        format!("coupon: {code} does not exist"),
                    )
                })?,
            ),
        };
        let balance = match user_id {
            Some(id) => crate::accounts::store::find_by_id(&db, id)?.map_or(Coins::ZERO, |u| u.coin),
            None => Coins::ZERO,
        };
        let lines: Vec<crate::pricing::Line> = cart
            .lines
            .iter()
            .filter_map(|line| {
                catalog
                    .product(&line.code)
                    .filter(|p| p.active)
                    .map(|p| (line, p))
            })
            .map(|(line, p)| crate::pricing::Line::of(p, line.qty))
            .collect();
        let request = crate::pricing::QuoteRequest {
            lines: &lines,
            lang,
            promotions: &promotions,
            coupon: coupon.as_ref().map(|(c, uses)| (c, *uses)),
            coins_wanted: coins,
            coin_balance: balance,
            shipping: crate::pricing::Shipping {
                flat_rate: config.shipping_flat_rate,
                free_over: config.free_shipping_over,
            },
            now: time::OffsetDateTime::now_utc().unix_timestamp(),
        };
        let quote = crate::pricing::quote(&request).map_err(pricing_error)?;
        let priced: Vec<Value> = lines
            .iter()
            .zip(&quote.line_discounts)
            .map(|(l, discount)| json!({"code": l.code, "qty": l.qty, "unitPrice": l.unit_price, "discount": discount}))
            .collect();
        Ok((quote, priced))
    })
    .await?;
    let (quote, lines) = quote;
    let mut quote = serde_json::to_value(quote).map_err(|e| AppError::internal("quote", e))?;
    quote["lines"] = Value::Array(lines);
    Ok(axum::Json(json!({"status": "success", "quote": quote})).into_response())
}

fn pricing_error(err: crate::pricing::PricingError) -> AppError {
    AppError::bad_request(err.code(), err.to_string())
}
