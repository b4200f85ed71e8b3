//! Thin handlers for sign-up, sign-in, sign-out, the signed-in user and their details,
//! password changes and resets, and the social sign-in providers offered (docs/API.md). Blocking
//! work (Argon2, the database) runs through the kit's
//! `crate::http::blocking`; account errors answer as `handlers::errors` maps them.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::model::{Address, Provider, Role, User, VatInfo};
use crate::accounts::store::{self, AccountError, Contact, NewLocalUser};
use crate::accounts::throttle::AttemptKeys;
use crate::domain::{Coins, UserId};
use crate::handlers::auth::{AuthUser, client_ip};
use crate::http::envelope::{Done, ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, blocking, kcard};
use crate::state::AppState;

/// The user as the UI sees it (docs/STOREFRONT.md §3, signed-in user); never the password hash.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: UserId,
    pub username: String,
    pub name: String,
    pub role: Role,
    pub provider: Provider,
    pub email: String,
    pub phone: String,
    pub user_info: UserInfo,
}

/// A user's coins, delivery addresses and tax-invoice details (`userInfo`, docs/STOREFRONT.md §3).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub id: UserId,
    /// Coin balance (1 coin = ฿1 off a later order).
    pub coin: Coins,
    pub add_info: Vec<Address>,
    pub vat_info: Option<VatInfo>,
    /// Where order mail goes; empty when the shopper has given none.
    pub email: String,
    /// Order updates in LINE chat instead of mail (LINE accounts only; the shopper's choice,
    /// on unless turned off).
    pub line_updates: bool,
    /// The LINE shopper had added the shop's LINE Official Account as a friend when they last
    /// signed in: updates on LINE reach them only then.
    pub line_friend: bool,
}

impl From<&User> for UserView {
    fn from(user: &User) -> Self {
        UserView {
            id: user.id,
            username: user.username.clone(),
            name: user.name.clone(),
            role: user.role.clone(),
            provider: user.provider,
            email: user.email.clone(),
            phone: user.phone.clone(),
            user_info: UserInfo::from(user),
        }
    }
}

impl From<&User> for UserInfo {
    fn from(user: &User) -> Self {
        UserInfo {
            id: user.id,
            coin: user.coin,
            add_info: user.add_info.clone(),
            vat_info: user.vat_info.clone(),
            email: user.email.clone(),
            line_updates: !user.line_updates_off,
            line_friend: user.line_friend,
        }
    }
}

/// `{status, token}`: a signed-in session for this device.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct TokenAnswer {
    pub status: SuccessStatus,
    /// A JWT to send as `Authorization: Bearer <token>`.
    pub token: String,
}

impl TokenAnswer {
    fn new(token: String) -> Json<TokenAnswer> {
        Json(TokenAnswer {
            status: SuccessStatus::Success,
            token,
        })
    }
}

/// `{status, data: user}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CurrentUserAnswer {
    pub status: SuccessStatus,
    pub data: UserView,
}

/// `{status, userInfo}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserInfoAnswer {
    pub status: SuccessStatus,
    pub user_info: UserInfo,
}

impl UserInfoAnswer {
    fn new(user: &User) -> Json<UserInfoAnswer> {
        Json(UserInfoAnswer {
            status: SuccessStatus::Success,
            user_info: UserInfo::from(user),
        })
    }
}

/// `{status, providers}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ProvidersAnswer {
    pub status: SuccessStatus,
    /// The social sign-in providers configured here (`google`, `facebook`), maybe none.
    pub providers: Vec<Provider>,
}

fn issue(state: &AppState, user: &User) -> Result<String, AppError> {
    state
        .tokens
        .issue(&user.id.to_string(), user.role.as_str(), user.token_version)
        .map_err(|e| AppError::internal("signing a token", e))
}

#[derive(Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct RegisterBody {
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    username: String,
    password: String,
    /// Required in practice: an empty name is refused with `invalid_input`.
    #[serde(default)]
    #[ts(as = "Option<String>", optional)]
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    name: String,
    #[serde(default)]
    #[ts(as = "Option<String>", optional)]
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    email: String,
    #[serde(default)]
    #[ts(as = "Option<String>", optional)]
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    phone: String,
}

