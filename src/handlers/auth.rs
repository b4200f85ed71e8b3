//! Request extractors for the signed-in caller.
//!
//! A token is accepted only when its HS256 signature and expiry are valid, its user still
//! exists, its `ver` equals the user's current token version (password and role changes bump
//! it) and its `jti` was not logged out. The role comes from the database, not the token, so
//! a demoted admin loses access at once.

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::accounts::model::User;
use crate::accounts::permissions::{self, Needed};
use crate::accounts::store;
use crate::accounts::token::Claims;
use crate::domain::UserId;
use crate::http::AppError;
use crate::state::AppState;

/// The caller, known from a valid bearer token. Rejects with 401.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub claims: Claims,
    pub user: User,
}

/// A staff caller whose role grants the permission `P` (see `admin::permissions`). Rejects
/// with 401 without a valid token and 403 `forbidden` when the role lacks the permission. The
/// role is read from the database on every request, so a role change takes effect at once.
#[derive(Debug, Clone)]
pub struct Can<P>(pub AuthUser, pub std::marker::PhantomData<P>);

impl<P: Needed + Send + Sync> FromRequestParts<AppState> for Can<P> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let caller = AuthUser::from_request_parts(parts, state).await?;
        let (store, role) = (state.store.clone(), caller.user.role.clone());
        let allowed =
            tokio::task::spawn_blocking(move || permissions::allows(&store, &role, P::PERMISSION))
                .await
                .map_err(|e| AppError::internal("checking a permission", e))??;
        if !allowed {
            return Err(AppError::Forbidden(format!(
                "your role may not do this (it needs {})",
                P::PERMISSION.as_str()
            )));
        }
        Ok(Can(caller, std::marker::PhantomData))
    }
}

impl<P> Can<P> {
    pub fn caller(&self) -> &AuthUser {
        &self.0
    }
}

/// A caller whose role begins with `admin`. Rejects with 401, or 403 for other roles.
#[derive(Debug, Clone)]
pub struct AdminUser(pub AuthUser);

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        authenticate(state, &parts.headers)
            .await?
            .ok_or(AppError::Unauthorized)
    }
}

/// The caller of a request: `None` without an Authorization header, an error for a bad token.
/// For routes open to visitors that do more for signed-in users (carts).
pub async fn authenticate(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<AuthUser>, AppError> {
    let Some(value) = headers.get(AUTHORIZATION) else {
        return Ok(None);
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim())
        .ok_or(AppError::Unauthorized)?;
    let claims = state
        .tokens
        .verify(token)
        .map_err(|_| AppError::Unauthorized)?;
    let user_id = UserId::parse(&claims.sub).map_err(|_| AppError::Unauthorized)?;
    let db = state.store.clone();
    let jti = claims.jti.clone();
    let (user, revoked) = tokio::task::spawn_blocking(move || -> Result<_, AppError> {
        Ok((
            store::find_by_id(&db, user_id)?,
            !jti.is_empty() && store::is_revoked(&db, &jti)?,
        ))
    })
    .await
    .map_err(|e| AppError::internal("checking a token", e))??;
    let user = user.ok_or(AppError::Unauthorized)?;
    if revoked || user.disabled || user.token_version != claims.ver || claims.jti.is_empty() {
        return Err(AppError::Unauthorized);
    }
    Ok(Some(AuthUser { claims, user }))
}

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let caller = AuthUser::from_request_parts(parts, state).await?;
        if !caller.user.role.is_admin() {
            return Err(AppError::Forbidden("this needs a staff account".into()));
        }
        Ok(AdminUser(caller))
    }
}

/// The address throttling counts by: the peer, or behind a trusted proxy the address the proxy
/// appended last to X-Forwarded-For (earlier entries are whatever the client sent).
pub(crate) fn client_ip(
    state: &AppState,
    peer: std::net::SocketAddr,
    headers: &axum::http::HeaderMap,
) -> String {
    if state.config.trust_proxy_headers
        && let Some(forwarded) = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok())
        && let Some(last) = forwarded.rsplit(',').map(str::trim).find(|s| !s.is_empty())
    {
        return last.to_string();
    }
    peer.ip().to_string()
}
