//! Answering the files compiled into the binary (see `crate::embedded`): ETags, conditional
//! requests, cache lifetimes, and their compressed forms — made by `ui/scripts/precompress.mjs`
//! at build time for the UI (embedded as `x.js.br`/`x.js.gz` next to `x.js`), and once per
//! process for the other embedded files.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, RwLock};

use axum::body::{Body, Bytes};
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::{Embed, EmbeddedFile};

use super::AppError;
use super::encoded::{Encoded, Wanted};
pub use crate::embedded::{Assets, UiDist};

/// Embedded files made ready to answer, by "ui:" or "assets:" and path. The set is finite (what
/// the binary holds), so it is never trimmed.
static READY: LazyLock<RwLock<HashMap<String, Arc<Encoded>>>> = LazyLock::new(RwLock::default);

/// Embedded data without a copy (release builds hold it in the binary).
fn bytes(data: Cow<'static, [u8]>) -> Bytes {
    match data {
        Cow::Borrowed(data) => Bytes::from_static(data),
        Cow::Owned(data) => Bytes::from(data),
    }
}

/// The embedded file at `path` with its compressed forms, ready to answer.
fn ready<E: Embed>(prefix: &str, path: &str) -> Option<Arc<Encoded>> {
    // The build's compressed copies are forms of a file, not files of their own.
    if path.ends_with(".br") || path.ends_with(".gz") {
        return None;
    }
    let key = format!("{prefix}:{path}");
    if let Some(found) = READY.read().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return Some(Arc::clone(found));
    }
    ready_new::<E>(key, path)
}

/// Makes an embedded file ready on its first request.
fn ready_new<E: Embed>(key: String, path: &str) -> Option<Arc<Encoded>> {
    let file = E::get(path)?;
    let tag = hex::encode(&file.metadata.sha256_hash()[..16]);
    let mime = HeaderValue::from_str(file.metadata.mimetype())
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    let encoded = Encoded::with_tag(bytes(file.data), tag, mime).precompressed(
        E::get(&format!("{path}.br")).map(|f| bytes(f.data)),
        E::get(&format!("{path}.gz")).map(|f| bytes(f.data)),
    );
    let encoded = Arc::new(encoded);
    READY
        .write()
        .unwrap_or_else(|p| p.into_inner())
        .insert(key, Arc::clone(&encoded));
    Some(encoded)
}

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
        let mut response = Response::new(Body::from(bytes(file.data)));
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

/// `GET /assets/{*path}`: hashed UI bundles (the front door answers them first, see
/// `super::front_door`; this route serves the HEAD requests and the 404s).
pub async fn serve_ui_asset(uri: axum::http::Uri, wanted: Wanted) -> Result<Response, AppError> {
    ui_asset(uri.path(), &wanted).ok_or_else(|| {
        AppError::NotFound(format!("no asset {}", uri.path().trim_start_matches('/')))
    })
}

/// The hashed UI bundle at `path` (`/assets/…`), if the binary holds it.
pub fn ui_asset(path: &str, wanted: &Wanted) -> Option<Response> {
    // `/assets/x.js` is embedded as `assets/x.js`: the path is the key, no copy of it.
    let file = ready::<UiDist>("ui", path.trim_start_matches('/'))?;
    Some(file.respond_to(wanted, StatusCode::OK, HeaderValue::from_static(IMMUTABLE)))
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
        .then(|| ready::<Assets>("assets", &path))
        .flatten()
        .ok_or_else(|| AppError::NotFound(format!("no static file {path}")))?;
    Ok(file.respond(&headers, HeaderValue::from_static(REVALIDATE_DAILY)))
}

/// `GET /favicon.ico`: browsers ask for it by that name; the icon is an SVG.
pub async fn serve_favicon(headers: HeaderMap) -> Result<Response, AppError> {
    let file = ready::<Assets>("assets", "favicon.svg")
        .ok_or_else(|| AppError::NotFound("no favicon".into()))?;
    Ok(file.respond(&headers, HeaderValue::from_static(REVALIDATE_DAILY)))
}

/// `GET /sw.js`: the storefront's service worker (`ui/public/sw.js`). Browsers look for a new
/// one on every navigation anyway; `no-cache` makes each check a revalidation, so a release's
/// worker takes over at once. Served from the root so that its scope is the whole site.
pub async fn serve_service_worker(wanted: Wanted) -> Result<Response, AppError> {
    let file = ready::<UiDist>("ui", "sw.js")
        .ok_or_else(|| AppError::NotFound("no service worker".into()))?;
    Ok(file.respond_to(
        &wanted,
        StatusCode::OK,
        HeaderValue::from_static("no-cache"),
    ))
}
