//! Thin handlers for carts. A visitor's cart is addressed by its unguessable visitor id; a
//! user's cart needs that user's token (docs/API.md). Blocking work runs through the kit's
//! `crate::http::blocking`.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::cart::choice::{self, Picked};
use crate::cart::model::{Cart, CartOwner, MAX_QTY};
use crate::cart::store;
use crate::catalog::cache::CatalogSnapshot;
use crate::content::model::Localized;
use crate::domain::{Coins, UserId};
use crate::handlers::auth::{AuthUser, authenticate};
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::openapi_shared::string_or_integer;
use crate::http::{AppError, blocking};
use crate::pricing::{Quote, Satang};
use crate::state::AppState;
use crate::store::{StoreError, Txn};

/// The cart as the UI shows it: lines with the product's current name, price and picture.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CartView {
    /// The visitor id (a UUID) or the signed-in user's id, as a string.
    pub id: String,
    pub lines: Vec<CartLineView>,
    /// The item count (`amt`, docs/STOREFRONT.md §3).
    pub amt: u32,
}

/// A cart line with what the catalogue says about its variant now (docs/VARIANTS.md §3).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct CartLineView {
    /// The variant's code (a product without options: the product's code).
    pub code: String,
    /// The product the variant belongs to; absent when it has left the catalogue.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub product_code: Option<String>,
    pub qty: u32,
    /// The product's name; null when the product has left the catalogue.
    pub name: Option<Localized>,
    /// The chosen option values per language joined by " / " ("Grey / 6 ft"); absent for a
    /// product without options.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub choice: Option<Localized>,
    /// Satang, the variant's current price; null when it has left the catalogue.
    pub unit_price: Option<Satang>,
    /// Satang, the variant's compare-at price when it is on sale.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub compare_at_price: Option<Satang>,
    /// The variant's first photo, else the product's first.
    pub image: Option<String>,
    /// The variant's units in stock now.
    pub stock: u32,
    /// False for variants no longer sold (the variant or its product hidden, or gone): they
    /// can only be removed.
    pub available: bool,
}

/// `{status, cart}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CartAnswer {
    pub status: SuccessStatus,
    pub cart: CartView,
}

/// The lines of `cart` as the shopper sees them, each variant's stock read from `txn`.
fn line_views(
    txn: &impl Txn,
    cart: &Cart,
    catalog: &CatalogSnapshot,
) -> Result<Vec<CartLineView>, StoreError> {
    let mut lines = Vec::with_capacity(cart.lines.len());
    for line in &cart.lines {
        lines.push(match choice::pick(catalog, &line.code) {
            Picked::Sold(pick) => CartLineView {
                code: line.code.clone(),
                product_code: Some(pick.product().code.clone()),
                qty: line.qty,
                name: Some(pick.product().name.clone()),
                choice: pick.choice(txn)?,
                unit_price: Some(pick.price()),
                compare_at_price: pick.compare_at_price(),
                image: pick
                    .image()
                    .map(|i| crate::catalog::image_urls::versioned_url(i).into_owned()),
                stock: pick.level(txn)?,
                available: pick.active(),
            },
            // A product code that no longer names a variant (its options changed).
            Picked::NeedsChoice(entry) => CartLineView {
                code: line.code.clone(),
                product_code: Some(entry.product.code.clone()),
                qty: line.qty,
                name: Some(entry.product.name.clone()),
                choice: None,
                unit_price: None,
                compare_at_price: None,
                image: None,
                stock: 0,
                available: false,
            },
            Picked::Unknown => CartLineView {
                code: line.code.clone(),
                product_code: None,
                qty: line.qty,
                name: None,
                choice: None,
                unit_price: None,
                compare_at_price: None,
                image: None,
                stock: 0,
                available: false,
            },
        });
    }
    Ok(lines)
}

