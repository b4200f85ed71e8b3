//! Google, Facebook and LINE sign-in over HTTP, as a server-side authorization-code flow with
//! PKCE, state and nonce (docs/API.md); the provider side (pending sign-ins, the OAuth client,
//! the ID token and user-info profile) is `accounts::social`.
//!
//! start: remember {state → verifier, nonce, next} for 10 minutes, bind the state to this
//! browser with an HttpOnly cookie, redirect to the provider. callback: the state must be
//! pending, unexpired, for this provider and equal to the cookie; then code → token (its ID
//! token checked: signature, issuer, audience, expiry, our nonce) → user-info → user → our JWT,
//! handed to the UI in the URL fragment (never sent to servers).

use std::time::Instant;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use oauth2::{
    AuthorizationCode, CsrfToken, PkceCodeChallenge, PkceCodeVerifier, Scope, TokenResponse,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::model::{Provider, User};
use crate::accounts::social::{
    Pending, Profile, fetch_profile, http_client, oauth_client, parse_provider,
    profile_from_exchange, provider_config,
};
use crate::accounts::store;
use crate::handlers::accounts::UserView;
use crate::http::AppError;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::state::AppState;

const STATE_COOKIE: &str = "kiosk_oauth_state";

#[derive(Deserialize, IntoParams, TS)]
#[into_params(parameter_in = Query)]
pub struct StartQuery {
    /// A safe relative path to return to after signing in; anything else returns home.
    #[serde(default)]
    #[param(required = false)]
    #[ts(as = "Option<String>", optional)]
    next: String,
}

/// Start a social sign-in (authorization code + PKCE); redirects to the provider.
///
/// The state is bound to this browser with an HttpOnly cookie and expires after 10 minutes.
#[utoipa::path(
    get,
    path = "/api/auth/oauth/{provider}/start",
    tag = "auth",
    params(("provider" = String, Path, description = "google, facebook or line"), StartQuery),
    responses(
        (status = 302, description = "To the provider's sign-in page"),
        (status = 404, description = "`not_found`: unknown or unconfigured provider", body = ErrorAnswer),
    ),
)]
pub async fn start(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(query): Query<StartQuery>,
) -> Result<Response, AppError> {
    let provider = parse_provider(&name)
        .ok_or_else(|| AppError::NotFound(format!("no sign-in provider {name:?}")))?;
    let config = provider_config(&state.config, provider)
        .ok_or_else(|| AppError::NotFound(format!("{name} sign-in is not configured")))?;
    let client = oauth_client(&state.config.public_url, &name, config)
        .map_err(|e| AppError::internal("oauth client", e))?;
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let nonce = CsrfToken::new_random();
    // Facebook answers an ID token in its OpenID Connect code flow (scope `openid`).
    let scopes: &[&str] = match provider {
        Provider::Facebook => &["openid", "email", "public_profile"],
        _ => &["openid", "email", "profile"],
    };
    let mut request = client
        .authorize_url(CsrfToken::new_random)
        .add_scopes(scopes.iter().map(|s| Scope::new(s.to_string())))
        .add_extra_param("nonce", nonce.secret())
        .set_pkce_challenge(challenge);
    if provider == Provider::Line {
        // Offers to add the shop's LINE Official Account (linked to the login channel) as a
        // friend on the consent screen: order updates on LINE need it.
        request = request.add_extra_param("bot_prompt", "normal");
    }
    let (url, csrf) = request.url();
    let next = if crate::http::redirect::is_safe_redirect(&query.next) {
        query.next
    } else {
        "/".into()
    };
    state.pending_logins.insert(
        csrf.secret().clone(),
        Pending {
            provider,
            verifier: verifier.secret().clone(),
            nonce: nonce.secret().clone(),
            next,
            started: Instant::now(),
        },
    );

    let secure = if state.config.public_url.starts_with("https://") {
        "; Secure"
    } else {
        ""
    };
    let cookie = format!(
        "{STATE_COOKIE}={}; Path=/api/auth/oauth; HttpOnly; SameSite=Lax; Max-Age=600{secure}",
        csrf.secret()
    );
    let mut response = StatusCode::FOUND.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::LOCATION,
        HeaderValue::from_str(url.as_str()).map_err(|e| AppError::internal("authorize url", e))?,
    );
    headers.insert(
        header::SET_COOKIE,
        HeaderValue::from_str(&cookie).map_err(|e| AppError::internal("state cookie", e))?,
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// What the provider appends when it sends the browser back.
#[derive(Deserialize, IntoParams, TS)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    #[ts(optional)]
    code: Option<String>,
    #[ts(optional)]
    state: Option<String>,
    /// Set when the shopper cancelled at the provider.
    #[ts(optional)]
    error: Option<String>,
}

