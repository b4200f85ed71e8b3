//! Customers (staff): find a shopper, see their orders, coins and addresses, credit or take
//! back coins with a reason (the one staff coin endpoint), disable or enable the account,
//! mail a password reset link.
//!
//! A staff account is never a customer here: every route answers 404 for it, as if it did not
//! exist, so `customers.read`/`customers.write` never reach a staff account (those are managed
//! on the staff routes with `staff.manage`). No route answers a credential for the customer's
//! account: a reset link goes to the customer's own address only (docs/STAFF.md).

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::coins::{self, CoinChange, CoinEntry};
use crate::accounts::model::{Address, Provider, Role, User, VatInfo};
use crate::accounts::permissions::need;
use crate::accounts::store::{self, AccountError};
use crate::domain::{Coins, UserId};
use crate::handlers::auth::Can;
use crate::handlers::staff::who;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::query::Query;
use crate::http::{AppError, blocking, kcard};
use crate::orders::model::Order;
use crate::state::AppState;

/// A customer as staff see them (never the password hash).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct Customer {
    pub id: UserId,
    pub username: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub role: Role,
    pub provider: Provider,
    pub coin: Coins,
    pub disabled: bool,
    /// Unix seconds.
    pub created_at: i64,
    pub last_login_at: Option<i64>,
    pub add_info: Vec<Address>,
    pub vat_info: Option<VatInfo>,
}

impl From<&User> for Customer {
    fn from(user: &User) -> Self {
        Customer {
            id: user.id,
            username: user.username.clone(),
            name: user.name.clone(),
            email: user.email.clone(),
            phone: user.phone.clone(),
            role: user.role.clone(),
            provider: user.provider,
            coin: user.coin,
            disabled: user.disabled,
            created_at: user.created_at,
            last_login_at: user.last_login_at,
            add_info: user.add_info.clone(),
            vat_info: user.vat_info.clone(),
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema, TS)]
#[serde(default, deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct CustomerQuery {
    /// Part of the username, name, email or phone.
    #[ts(optional)]
    pub q: Option<String>,
    /// Customers per page, 1 to 200 (default 50).
    #[param(minimum = 1, maximum = 200)]
    #[ts(optional)]
    pub limit: Option<usize>,
    /// The `next` of the previous page.
    #[ts(optional)]
    #[ts(type = "number")]
    pub after: Option<u64>,
}

/// `{status, customers, next}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CustomerPageAnswer {
    pub status: SuccessStatus,
    /// Newest first.
    pub customers: Vec<Customer>,
    pub next: Option<UserId>,
}

/// Shoppers (role `user`), newest first, optionally searched.
#[utoipa::path(
    get,
    path = "/api/admin/customers",
    tag = "admin",
    security(("bearer" = [])),
    params(CustomerQuery),
    responses(
        (status = 200, description = "One page", body = CustomerPageAnswer),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs customers.read", body = ErrorAnswer),
    ),
)]
pub async fn list_customers(
    State(state): State<AppState>,
    _staff: Can<need::CustomersRead>,
    Query(query): Query<CustomerQuery>,
) -> Result<Json<CustomerPageAnswer>, AppError> {
    let limit = match query.limit {
        None => 50,
        Some(n) if (1..=200).contains(&n) => n,
        Some(_) => {
            return Err(AppError::bad_request(
                "invalid_parameter",
                "limit: must be 1 to 200",
            ));
        }
    };
    let q = query.q.unwrap_or_default();
    if q.chars().count() > 100 {
        return Err(AppError::bad_request(
            "invalid_parameter",
            "q: at most 100 characters",
        ));
    }
    let below = query.after.unwrap_or(u64::MAX);
    let db = state.store.clone();
    let (users, next) = blocking::<_, AccountError>("customer task", move || {
        let (users, next) = store::search_users(&db, &q, false, limit, UserId(below))?;
        Ok((users, next))
    })
    .await?;
    Ok(Json(CustomerPageAnswer {
        status: SuccessStatus::Success,
        customers: users.iter().map(Customer::from).collect(),
        next,
    }))
}

/// `{status, customer, orders, ledger}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CustomerAnswer {
    pub status: SuccessStatus,
    pub customer: Customer,
    /// Newest first.
    pub orders: Vec<Order>,
    /// Every coin change, oldest first; the amounts add up to the balance.
    pub ledger: Vec<CoinEntry>,
}

/// One customer with their orders and coin ledger.
#[utoipa::path(
    get,
    path = "/api/admin/customers/{id}",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "user id")),
    responses(
        (status = 200, description = "The customer", body = CustomerAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs customers.read", body = ErrorAnswer),
        (status = 404, description = "`not_found`: no such user, or a staff account (never a customer)", body = ErrorAnswer),
    ),
)]
pub async fn get_customer(
    State(state): State<AppState>,
    _staff: Can<need::CustomersRead>,
    Path(id): Path<UserId>,
) -> Result<Json<CustomerAnswer>, AppError> {
    let db = state.store.clone();
    let (user, ledger) = blocking::<_, AccountError>("customer task", move || {
        let user = db.read(|txn| store::customer_in(txn, id))?;
        Ok((user, coins::ledger(&db, id)?))
    })
    .await?;
    let db = state.store.clone();
    let orders = tokio::task::spawn_blocking(move || crate::orders::store::list_for_user(&db, id))
        .await
        .map_err(|e| AppError::internal("customer orders", e))??;
    Ok(Json(CustomerAnswer {
        status: SuccessStatus::Success,
        customer: Customer::from(&user),
        orders,
        ledger,
    }))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct CoinsBody {
    /// Whole coins to add (negative: to take back); not 0, at most 1000000 either way.
    amount: Coins,
    /// Why, for the ledger: 1 to 200 characters.
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    reason: String,
}

/// `{status, customer}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CustomerChangeAnswer {
    pub status: SuccessStatus,
    pub customer: Customer,
}