fn cart_answer(owner: &CartOwner, cart: &Cart, lines: Vec<CartLineView>) -> Json<CartAnswer> {
    Json(CartAnswer {
        status: SuccessStatus::Success,
        cart: CartView {
            id: owner.id(),
            lines,
            amt: cart.amount(),
        },
    })
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

/// A cart.
///
/// `id` is the visitor id (a UUID) or the signed-in user's id, which needs that user's token.
#[utoipa::path(
    get,
    path = "/api/app/cart/get/{id}",
    tag = "cart",
    security((), ("bearer" = [])),
    params(("id" = String, Path, description = "visitor id (UUID) or user id")),
    responses(
        (status = 200, description = "The cart (empty when there is none yet)", body = CartAnswer),
        (status = 400, description = "`invalid_cart_id`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`: a user's cart without a token", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: another shopper's cart", body = ErrorAnswer),
    ),
)]
pub async fn get_cart(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<CartAnswer>, AppError> {
    let owner = owner_for(&state, &headers, &id).await?;
    let (db, key, catalog) = (state.store.clone(), owner.clone(), state.catalog.current());
    let (cart, lines) = blocking::<_, AppError>("cart task", move || {
        let cart = store::get(&db, &key)?;
        let lines = db.read(|txn| line_views(txn, &cart, &catalog))?;
        Ok((cart, lines))
    })
    .await?;
    Ok(cart_answer(&owner, &cart, lines))
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

#[derive(Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct LineBody {
    /// The cart: the visitor id (a UUID) or the signed-in user's id.
    #[serde(deserialize_with = "string_or_number")]
    #[schema(schema_with = string_or_integer)]
    #[ts(type = "string | number")]
    id: String,
    /// The variant's code (a product without options: the product's code). A product with
    /// options named by its own code, when that is none of its variants', is refused with
    /// `variant_required`.
    code: String,
    /// Units: 1 to 99 to add; 0 to 99 to set (0 takes the line out).
    #[schema(minimum = 0, maximum = 99)]
    qty: i64,
}

/// Checks a wanted quantity of the variant `code` against the limits and its stock.
fn checked_qty(
    txn: &impl Txn,
    catalog: &CatalogSnapshot,
    code: &str,
    wanted: i64,
) -> Result<u32, AppError> {
    let pick = match choice::pick(catalog, code) {
        Picked::NeedsChoice(entry) if entry.product.active => {
            let offered: Vec<&str> = entry.choices.active().map(|v| &*v.code).collect();
            return Err(AppError::bad_request(
                "variant_required",
                format!(
                    "{code}: this product comes in several options; choose one of {}",
                    offered.join(", ")
                ),
            ));
        }
        picked => picked.for_sale().ok_or_else(|| {
            AppError::bad_request(
                "unknown_product",
                format!("{code}: no such product is for sale"),
            )
        })?,
    };
    if wanted > i64::from(MAX_QTY) {
        return Err(AppError::bad_request(
            "quantity_limit",
            format!("{code}: at most {MAX_QTY} of one product per order"),
        ));
    }
    let stock = pick.level(txn)?;
    if wanted > i64::from(stock) {
        return Err(AppError::bad_request(
            "out_of_stock",
            format!("{code}: only {stock} in stock"),
        ));
    }
    Ok(u32::try_from(wanted.max(0)).unwrap_or(MAX_QTY))
}

/// Add 1–99 of a product to its line; bounded by stock.
#[utoipa::path(
    post,
    path = "/api/app/cart/add",
    tag = "cart",
    security((), ("bearer" = [])),
    request_body = LineBody,
    responses(
        (status = 200, description = "The whole cart", body = CartAnswer),
        (status = 400, description = "`invalid_quantity`, `unknown_product`, `variant_required`, `quantity_limit`, `out_of_stock` or `invalid_cart_id`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`", body = ErrorAnswer),
    ),
)]
pub async fn add_to_cart(
    State(state): State<AppState>,
    seen: crate::handlers::insights::Seen,
    headers: HeaderMap,
    Json(body): Json<LineBody>,
) -> Result<Json<CartAnswer>, AppError> {
    if !(1..=i64::from(MAX_QTY)).contains(&body.qty) {
        return Err(AppError::bad_request(
            "invalid_quantity",
            format!("qty: must be 1 to {MAX_QTY}"),
        ));
    }
    let answer = change_line(state.clone(), headers, body, true).await?;
    state
        .insights
        .added_to_cart(seen.who(), &seen.kcard, crate::activity::now_millis());
    Ok(answer)
}