/// The provider's callback.
///
/// Always redirects back to the shop: to `/#kiosk_token=…&next=…` when signed in, or to
/// `/#kiosk_login_error=cancelled|state_mismatch|nonce_mismatch|id_token_invalid|provider_error`
/// (`nonce_mismatch`: the ID token was not issued for the sign-in started here;
/// `id_token_invalid`: missing, badly signed, for another client, from another issuer or expired).
#[utoipa::path(
    get,
    path = "/api/auth/oauth/{provider}/callback",
    tag = "auth",
    params(("provider" = String, Path, description = "google, facebook or line"), CallbackQuery),
    responses((status = 302, description = "Back to the shop, the outcome in the URL fragment")),
)]
pub async fn callback(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(query): Query<CallbackQuery>,
    headers: HeaderMap,
) -> Response {
    match finish(&state, &name, query, &headers).await {
        Ok((token, next)) => to_shop(&format!(
            "kiosk_token={token}&next={}",
            url::form_urlencoded::byte_serialize(next.as_bytes()).collect::<String>()
        )),
        Err(code) => to_shop(&format!("kiosk_login_error={code}")),
    }
}

async fn finish(
    state: &AppState,
    name: &str,
    query: CallbackQuery,
    headers: &HeaderMap,
) -> Result<(String, String), &'static str> {
    let provider = parse_provider(name).ok_or("provider_error")?;
    let config = provider_config(&state.config, provider).ok_or("provider_error")?;
    if query.error.is_some() {
        return Err("cancelled");
    }
    let given_state = query.state.ok_or("state_mismatch")?;
    if cookie(headers, STATE_COOKIE).as_deref() != Some(given_state.as_str()) {
        return Err("state_mismatch");
    }
    let pending = state
        .pending_logins
        .take(&given_state)
        .ok_or("state_mismatch")?;
    if pending.provider != provider {
        return Err("state_mismatch");
    }
    let code = query.code.ok_or("provider_error")?;

    let client =
        oauth_client(&state.config.public_url, name, config).map_err(|_| "provider_error")?;
    let http = http_client().map_err(|_| "provider_error")?;
    let token = client
        .exchange_code(AuthorizationCode::new(code))
        .set_pkce_verifier(PkceCodeVerifier::new(pending.verifier))
        .request_async(&http)
        .await
        .map_err(|err| {
            tracing::warn!(provider = name, error = %err, "code exchange failed");
            "provider_error"
        })?;
    let profile = profile_from_exchange(
        &http,
        provider,
        config,
        token.extra_fields().id_token.as_deref(),
        token.access_token().secret(),
        &pending.nonce,
    )
    .await
    .map_err(|err| {
        tracing::warn!(provider = name, error = %err, "sign-in refused");
        err.login_error()
    })?;
    let user = link(state, provider, &profile, &crate::http::kcard(headers))
        .await
        .map_err(|_| "provider_error")?;
    let jwt = state
        .tokens
        .issue(&user.id.to_string(), user.role.as_str(), user.token_version)
        .map_err(|_| "provider_error")?;
    Ok((jwt, pending.next))
}

async fn link(
    state: &AppState,
    provider: Provider,
    profile: &Profile,
    kcard: &str,
) -> Result<User, AppError> {
    let db = state.store.clone();
    let (subject, name, email, friend, kcard) = (
        profile.subject.clone(),
        profile.name.clone(),
        profile.email.clone(),
        profile.line_friend,
        kcard.to_string(),
    );
    tokio::task::spawn_blocking(move || {
        store::find_or_create_social(&db, provider, &subject, &name, &email, friend, &kcard)
    })
    .await
    .map_err(|e| AppError::internal("linking a social account", e))?
    .map_err(AppError::from)
}

