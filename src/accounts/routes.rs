//! Thin handlers for sign-up, sign-in, the signed-in user, and staff coin adjustments.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::coins::{self, CoinChange};
use super::model::{Address, User, VatInfo};
use super::store::{self, AccountError, Contact, NewLocalUser};
use crate::app::AppState;
use crate::domain::{Coins, UserId};
use crate::http::auth::{AdminUser, AuthUser};
use crate::http::json::Json;
use crate::http::{AppError, kcard};

/// The user as the UI sees it (SPEC.md §3 "Logged-in user"); never the password hash.
pub fn user_view(user: &User) -> Value {
    json!({
        "id": user.id,
        "username": user.username,
        "name": user.name,
        "role": user.role,
        "provider": user.provider,
        "email": user.email,
        "phone": user.phone,
        "userInfo": user_info(user),
    })
}

fn user_info(user: &User) -> Value {
    json!({"id": user.id, "coin": user.coin, "addInfo": user.add_info, "vatInfo": user.vat_info})
}

/// Runs blocking account work (Argon2, redb) off the async workers.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, AccountError> + Send + 'static,
) -> Result<T, AppError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::internal("account task", e))?
        .map_err(AppError::from)
}

fn issue(state: &AppState, user: &User) -> Result<String, AppError> {
    state
        .tokens
        .issue(&user.id.to_string(), user.role.as_str(), user.token_version)
        .map_err(|e| AppError::internal("signing a token", e))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisterBody {
    username: String,
    password: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    phone: String,
}

/// `POST /api/auth/register` → 201 `{status, token}`
pub async fn register(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<RegisterBody>,
) -> Result<Response, AppError> {
    if body.name.trim().is_empty() {
        return Err(AppError::bad_request(
            "invalid_input",
            "name: please give your name",
        ));
    }
    let db = state.store.clone();
    let channel = kcard(&headers);
    let user = blocking(move || {
        let new = NewLocalUser {
            username: &body.username,
            name: &body.name,
            password: &body.password,
            role: "user",
        };
        store::register_local_user(
            &db,
            &new,
            &Contact {
                email: &body.email,
                phone: &body.phone,
                kcard: &channel,
            },
        )
    })
    .await?;
    let token = issue(&state, &user)?;
    Ok((
        StatusCode::CREATED,
        axum::Json(json!({"status": "success", "token": token})),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoginBody {
    username: String,
    password: String,
}

/// `POST /api/auth/login` → `{status, token}`; throttled per client address and per account.
pub async fn login(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(body): Json<LoginBody>,
) -> Result<Response, AppError> {
    let account_key = format!("user:{}", body.username.trim().to_lowercase());
    let keys = [
        format!("ip:{}", client_ip(&state, peer, &headers)),
        account_key.clone(),
    ];
    if let Err(wait) = state.throttle.check(&keys) {
        return Err(AppError::TooManyAttempts(wait.as_secs().max(1)));
    }
    let db = state.store.clone();
    let channel = kcard(&headers);
    let outcome =
        blocking(move || store::verify_login(&db, &body.username, &body.password, &channel)).await;
    match outcome {
        Ok(user) => {
            state.throttle.record_success(&account_key);
            let token = issue(&state, &user)?;
            Ok(axum::Json(json!({"status": "success", "token": token})).into_response())
        }
        Err(AppError::InvalidCredentials) => {
            state.throttle.record_failure(&keys);
            Err(AppError::InvalidCredentials)
        }
        Err(other) => Err(other),
    }
}

/// The address throttling counts by: the peer, or behind a trusted proxy the address the proxy
/// appended last to X-Forwarded-For (earlier entries are whatever the client sent).
fn client_ip(state: &AppState, peer: SocketAddr, headers: &HeaderMap) -> String {
    if state.config.trust_proxy_headers
        && let Some(forwarded) = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok())
        && let Some(last) = forwarded.rsplit(',').map(str::trim).find(|s| !s.is_empty())
    {
        return last.to_string();
    }
    peer.ip().to_string()
}

/// `GET /api/auth/user` → `{status, data: user}`
pub async fn current_user(caller: AuthUser) -> Response {
    axum::Json(json!({"status": "success", "data": user_view(&caller.user)})).into_response()
}

/// `POST /api/auth/logout`: the presented token stops working.
pub async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: AuthUser,
) -> Result<Response, AppError> {
    let db = state.store.clone();
    let (jti, exp, username, channel) = (
        caller.claims.jti.clone(),
        caller.claims.exp,
        caller.user.username.clone(),
        kcard(&headers),
    );
    blocking(move || store::revoke_token(&db, &jti, exp, &username, &channel)).await?;
    Ok(axum::Json(json!({"status": "success"})).into_response())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PasswordBody {
    old_password: String,
    new_password: String,
}

/// `POST /api/auth/password` → `{status, token}`: a fresh token; every older one dies.
pub async fn change_password(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: AuthUser,
    Json(body): Json<PasswordBody>,
) -> Result<Response, AppError> {
    let account_key = format!("user:{}", caller.user.username.to_lowercase());
    if let Err(wait) = state.throttle.check(std::slice::from_ref(&account_key)) {
        return Err(AppError::TooManyAttempts(wait.as_secs().max(1)));
    }
    let db = state.store.clone();
    let (user_id, channel) = (caller.user.id, kcard(&headers));
    match blocking(move || {
        store::change_password(
            &db,
            user_id,
            &body.old_password,
            &body.new_password,
            &channel,
        )
    })
    .await
    {
        Ok(user) => Ok(
            axum::Json(json!({"status": "success", "token": issue(&state, &user)?}))
                .into_response(),
        ),
        Err(AppError::InvalidCredentials) => {
            state
                .throttle
                .record_failure(std::slice::from_ref(&account_key));
            Err(AppError::InvalidCredentials)
        }
        Err(other) => Err(other),
    }
}

/// `GET /api/auth/userInfo/get/{userId}`: the owner or staff only.
pub async fn get_user_info(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(user_id): Path<UserId>,
) -> Result<Response, AppError> {
    if caller.user.id != user_id && !caller.user.role.is_admin() {
        return Err(AppError::Forbidden(
            "you may only read your own account".into(),
        ));
    }
    let db = state.store.clone();
    let user = blocking(move || store::find_by_id(&db, user_id))
        .await?
        .ok_or_else(|| AppError::NotFound(format!("there is no user {user_id}")))?;
    Ok(axum::Json(json!({"status": "success", "userInfo": user_info(&user)})).into_response())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UserInfoBody {
    #[serde(default)]
    add_info: Vec<Address>,
    #[serde(default)]
    vat_info: Option<VatInfo>,
}

/// `PUT /api/auth/userInfo`: the caller's delivery addresses and tax-invoice details.
pub async fn put_user_info(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: AuthUser,
    Json(body): Json<UserInfoBody>,
) -> Result<Response, AppError> {
    let db = state.store.clone();
    let (user_id, channel) = (caller.user.id, kcard(&headers));
    let user = blocking(move || {
        store::update_user_info(&db, user_id, body.add_info, body.vat_info, &channel)
    })
    .await?;
    Ok(axum::Json(json!({"status": "success", "userInfo": user_info(&user)})).into_response())
}

/// `GET /api/auth/providers`: the social sign-in buttons to show.
pub async fn list_providers(State(state): State<AppState>) -> Response {
    axum::Json(json!({"status": "success", "providers": super::social::enabled_providers(&state)}))
        .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoinBody {
    amount: Coins,
    reason: String,
}

/// `POST /api/admin/user/{id}/coins` (staff): a manual coin adjustment, recorded in the ledger.
pub async fn adjust_coins(
    State(state): State<AppState>,
    headers: HeaderMap,
    AdminUser(staff): AdminUser,
    Path(user_id): Path<UserId>,
    Json(body): Json<CoinBody>,
) -> Result<Response, AppError> {
    if body.amount == Coins::ZERO || body.amount.get().abs() > 1_000_000 {
        return Err(AppError::bad_request(
            "invalid_input",
            "amount must be between -1000000 and 1000000 and not 0",
        ));
    }
    let db = state.store.clone();
    let (staff_id, staff_name, channel) =
        (staff.user.id, staff.user.username.clone(), kcard(&headers));
    let user = blocking(move || {
        let change = CoinChange {
            amount: body.amount,
            reason: &body.reason,
            order_id: None,
            staff_id: Some(staff_id),
        };
        coins::adjust_by_staff(&db, user_id, &change, &staff_name, &channel)
    })
    .await?;
    Ok(axum::Json(json!({"status": "success", "userInfo": user_info(&user)})).into_response())
}

/// `GET /api/admin/user/{id}/coins` (staff): the ledger and the balance it adds up to.
pub async fn get_coin_ledger(
    State(state): State<AppState>,
    _staff: AdminUser,
    Path(user_id): Path<UserId>,
) -> Result<Response, AppError> {
    let db = state.store.clone();
    let (entries, user) = blocking(move || {
        Ok((
            coins::ledger(&db, user_id)?,
            store::find_by_id(&db, user_id)?,
        ))
    })
    .await?;
    let user = user.ok_or_else(|| AppError::NotFound(format!("there is no user {user_id}")))?;
    Ok(
        axum::Json(json!({"status": "success", "coin": user.coin, "ledger": entries}))
            .into_response(),
    )
}