/// Create a local account and sign in.
///
/// Answers 201 with the new account's first token.
#[utoipa::path(
    post,
    path = "/api/auth/register",
    tag = "auth",
    request_body = RegisterBody,
    responses(
        (status = 201, description = "The account exists; the token signs it in", body = TokenAnswer),
        (status = 400, description = "`invalid_input`, `username_reserved` or `weak_password`", body = ErrorAnswer),
        (status = 409, description = "`username_taken`, also for a look-alike of an existing username", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`: many registrations from one address in a short time; `Retry-After` gives the seconds", body = ErrorAnswer),
        (status = 503, description = "`busy`: too many passwords being hashed at once; `Retry-After`", body = ErrorAnswer),
    ),
)]
pub async fn register(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(body): Json<RegisterBody>,
) -> Result<(StatusCode, Json<TokenAnswer>), AppError> {
    if let Err(wait) = state.throttle.begin_registration(
        &client_ip(&state, peer, &headers),
        state.config.registrations_per_hour,
    ) {
        return Err(AppError::TooManyAttempts(wait.as_secs().max(1)));
    }
    if body.name.trim().is_empty() {
        return Err(AppError::bad_request(
            "invalid_input",
            "name: please give your name",
        ));
    }
    // Shoppers may not name themselves like the shop (staff and the CLI still may).
    if let Ok(username) = crate::accounts::model::Username::parse(&body.username) {
        username
            .check_not_reserved()
            .map_err(|message| AppError::bad_request("username_reserved", message))?;
    }
    let db = state.store.clone();
    let channel = kcard(&headers);
    let new = NewLocalUser {
        username: &body.username,
        name: &body.name,
        password: &body.password,
        role: "user",
    };
    let contact = Contact {
        email: &body.email,
        phone: &body.phone,
        kcard: &channel,
        added_by: "",
    };
    let checked = store::check_new_user(&new, &contact).map_err(AppError::from)?;
    // Awaited, not blocking: a burst of registrations waits as futures, not threads.
    let hash = crate::accounts::password::hash_async(&body.password)
        .await
        .map_err(|e| AppError::from(AccountError::from(e)))?;
    let (email, phone) = (body.email.clone(), body.phone.clone());
    let user = blocking("account task", move || {
        let contact = Contact {
            email: &email,
            phone: &phone,
            kcard: &channel,
            added_by: "",
        };
        store::insert_local_user(&db, checked, hash, &contact)
    })
    .await?;
    let token = issue(&state, &user)?;
    Ok((StatusCode::CREATED, TokenAnswer::new(token)))
}

#[derive(Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct LoginBody {
    #[serde(deserialize_with = "crate::domain::text::de::single_line")]
    username: String,
    password: String,
}

/// Sign in locally.
///
/// Throttled per client address and per account: 5 failures start an exponential delay.
#[utoipa::path(
    post,
    path = "/api/auth/login",
    tag = "auth",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in", body = TokenAnswer),
        (status = 401, description = "`invalid_credentials`: one answer for a wrong username or password", body = ErrorAnswer),
        (status = 403, description = "`account_disabled`: the password is right but the shop has disabled the account", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`; `Retry-After` gives the seconds to wait", body = ErrorAnswer),
    ),
)]
pub async fn login(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(body): Json<LoginBody>,
) -> Result<Json<TokenAnswer>, AppError> {
    let keys = AttemptKeys::new(&body.username, &client_ip(&state, peer, &headers));
    // Counted before the password is checked: concurrent guesses cannot all get through.
    if let Err(wait) = state.throttle.begin(&keys) {
        return Err(AppError::TooManyAttempts(wait.as_secs().max(1)));
    }
    let db = state.store.clone();
    let channel = kcard(&headers);
    let outcome = blocking("account task", move || {
        store::verify_login(&db, &body.username, &body.password, &channel)
    })
    .await;
    settle(&state, &keys, &outcome);
    Ok(TokenAnswer::new(issue(&state, &outcome?)?))
}

