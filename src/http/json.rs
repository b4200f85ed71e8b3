//! A JSON body extractor whose rejections are [`AppError`]s, so malformed bodies get the
//! shop's error shape instead of axum's plain-text answer.
//!
//! Every request body of the API is a JSON object. serde's derived structs also accept an
//! array (fields by position), which would let `["user", "pass"]` sign in or `[]` wipe a
//! shopper's addresses; so anything but an object is refused before it is deserialised.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use super::AppError;

#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

/// `application/json` or any `application/…+json` type, as axum's own extractor accepts.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Did the body stop arriving (the body-timeout layer's error, somewhere in the chain)?
fn timed_out(rejection: &axum::extract::rejection::BytesRejection) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(rejection);
    while let Some(err) = source {
        if err.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        source = err.source();
    }
    false
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, AppError> {
        if !is_json(request.headers()) {
            return Err(AppError::bad_request(
                "invalid_json",
                "send the body as JSON with Content-Type: application/json",
            ));
        }
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    AppError::PayloadTooLarge
                } else if timed_out(&rejection) {
                    AppError::RequestTimeout
                } else {
                    AppError::bad_request("invalid_body", rejection.body_text())
                }
            })?;
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
            return Err(AppError::bad_request(
                "invalid_json",
                "the body must be a JSON object ({…})",
            ));
        }
        let axum::Json(value) = axum::Json::<T>::from_bytes(&bytes)?;
        Ok(Json(value))
    }
}

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}
