//! Plumbing shared by every domain: errors, extractors, page shells, embedded files, layers.

#[cfg(test)]
mod api_types;
pub mod assets;
pub mod auth;
pub mod envelope;
pub mod error;
pub mod json;
pub mod layers;
pub mod openapi;
pub mod page_routes;
pub mod pages;
pub mod query;
pub mod redirect;
pub mod server;
pub mod shell;
pub mod sitemap;

pub use error::AppError;

/// The `kcard` header: the kiosk terminal or channel a request comes from (DESIGN.md §5),
/// trimmed to 64 visible characters for logs and records.
pub fn kcard(headers: &axum::http::HeaderMap) -> String {
    headers
        .get("kcard")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.chars().filter(|c| !c.is_control()).take(64).collect())
        .unwrap_or_default()
}