/// Tells the throttle how a counted attempt ended: only a wrong password stays counted, and
/// only a right one trusts the address for the account.
fn settle<T>(state: &AppState, keys: &AttemptKeys, outcome: &Result<T, AppError>) {
    match outcome {
        Ok(_) => state.throttle.succeeded(keys),
        Err(AppError::InvalidCredentials) => {}
        Err(_) => state.throttle.not_checked(keys),
    }
}

/// The signed-in user.
#[utoipa::path(
    get,
    path = "/api/auth/user",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The user of the presented token", body = CurrentUserAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
    ),
)]
pub async fn current_user(caller: AuthUser) -> Json<CurrentUserAnswer> {
    Json(CurrentUserAnswer {
        status: SuccessStatus::Success,
        data: UserView::from(&caller.user),
    })
}

/// Revoke the presented token: it stops working at once.
#[utoipa::path(
    post,
    path = "/api/auth/logout",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The token is revoked", body = Done),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
    ),
)]
pub async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: AuthUser,
) -> Result<Json<Done>, AppError> {
    let db = state.store.clone();
    let (jti, exp, username, channel) = (
        caller.claims.jti.clone(),
        caller.claims.exp,
        caller.user.username.clone(),
        kcard(&headers),
    );
    blocking("account task", move || {
        store::revoke_token(&db, &jti, exp, &username, &channel)
    })
    .await?;
    Ok(Json(Done {
        status: SuccessStatus::Success,
    }))
}

#[derive(Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PasswordBody {
    old_password: String,
    new_password: String,
}