/// Set a line's quantity (0 removes it).
#[utoipa::path(
    post,
    path = "/api/app/cart/set",
    tag = "cart",
    security((), ("bearer" = [])),
    request_body = LineBody,
    responses(
        (status = 200, description = "The whole cart", body = CartAnswer),
        (status = 400, description = "`invalid_quantity`, `unknown_product`, `variant_required`, `quantity_limit`, `out_of_stock` or `invalid_cart_id`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`", body = ErrorAnswer),
    ),
)]
pub async fn set_cart_line(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<LineBody>,
) -> Result<Json<CartAnswer>, AppError> {
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
) -> Result<Json<CartAnswer>, AppError> {
    let owner = owner_for(&state, &headers, &body.id).await?;
    let catalog = state.catalog.current();
    let (db, key, snapshot) = (state.store.clone(), owner.clone(), catalog.clone());
    let (cart, lines) = blocking("cart task", move || {
        let cart = store::update(
            &db,
            &key,
            move |txn, cart: &mut Cart| -> Result<(), AppError> {
                let wanted = if add {
                    i64::from(cart.qty(&body.code)) + body.qty
                } else {
                    body.qty
                };
                let qty = if wanted == 0 {
                    0
                } else {
                    checked_qty(txn, &snapshot, &body.code, wanted)?
                };
                cart.set(&body.code, qty);
                Ok(())
            },
        )?;
        let lines = db.read(|txn| line_views(txn, &cart, &catalog))?;
        Ok::<_, AppError>((cart, lines))
    })
    .await?;
    Ok(cart_answer(&owner, &cart, lines))
}

#[derive(Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct MergeBody {
    /// The signed-in user's id (a number, or digits in a string).
    #[schema(schema_with = string_or_integer)]
    #[ts(type = "string | number")]
    uid: Value,
    /// The visitor id (a UUID) whose cart joins the user's.
    mid: String,
}

/// Merge the visitor's cart into the signed-in user's.
///
/// Quantities are added, capped by stock; the visitor's cart is deleted.
#[utoipa::path(
    post,
    path = "/api/app/cart/merge/",
    tag = "cart",
    security(("bearer" = [])),
    request_body = MergeBody,
    responses(
        (status = 200, description = "The user's cart", body = CartAnswer),
        (status = 400, description = "`invalid_cart_id`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: another user's cart", body = ErrorAnswer),
    ),
)]
pub async fn merge_carts(
    State(state): State<AppState>,
    caller: AuthUser,
    Json(body): Json<MergeBody>,
) -> Result<Json<CartAnswer>, AppError> {
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
    let (cart, lines) = blocking::<_, AppError>("cart task", move || {
        let cap = |txn: &redb::WriteTransaction, code: &str, wanted: u32| match choice::pick(
            &snapshot, code,
        ) {
            Picked::Sold(pick) => pick.capped(txn, wanted),
            _ => Ok(wanted.min(MAX_QTY)),
        };
        let cart = store::merge(&db, &visitor, &key, cap)?;
        let lines = db.read(|txn| line_views(txn, &cart, &catalog))?;
        Ok((cart, lines))
    })
    .await?;
    Ok(cart_answer(&user, &cart, lines))
}