/// Credits or takes back coins, with the reason in the ledger and the activity log. The one
/// staff coin endpoint.
#[utoipa::path(
    post,
    path = "/api/admin/customers/{id}/coins",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "user id")),
    request_body = CoinsBody,
    responses(
        (status = 200, description = "The customer with the new balance", body = CustomerChangeAnswer),
        (status = 400, description = "`invalid_input`: amount out of range, no reason, or a balance below 0", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs customers.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`: no such user, or a staff account (never a customer)", body = ErrorAnswer),
    ),
)]
pub async fn adjust_coins(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CustomersWrite>,
    Path(id): Path<UserId>,
    Json(body): Json<CoinsBody>,
) -> Result<Json<CustomerChangeAnswer>, AppError> {
    if body.amount == Coins::ZERO || body.amount.get().unsigned_abs() > 1_000_000 {
        return Err(AppError::bad_request(
            "invalid_input",
            "amount: must be a non-zero number of coins up to 1000000 either way",
        ));
    }
    let db = state.store.clone();
    let caller = &staff.caller().user;
    let (staff_id, staff_name, channel) = (caller.id, caller.username.clone(), kcard(&headers));
    let user = blocking("customer task", move || {
        let change = CoinChange {
            amount: body.amount,
            reason: &body.reason,
            order_id: None,
            staff_id: Some(staff_id),
        };
        coins::adjust_by_staff(&db, id, &change, &staff_name, &channel)
    })
    .await?;
    Ok(Json(CustomerChangeAnswer {
        status: SuccessStatus::Success,
        customer: Customer::from(&user),
    }))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct DisabledBody {
    /// `true` to disable (sign-in refused, tokens stop at once), `false` to enable again.
    pub disabled: bool,
}

/// Disables or enables a customer's account (a staff account: `POST /api/admin/staff/{id}/disabled`).
#[utoipa::path(
    post,
    path = "/api/admin/customers/{id}/disabled",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "user id")),
    request_body = DisabledBody,
    responses(
        (status = 200, description = "The customer", body = CustomerChangeAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs customers.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`: no such user, or a staff account (never a customer)", body = ErrorAnswer),
    ),
)]
pub async fn set_disabled(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CustomersWrite>,
    Path(id): Path<UserId>,
    Json(body): Json<DisabledBody>,
) -> Result<Json<CustomerChangeAnswer>, AppError> {
    // No self-check needed: the caller is staff, and a staff account is not a customer here.
    let caller = staff.caller().user.clone();
    let db = state.store.clone();
    let channel = kcard(&headers);
    let user = blocking("customer task", move || {
        store::set_disabled(
            &db,
            id,
            body.disabled,
            &caller.username,
            &channel,
            store::only_customers,
        )
    })
    .await?;
    Ok(Json(CustomerChangeAnswer {
        status: SuccessStatus::Success,
        customer: Customer::from(&user),
    }))
}

/// `{status, emailedTo, expiresAt}`: never the link itself.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ResetLinkAnswer {
    pub status: SuccessStatus,
    /// Unix seconds; the link stops working then, or once used.
    pub expires_at: u64,
    /// The customer's own address the link is mailed to.
    pub emailed_to: String,
}

/// Mails a password reset link to a customer's local account: a one-time link valid for a
/// day, sent to the customer's own address only. Staff never see the link (it would let them
/// sign in as the customer); without e-mail the operator runs `kiosk user reset-password`.
#[utoipa::path(
    post,
    path = "/api/admin/customers/{id}/password-reset",
    tag = "admin",
    security(("bearer" = [])),
    params(("id" = u64, Path, description = "user id")),
    responses(
        (status = 200, description = "The link is on its way to the customer's address", body = ResetLinkAnswer),
        (status = 400, description = "`no_password`: the account signs in with Google or Facebook", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs customers.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`: no such user, or a staff account (never a customer)", body = ErrorAnswer),
        (status = 409, description = "`reset_needs_email`: e-mail is off or the account has no address", body = ErrorAnswer),
    ),
)]
pub async fn start_password_reset(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CustomersWrite>,
    Path(id): Path<UserId>,
) -> Result<Json<ResetLinkAnswer>, AppError> {
    let db = state.store.clone();
    let (actor, channel) = who(&staff, &headers);
    let base = state.config.public_url.trim_end_matches('/').to_string();
    let plan = crate::outbox::Plan::from_config(&state.config);
    let link = move |token: &str| format!("{base}/user/login?reset={token}");
    let started = blocking("customer task", move || {
        crate::accounts::reset::start(&db, id, &actor, &channel, &plan, &link)
    })
    .await?;
    Ok(Json(ResetLinkAnswer {
        status: SuccessStatus::Success,
        expires_at: started.expires_at,
        emailed_to: started.emailed_to,
    }))
}