/// Change the password.
///
/// Answers a fresh token for this device and revokes every older one.
#[utoipa::path(
    post,
    path = "/api/auth/password",
    tag = "auth",
    security(("bearer" = [])),
    request_body = PasswordBody,
    responses(
        (status = 200, description = "Changed; the new token replaces the old one", body = TokenAnswer),
        (status = 400, description = "`weak_password` or `no_password` (social accounts)", body = ErrorAnswer),
        (status = 401, description = "`unauthorized` or `invalid_credentials` (wrong old password)", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`", body = ErrorAnswer),
    ),
)]
pub async fn change_password(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    caller: AuthUser,
    Json(body): Json<PasswordBody>,
) -> Result<Json<TokenAnswer>, AppError> {
    // The same keys as a sign-in: a stolen token guessing the old password counts against
    // the account's window like any other guess.
    let keys = AttemptKeys::new(&caller.user.username, &client_ip(&state, peer, &headers));
    if let Err(wait) = state.throttle.begin(&keys) {
        return Err(AppError::TooManyAttempts(wait.as_secs().max(1)));
    }
    let db = state.store.clone();
    let (user_id, channel) = (caller.user.id, kcard(&headers));
    let outcome = blocking("account task", move || {
        store::change_password(
            &db,
            user_id,
            &body.old_password,
            &body.new_password,
            &channel,
        )
    })
    .await;
    settle(&state, &keys, &outcome);
    Ok(TokenAnswer::new(issue(&state, &outcome?)?))
}

/// A user's coins, addresses and tax details: the user themselves, staff with
/// `customers.read` for a shopper, staff with `staff.manage` for a staff account.
#[utoipa::path(
    get,
    path = "/api/auth/userInfo/get/{userId}",
    tag = "auth",
    security(("bearer" = [])),
    params(("userId" = u64, Path, description = "user id")),
    responses(
        (status = 200, description = "The user's info", body = UserInfoAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: another user's account without customers.read (a shopper's) or staff.manage (a staff account's)", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn get_user_info(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(user_id): Path<UserId>,
) -> Result<Json<UserInfoAnswer>, AppError> {
    let own = caller.user.id == user_id;
    if !own && !caller.user.role.is_admin() {
        return Err(AppError::Forbidden(
            "you may only read your own account".into(),
        ));
    }
    let db = state.store.clone();
    let role = caller.user.role.clone();
    let user = blocking("account task", move || {
        let Some(user) = store::find_by_id(&db, user_id)? else {
            return Ok(None);
        };
        // Another person's account: a shopper's needs customers.read, a staff account's
        // staff.manage, the same rule as the staff pages.
        use crate::accounts::permissions::{Permission, allows};
        let needed = if user.role.is_admin() {
            Permission::StaffManage
        } else {
            Permission::CustomersRead
        };
        if !own && !allows(&db, &role, needed)? {
            return Err(AccountError::Forbidden(format!(
                "your role may not read this account (it needs {})",
                needed.as_str()
            )));
        }
        Ok(Some(user))
    })
    .await?
    .ok_or_else(|| AppError::NotFound(format!("there is no user {user_id}")))?;
    Ok(UserInfoAnswer::new(&user))
}

#[derive(Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UserInfoBody {
    /// Delivery addresses; left out means none.
    #[serde(default)]
    #[ts(as = "Option<Vec<Address>>", optional)]
    add_info: Vec<Address>,
    #[serde(default)]
    #[ts(optional = nullable)]
    vat_info: Option<VatInfo>,
    /// The address order mail goes to; left out keeps it, `""` removes it.
    #[serde(default)]
    #[ts(optional)]
    #[serde(deserialize_with = "crate::domain::text::de::single_line_opt")]
    email: Option<String>,
    /// Order updates on LINE (LINE accounts); left out keeps the choice.
    #[serde(default)]
    #[ts(optional)]
    line_updates: Option<bool>,
}

/// Replace the caller's delivery addresses and tax-invoice details (and, when given, the
/// e-mail address).
#[utoipa::path(
    put,
    path = "/api/auth/userInfo",
    tag = "auth",
    security(("bearer" = [])),
    request_body = UserInfoBody,
    responses(
        (status = 200, description = "Saved", body = UserInfoAnswer),
        (status = 400, description = "`invalid_input`, naming each field", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
    ),
)]
pub async fn put_user_info(
    State(state): State<AppState>,
    headers: HeaderMap,
    caller: AuthUser,
    Json(body): Json<UserInfoBody>,
) -> Result<Json<UserInfoAnswer>, AppError> {
    let db = state.store.clone();
    let (user_id, channel) = (caller.user.id, kcard(&headers));
    let user = blocking("account task", move || {
        let details = store::UserInfoChange {
            add_info: body.add_info,
            vat_info: body.vat_info,
            email: body.email,
            line_updates: body.line_updates,
        };
        store::update_user_info(&db, user_id, details, &channel)
    })
    .await?;
    Ok(UserInfoAnswer::new(&user))
}

/// The configured social sign-in providers: the buttons to show.
#[utoipa::path(
    get,
    path = "/api/auth/providers",
    tag = "auth",
    responses((status = 200, description = "Maybe none", body = ProvidersAnswer)),
)]
pub async fn list_providers(State(state): State<AppState>) -> Json<ProvidersAnswer> {
    Json(ProvidersAnswer {
        status: SuccessStatus::Success,
        providers: crate::accounts::social::enabled_providers(&state.config),
    })
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct ResetBody {
    /// The `reset` parameter of the link staff gave.
    token: String,
    /// The new password (at least 8 characters, not a common one).
    password: String,
}

/// Sets a new password with a one-time reset link; every older sign-in ends.
#[utoipa::path(
    post,
    path = "/api/auth/password/reset",
    tag = "auth",
    request_body = ResetBody,
    responses(
        (status = 200, description = "Done; sign in with the new password", body = Done),
        (status = 400, description = "`invalid_reset_link` (used, expired or unknown), `weak_password`", body = ErrorAnswer),
    ),
)]
pub async fn reset_password(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<ResetBody>,
) -> Result<Json<Done>, AppError> {
    let db = state.store.clone();
    let channel = kcard(&headers);
    blocking("account task", move || {
        crate::accounts::reset::finish(&db, &body.token, &body.password, &channel)
    })
    .await?;
    Ok(Json(Done {
        status: SuccessStatus::Success,
    }))
}
