//! Product images: `/api/file/images/{path}` serves demo images built into the binary
//! (`demo/…`) and uploads from `<data_dir>/files/images/`. `?w=` gives a resized copy from a
//! fixed set of widths (so the disk cache stays bounded): lossy WebP when the browser accepts
//! it, never heavier than the original or a wider copy (`image_variants`), made once and cached
//! under `<data_dir>/cache/images/`. `?v=` is the version the storefront's answers put in image
//! URLs (`image_urls`): with the right one the answer may be kept for a year.

use std::path::Path as FsPath;

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use ts_rs::TS;
use utoipa::IntoParams;

use super::image_urls::version_of;
use super::image_variants::{self, Target, VariantCache, VariantError, sniff};
use crate::app::AppState;
use crate::embedded::Assets;
use crate::http::AppError;
use crate::http::assets::IMMUTABLE;
use crate::http::envelope::ErrorAnswer;
use crate::http::openapi::FileBody;

/// Resizing is CPU-bound: at most one resize per core runs at once, so a page full of new
/// image sizes cannot starve API requests.
pub(crate) static RESIZE_SLOTS: std::sync::LazyLock<tokio::sync::Semaphore> =
    std::sync::LazyLock::new(|| {
        tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    });

/// The widths `?w=` may ask for.
pub const WIDTHS: &[u32] = &[160, 320, 480, 640, 960, 1280];
/// Unversioned URLs: the picture behind a path could change (an unknown upload), so a day.
const CACHE_UNVERSIONED: &str = "public, max-age=86400";
/// A version that is not the file's (an old page after a change): answered, never kept
/// without asking again.
const CACHE_WRONG_VERSION: &str = "no-cache";
const EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "webp", "svg"];

/// The size wanted. It arrives as text and is checked against [`WIDTHS`], so a wrong value
/// is answered `invalid_parameter` naming `w`.
#[derive(Debug, Default, Deserialize, IntoParams, TS)]
#[into_params(parameter_in = Query)]
pub struct ImageParams {
    /// A width for a resized copy: 160, 320, 480, 640, 960 or 1280.
    #[param(value_type = Option<u32>)]
    #[ts(optional, as = "Option<u32>")]
    w: Option<String>,
    /// The image's version (from the URLs the catalogue answers give); the answer to the
    /// current version is cached for a year.
    #[ts(optional)]
    v: Option<String>,
}

/// A product image: `demo/…` built in, others uploaded.
///
/// `?w=` gives a resized copy (lossy WebP when the browser's `Accept` allows it, or the
/// original when that is lighter; `Content-Type` says which); SVG images are served as they
/// are. With `?v=` naming the file's current version the answer is `immutable`.
#[utoipa::path(
    get,
    path = "/api/file/images/{path}",
    tag = "file",
    params(("path" = String, Path, description = "image path, e.g. demo/SF-1001-1.png"), ImageParams),
    responses(
        (status = 200, description = "The image (image/png, image/jpeg, image/webp or image/svg+xml)", content_type = "image/*", body = inline(FileBody)),
        (status = 304, description = "Not modified"),
        (status = 400, description = "`invalid_parameter`: a width not offered", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn get_image(
    State(state): State<AppState>,
    Path(path): Path<String>,
    Query(params): Query<ImageParams>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let not_found = || AppError::NotFound(format!("no image {path}"));
    let extension = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .ok_or_else(not_found)?;
    let safe = path.split('/').all(|seg| {
        !seg.is_empty()
            && seg != "."
            && seg != ".."
            && seg
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
    });
    if !safe || !EXTENSIONS.contains(&extension.as_str()) {
        return Err(not_found());
    }
    let width = match &params.w {
        None => None,
        Some(w) => Some(
            w.parse::<u32>()
                .ok()
                .filter(|w| WIDTHS.contains(w))
                .ok_or_else(|| {
                    AppError::bad_request(
                        "invalid_parameter",
                        format!(
                            "w: must be one of {}",
                            WIDTHS
                                .iter()
                                .map(u32::to_string)
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    )
                })?,
        ),
    };
    let bytes = match width {
        Some(width) if extension != "svg" => {
            let target = if headers
                .get(header::ACCEPT)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|a| a.contains("image/webp"))
            {
                Target::Webp
            } else {
                Target::Legacy
            };
            let cache =
                VariantCache::new(&state.config.data_dir.join("cache/images"), &path, target);
            match cached_variant(&state, &path, &cache, width).await? {
                Some(bytes) => bytes,
                None => {
                    let original = read_original(&state, &path).await?.ok_or_else(not_found)?;
                    let _slot = RESIZE_SLOTS
                        .acquire()
                        .await
                        .map_err(|e| AppError::internal("resize slot", e))?;
                    let cache_dir = state.config.data_dir.join("cache/images");
                    tokio::task::spawn_blocking(move || {
                        forget_lossless_copies(&cache_dir);
                        image_variants::variant(&original, width, WIDTHS, &cache)
                    })
                    .await
                    .map_err(|e| AppError::internal("resizing an image", e))?
                    .map_err(|e| match e {
                        VariantError::Undecodable(_) => {
                            AppError::bad_request("invalid_image", e.to_string())
                        }
                        VariantError::Encoding(_) => AppError::internal("resizing an image", e),
                    })?
                }
            }
        }
        _ => read_original(&state, &path).await?.ok_or_else(not_found)?,
    };
    let content_type = sniff(&bytes).unwrap_or(match extension.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        _ => "image/svg+xml",
    });
    let cache_control = match params.v.as_deref() {
        None => CACHE_UNVERSIONED,
        Some(v) if version_of(&path).is_some_and(|current| current == v) => IMMUTABLE,
        Some(_) => CACHE_WRONG_VERSION,
    };
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&bytes)[..16]));
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|c| c.trim() == etag));
    let mut response = if matches {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        Response::new(Body::from(bytes))
    };
    let out = response.headers_mut();
    out.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    out.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control),
    );
    out.insert(header::VARY, HeaderValue::from_static("Accept"));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        out.insert(header::ETAG, value);
    }
    Ok(response)
}

