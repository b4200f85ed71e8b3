//! The one error type of the HTTP kit and its JSON shape (docs/API.md).
//!
//! Every failure leaves as `{"status":"error","error":{"code":…,"message":…}}` with a stable
//! snake_case `code` the UI uses as a translation key. Internal errors are logged with their
//! cause and answered as a plain 500 so that no detail of the server leaks to a browser.
//!
//! Domains have their own error types and know nothing of HTTP; the kit knows no domain
//! either. Each domain error becomes a status and a code in one place above both,
//! `crate::handlers::errors`. Only the store's error is turned here (`AppError::store`): the
//! store is ground, and the kit's net below answers a full disk from it.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::envelope::{ErrorAnswer, ErrorDetail, ErrorStatus};

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400: the request is malformed; the message says which part.
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    /// 401: no valid credentials were presented.
    #[error("sign-in required")]
    Unauthorized,
    /// 401: a sign-in attempt with a wrong username or password (one answer for both).
    #[error("the username or password is wrong")]
    InvalidCredentials,
    /// 409: the request conflicts with what exists (a taken username).
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// 429: too many failed attempts; retry after the given seconds.
    #[error("too many failed attempts; try again in {0} seconds")]
    TooManyAttempts(u64),
    /// 403: the caller is known but may not do this.
    #[error("{0}")]
    Forbidden(String),
    /// 403 with a code of its own, for a refusal the shopper can act on (`account_disabled`).
    #[error("{message}")]
    Refused { code: &'static str, message: String },
    /// 404: the named thing does not exist.
    #[error("{0}")]
    NotFound(String),
    /// 405: the path exists but not for this method.
    #[error("method not allowed")]
    MethodNotAllowed,
    /// 503: the server is at capacity for this kind of work (password hashing); retry after
    /// the given seconds.
    #[error("the server is busy; try again in {0} seconds")]
    Busy(u64),
    /// 408: the request body stopped arriving.
    #[error("the request body did not arrive in time")]
    RequestTimeout,
    /// 413: the body is over the route's limit.
    #[error("request body too large")]
    PayloadTooLarge,
    /// 507: the disk holding the shop's data is full, so nothing was saved; retry after the
    /// given seconds (the shop recovers by itself once space is freed).
    #[error(
        "the shop cannot save anything right now because its disk is full; nothing was changed, please try again in a few minutes"
    )]
    StorageFull(u64),
    /// 500: a bug or an I/O failure; details go to the log only.
    #[error("internal error: {0}")]
    Internal(String),
}

/// The code of every answer refused because the disk is full (health's 503 included).
pub const STORAGE_FULL: &str = "storage_full";

/// How long a client should wait before retrying a write refused for lack of space.
pub const STORAGE_FULL_RETRY_SECONDS: u64 = 60;

impl AppError {
    /// A store failure: a full disk is 507 `storage_full`, anything else an internal error.
    pub fn store(context: &str, err: crate::store::StoreError) -> Self {
        if err.is_storage_full() {
            tracing::error!(context, error = %err, "write refused: the disk is full");
            AppError::StorageFull(STORAGE_FULL_RETRY_SECONDS)
        } else {
            AppError::internal(context, err)
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        AppError::BadRequest {
            code,
            message: message.into(),
        }
    }

    pub fn internal(context: &str, err: impl std::fmt::Display) -> Self {
        AppError::Internal(format!("{context}: {err}"))
    }

    pub fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            AppError::Unauthorized | AppError::InvalidCredentials => StatusCode::UNAUTHORIZED,
            AppError::Conflict { .. } => StatusCode::CONFLICT,
            AppError::TooManyAttempts(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Forbidden(_) | AppError::Refused { .. } => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            AppError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            AppError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::StorageFull(_) => StatusCode::INSUFFICIENT_STORAGE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            AppError::BadRequest { code, .. } => code,
            AppError::Unauthorized => "unauthorized",
            AppError::InvalidCredentials => "invalid_credentials",
            AppError::Conflict { code, .. } => code,
            AppError::TooManyAttempts(_) => "too_many_attempts",
            AppError::Forbidden(_) => "forbidden",
            AppError::Refused { code, .. } => code,
            AppError::NotFound(_) => "not_found",
            AppError::MethodNotAllowed => "method_not_allowed",
            AppError::PayloadTooLarge => "payload_too_large",
            AppError::RequestTimeout => "request_timeout",
            AppError::Busy(_) => "busy",
            AppError::StorageFull(_) => STORAGE_FULL,
            AppError::Internal(_) => "internal_error",
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let message = match &self {
            AppError::Internal(detail) => {
                tracing::error!(%detail, "request failed");
                "Something went wrong on our side. Please try again.".to_string()
            }
            other => other.to_string(),
        };
        let body = ErrorAnswer {
            status: ErrorStatus::Error,
            error: ErrorDetail {
                code: self.code().to_string(),
                message,
            },
        };
        let mut response = (self.status(), Json(body)).into_response();
        match self {
            AppError::Unauthorized => {
                response
                    .headers_mut()
                    .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            AppError::TooManyAttempts(seconds)
            | AppError::Busy(seconds)
            | AppError::StorageFull(seconds) => {
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
            }
            _ => {}
        }
        response
    }
}

impl From<axum::extract::rejection::JsonRejection> for AppError {
    fn from(rejection: axum::extract::rejection::JsonRejection) -> Self {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return AppError::PayloadTooLarge;
        }
        AppError::bad_request("invalid_json", rejection.body_text())
    }
}

impl From<axum::extract::rejection::PathRejection> for AppError {
    fn from(rejection: axum::extract::rejection::PathRejection) -> Self {
        AppError::bad_request("invalid_path", rejection.body_text())
    }
}

impl From<axum::extract::rejection::QueryRejection> for AppError {
    fn from(rejection: axum::extract::rejection::QueryRejection) -> Self {
        AppError::bad_request("invalid_query", rejection.body_text())
    }
}

impl From<crate::store::StoreError> for AppError {
    fn from(err: crate::store::StoreError) -> Self {
        AppError::store("database", err)
    }
}

/// The net under every API route: while the store reports a full disk, an answer that would
/// be a plain 500 is a 507 `storage_full` with `Retry-After` instead. Handlers that convert a
/// store error to text on the way (a domain error's message, a failure shared by a group of
/// writes) lose the kind of the failure; the store still knows the disk is full, so the
/// shopper and the client are told the truth whichever route they used.
pub async fn storage_full_answers(
    axum::extract::State(store): axum::extract::State<crate::store::Store>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let response = next.run(request).await;
    if api
        && response.status() == StatusCode::INTERNAL_SERVER_ERROR
        && store.storage_full_since().is_some()
    {
        return AppError::StorageFull(STORAGE_FULL_RETRY_SECONDS).into_response();
    }
    response
}

/// Answers API paths that match no route, in the JSON shape rather than axum's empty 404.
pub async fn api_not_found(uri: axum::http::Uri) -> AppError {
    AppError::NotFound(format!("no API route at {}", uri.path()))
}
