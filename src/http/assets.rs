//! Answering the files compiled into the binary (see `crate::embedded`): ETags, conditional
//! requests, cache lifetimes.

use axum::body::Body;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::EmbeddedFile;

use super::AppError;
pub use crate::embedded::{Assets, UiDist};

/// Vite puts a content hash in every file name under `assets/`, so they never change.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Files whose names do not change with their content: revalidate daily.
pub const REVALIDATE_DAILY: &str = "public, max-age=86400";

/// Answers an embedded file with its ETag, honouring `If-None-Match`.
pub fn file_response(
    file: EmbeddedFile,
    request: &HeaderMap,
    cache_control: &'static str,
) -> Response {
    let etag = format!("\"{}\"", hex::encode(file.metadata.sha256_hash()));
    let mut response = if etag_matches(request, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = Response::new(Body::from(file.data.into_owned()));
        if let Ok(mime) = HeaderValue::from_str(file.metadata.mimetype()) {
            response.headers_mut().insert(header::CONTENT_TYPE, mime);
        }
        response
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control),
    );
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    response
}

fn etag_matches(request: &HeaderMap, etag: &str) -> bool {
    request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|candidate| candidate.trim() == etag || candidate.trim() == "*")
        })
}

/// `GET /assets/{*path}`: hashed UI bundles.
pub async fn serve_ui_asset(
    Path(path): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let file = UiDist::get(&format!("assets/{path}"))
        .ok_or_else(|| AppError::NotFound(format!("no asset {path}")))?;
    Ok(file_response(file, &headers, IMMUTABLE))
}

/// Only pictures leave `assets/` through `/static`; seed documents stay internal.
const STATIC_EXTENSIONS: &[&str] = &["svg", "png", "jpg", "jpeg", "webp", "ico"];

/// `GET /static/{*path}`: logo, favicon and flags.
pub async fn serve_static(
    Path(path): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let allowed = path
        .rsplit_once('.')
        .is_some_and(|(_, ext)| STATIC_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str()));
    let file = allowed
        .then(|| Assets::get(&path))
        .flatten()
        .ok_or_else(|| AppError::NotFound(format!("no static file {path}")))?;
    Ok(file_response(file, &headers, REVALIDATE_DAILY))
}

/// `GET /favicon.ico`: browsers ask for it by that name; the icon is an SVG.
pub async fn serve_favicon(headers: HeaderMap) -> Result<Response, AppError> {
    let file = Assets::get("favicon.svg").ok_or_else(|| AppError::NotFound("no favicon".into()))?;
    Ok(file_response(file, &headers, REVALIDATE_DAILY))
}