/// The cached copy for `width`, when there is one and its original still exists (a removed
/// upload must not live on in the cache). Demo originals are in memory; uploads are checked
/// with one `stat`, not read.
async fn cached_variant(
    state: &AppState,
    path: &str,
    cache: &VariantCache,
    width: u32,
) -> Result<Option<Vec<u8>>, AppError> {
    let exists = if let Some(demo) = path.strip_prefix("demo/")
        && Assets::get(&format!("demo/images/{demo}")).is_some()
    {
        true
    } else {
        let file = state.config.files_dir().join("images").join(path);
        tokio::fs::metadata(&file).await.is_ok_and(|m| m.is_file())
    };
    if !exists {
        return Ok(None);
    }
    Ok(tokio::fs::read(cache.file(width)).await.ok())
}

/// The original bytes of a product image (built-in demo or uploaded), read on the calling
/// thread; `None` when there is no such image.
pub fn read_original_blocking(files_dir: &FsPath, path: &str) -> Option<Vec<u8>> {
    // Products name their images by URL.
    let path = path.strip_prefix("/api/file/images/").unwrap_or(path);
    if path.split('/').any(|part| part == ".." || part.is_empty()) {
        return None;
    }
    if let Some(demo) = path.strip_prefix("demo/")
        && let Some(file) = Assets::get(&format!("demo/images/{demo}"))
    {
        return Some(file.data.into_owned());
    }
    std::fs::read(files_dir.join("images").join(path)).ok()
}

async fn read_original(state: &AppState, path: &str) -> Result<Option<Vec<u8>>, AppError> {
    if let Some(demo) = path.strip_prefix("demo/")
        && let Some(file) = Assets::get(&format!("demo/images/{demo}"))
    {
        return Ok(Some(file.data.into_owned()));
    }
    // Uploads live in `<data_dir>/files/images/<product code>/` (a product coded `demo` too).
    let file = state.config.files_dir().join("images").join(path);
    match tokio::fs::read(&file).await {
        Ok(bytes) => Ok(Some(bytes)),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(err) => Err(AppError::internal("reading an image", err)),
    }
}

/// Copies made before lossy encoding (`cache/images/<width>/…`, lossless WebP and PNG, often
/// heavier than their originals) are never answered again: removed once per data folder and
/// process, on the first copy made.
fn forget_lossless_copies(cache_dir: &FsPath) {
    static CLEANED: std::sync::Mutex<Vec<std::path::PathBuf>> = std::sync::Mutex::new(Vec::new());
    let mut cleaned = CLEANED.lock().unwrap_or_else(|p| p.into_inner());
    if cleaned.iter().any(|dir| dir == cache_dir) {
        return;
    }
    cleaned.push(cache_dir.to_path_buf());
    for width in WIDTHS {
        let old = cache_dir.join(width.to_string());
        if old.is_dir()
            && let Err(err) = std::fs::remove_dir_all(&old)
        {
            tracing::warn!(path = %old.display(), %err, "could not remove old image copies");
        }
    }
}
