//! The HTTP kit: errors turned into the JSON error shape, the success envelope, JSON and query
//! extractors, layers and edge limits, the server loop, compressed/ETag answers and embedded
//! assets. It knows HTTP and no shared state: handlers (`crate::handlers`) and the site
//! (`crate::site`) build on it (docs/ARCHITECTURE.md).

pub mod assets;
pub mod cookies;
pub mod edge;
pub mod encoded;
pub mod envelope;
pub mod error;
pub mod error_codes;
pub mod json;
pub mod layers;
pub mod openapi_shared;
pub mod query_string;
pub mod redirect;
pub mod server;
pub mod streamed;
pub mod tls;
pub mod tls_redirect;

pub use error::AppError;

/// The `kcard` header: the kiosk terminal or channel a request comes from,
/// trimmed to 64 visible characters for logs and records.
pub fn kcard(headers: &axum::http::HeaderMap) -> String {
    headers
        .get("kcard")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.chars().filter(|c| !c.is_control()).take(64).collect())
        .unwrap_or_default()
}

/// Runs blocking work (database transactions, password hashing) off the async workers and turns
/// its domain error into the API's error. `what` names the task in the log if it panics.
pub async fn blocking<T: Send + 'static, E: Into<AppError> + Send + 'static>(
    what: &'static str,
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<T, AppError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::internal(what, e))?
        .map_err(Into::into)
}