#[derive(Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct RegisterSocialBody {
    /// The Google `sub`, Facebook `id` or LINE `userId` the browser claims.
    username: String,
    /// The visitor id, for carts (kept from the earlier shop, docs/STOREFRONT.md §3).
    #[serde(default)]
    #[allow(dead_code)]
    #[ts(as = "Option<String>", optional)]
    mid: String,
    /// The provider profile as the browser saw it: never trusted, only searched for a token
    /// (`accessToken` or `access_token`).
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "unknown", optional)]
    info: Value,
    /// `google`, `facebook` or `line`.
    #[serde(rename = "type")]
    provider: String,
    #[serde(default)]
    #[ts(as = "Option<String>", optional)]
    access_token: String,
}

/// `{status, user, token}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct SocialSignInAnswer {
    pub status: SuccessStatus,
    pub user: UserView,
    pub token: String,
}

/// Link a Google, Facebook or LINE account given its access token.
///
/// The payload of docs/STOREFRONT.md §7, but the server checks the token with the provider's
/// user-info, whose subject must equal `username`; a profile sent by the browser is never trusted.
#[utoipa::path(
    post,
    path = "/api/auth/registerSocial",
    tag = "auth",
    request_body = RegisterSocialBody,
    responses(
        (status = 200, description = "Signed in; the account is created on first use", body = SocialSignInAnswer),
        (status = 400, description = "`invalid_input`: unknown or unconfigured provider, no access token", body = ErrorAnswer),
        (status = 401, description = "`invalid_credentials`: the provider did not confirm the account", body = ErrorAnswer),
    ),
)]
pub async fn register_social(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<RegisterSocialBody>,
) -> Result<Json<SocialSignInAnswer>, AppError> {
    let provider = parse_provider(&body.provider).ok_or_else(|| {
        AppError::bad_request("invalid_input", "type must be google, facebook or line")
    })?;
    let config = provider_config(&state.config, provider).ok_or_else(|| {
        AppError::bad_request(
            "invalid_input",
            format!("{} sign-in is not configured", body.provider),
        )
    })?;
    let access_token = [
        body.access_token.as_str(),
        body.info["accessToken"].as_str().unwrap_or(""),
        body.info["access_token"].as_str().unwrap_or(""),
    ]
    .into_iter()
    .find(|t| !t.is_empty())
    .ok_or_else(|| {
        AppError::bad_request(
            "invalid_input",
            "accessToken is required: the provider must confirm the account",
        )
    })?
    .to_string();
    let http = http_client().map_err(|e| AppError::internal("http client", e))?;
    let profile = fetch_profile(&http, &config.userinfo_url, &access_token)
        .await
        .map_err(|_| AppError::InvalidCredentials)?;
    if profile.subject != body.username {
        return Err(AppError::InvalidCredentials);
    }
    let user = link(&state, provider, &profile, &crate::http::kcard(&headers)).await?;
    let token = state
        .tokens
        .issue(&user.id.to_string(), user.role.as_str(), user.token_version)
        .map_err(|e| AppError::internal("token", e))?;
    Ok(Json(SocialSignInAnswer {
        status: SuccessStatus::Success,
        user: UserView::from(&user),
        token,
    }))
}

fn to_shop(fragment: &str) -> Response {
    let mut response = StatusCode::FOUND.into_response();
    let headers = response.headers_mut();
    if let Ok(location) = HeaderValue::from_str(&format!("/#{fragment}")) {
        headers.insert(header::LOCATION, location);
    }
    headers.insert(
        header::SET_COOKIE,
        HeaderValue::from_static(
            "kiosk_oauth_state=; Path=/api/auth/oauth; HttpOnly; SameSite=Lax; Max-Age=0",
        ),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    crate::http::cookies::read(headers, name).map(str::to_string)
}
