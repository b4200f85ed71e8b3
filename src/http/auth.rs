//! Request extractors for the signed-in caller.
//!
//! A first version for the appliance: it checks the bearer JWT's signature, algorithm and
//! expiry. The accounts domain completes it with the token-version check (revocation).

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use super::AppError;
use crate::accounts::token::Claims;
use crate::app::AppState;

/// The caller, known from a valid bearer token. Rejects with 401.
#[derive(Debug, Clone)]
pub struct AuthUser(pub Claims);

/// A caller whose role begins with `admin`. Rejects with 401, or 403 for other roles.
#[derive(Debug, Clone)]
pub struct AdminUser(pub Claims);

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let header = parts
            .headers
            .get(AUTHORIZATION)
            .ok_or(AppError::Unauthorized)?;
        let token = header
            .to_str()
            .ok()
            .and_then(|value| value.strip_prefix("Bearer "))
            .ok_or(AppError::Unauthorized)?;
        let claims = state
            .tokens
            .verify(token.trim())
            .map_err(|_| AppError::Unauthorized)?;
        Ok(AuthUser(claims))
    }
}

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let AuthUser(claims) = AuthUser::from_request_parts(parts, state).await?;
        if !claims.is_admin() {
            return Err(AppError::Forbidden("this needs a staff account".into()));
        }
        Ok(AdminUser(claims))
    }
}