#[derive(Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct QuoteBody {
    /// The cart: the visitor id (a UUID) or the signed-in user's id.
    #[serde(deserialize_with = "string_or_number")]
    #[schema(schema_with = string_or_integer)]
    #[ts(type = "string | number")]
    id: String,
    #[serde(default)]
    #[ts(optional)]
    coupon: Option<String>,
    /// Whole coins (1 coin = ฿1) to use; signed-in carts only.
    #[serde(default)]
    #[ts(optional)]
    coins: Option<Coins>,
    /// The shopper's language: some promotions run in one language only.
    #[serde(default)]
    #[ts(optional)]
    lang: Option<String>,
}

/// A cart line as priced: the promotion discount of the whole line.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct PricedLine {
    /// The variant's code, as in the cart.
    pub code: String,
    pub qty: u32,
    pub unit_price: Satang,
    pub discount: Satang,
}

/// A quote with the lines it priced (products no longer sold are left out).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CartQuote {
    #[serde(flatten)]
    pub quote: Quote,
    pub lines: Vec<PricedLine>,
}

/// `{status, quote}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct QuoteAnswer {
    pub status: SuccessStatus,
    pub quote: CartQuote,
}

/// Price a cart on the server.
///
/// Promotions (docs/STOREFRONT.md §5), coupon, coins (signed-in carts), shipping, VAT 7 % included;
/// all in satang, computed from current prices: the browser never sends a price.
#[utoipa::path(
    post,
    path = "/api/app/cart/quote",
    tag = "cart",
    security((), ("bearer" = [])),
    request_body = QuoteBody,
    responses(
        (status = 200, description = "What the cart costs now", body = QuoteAnswer),
        (status = 400, description = "`unknown_coupon`, `coupon_not_valid`, `coupon_min_spend`, `coupon_used_up`, `coupon_used_by_you`, `not_enough_coins`, `coins_need_sign_in`, `invalid_input` or `invalid_cart_id`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`", body = ErrorAnswer),
    ),
)]
pub async fn quote_cart(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<QuoteBody>,
) -> Result<Json<QuoteAnswer>, AppError> {
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
    let (db, key) = (state.store.clone(), owner.clone());
    // The site settings (staff edit them) are the one source of the shipping terms.
    let shipping = crate::pricing::Shipping::from_settings(
        state.content.current().settings(&state.config).shipping,
    );
    let quote = blocking::<_, AppError>("cart task", move || {
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
            Some(id) => {
                crate::accounts::store::find_by_id(&db, id)?.map_or(Coins::ZERO, |u| u.coin)
            }
            None => Coins::ZERO,
        };
        // Variants no longer sold are left out; the rest are priced as their variant, under
        // their product (promotions naming a product apply to each of its variants).
        let mut codes = Vec::with_capacity(cart.lines.len());
        let mut lines: Vec<crate::pricing::Line> = Vec::with_capacity(cart.lines.len());
        for line in &cart.lines {
            if let Some(pick) = choice::pick(&catalog, &line.code).for_sale() {
                codes.push(line.code.clone());
                lines.push(pick.priced(line.qty));
            }
        }
        let request = crate::pricing::QuoteRequest {
            lines: &lines,
            lang,
            promotions: &promotions,
            coupon: coupon.as_ref().map(|(c, uses)| (c, *uses)),
            coins_wanted: coins,
            coin_balance: balance,
            shipping,
            now: time::OffsetDateTime::now_utc().unix_timestamp(),
        };
        let quote = crate::pricing::quote(&request).map_err(pricing_error)?;
        let lines = lines
            .iter()
            .zip(codes)
            .zip(&quote.line_discounts)
            .map(|((l, code), discount)| PricedLine {
                code,
                qty: l.qty,
                unit_price: l.unit_price,
                discount: *discount,
            })
            .collect();
        Ok(CartQuote { quote, lines })
    })
    .await?;
    Ok(Json(QuoteAnswer {
        status: SuccessStatus::Success,
        quote,
    }))
}

fn pricing_error(err: crate::pricing::PricingError) -> AppError {
    AppError::bad_request(err.code(), err.to_string())
}
