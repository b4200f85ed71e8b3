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

use crate::catalog::image_decode::ImageProblem;
use crate::catalog::image_gate::{self, GATE, GateError, RETRY_AFTER_SECONDS};
use crate::catalog::image_urls::version_of;
use crate::catalog::image_variants::{self, Target, VariantCache, VariantError, sniff};
use crate::embedded::Assets;
use crate::http::AppError;
use crate::http::assets::IMMUTABLE;
use crate::http::envelope::ErrorAnswer;
use crate::http::openapi_shared::FileBody;
use crate::state::AppState;

/// The widths `?w=` may ask for.
pub const WIDTHS: &[u32] = &[160, 320, 480, 640, 960, 1280];
/// Unversioned URLs: the picture behind a path could change (an unknown upload), so a day.
const CACHE_UNVERSIONED: &str = "public, max-age=86400";
/// A version that is not the file's (an old page after a change): answered, never kept
/// without asking again.
const CACHE_WRONG_VERSION: &str = "no-cache";
const EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "webp", "svg"];
/// Longest file or folder name a file system stores (Linux `NAME_MAX`): a longer part of a
/// path names nothing and is answered 404 without asking the disk.
const MAX_NAME_BYTES: usize = 255;
/// Longest image path: a product code (64) and a file name, with room to spare.
const MAX_PATH_BYTES: usize = 512;

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
        (status = 400, description = "`invalid_parameter`: a width not offered; `invalid_image`: the stored image cannot be read; `image_too_large`: resizing the stored image would need more memory than an image may use", body = ErrorAnswer),
        (status = 404, description = "`not_found` (also for a path no file can have, such as a name over 255 bytes)", body = ErrorAnswer),
        (status = 503, description = "`busy`: other images are being resized; retry after `Retry-After` seconds", body = ErrorAnswer),
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
    let safe = path.len() <= MAX_PATH_BYTES
        && path.split('/').all(|seg| {
            !seg.is_empty()
                && seg.len() <= MAX_NAME_BYTES
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
                None => make_variant(&state, &path, cache, width)
                    .await?
                    .ok_or_else(not_found)?,
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

/// Makes the copy for `width` under the image gate: a slot first (so at most one original per
/// core is read into memory), then the memory the original's header says decoding and
/// resizing will take. `None` when there is no such image.
async fn make_variant(
    state: &AppState,
    path: &str,
    cache: VariantCache,
    width: u32,
) -> Result<Option<Vec<u8>>, AppError> {
    let slot = GATE.slot().await.map_err(gate_refusal)?;
    // Another request may have made the copy while this one waited.
    if let Some(bytes) = cached_variant(state, path, &cache, width).await? {
        return Ok(Some(bytes));
    }
    let Some(original) = read_original(state, path).await? else {
        return Ok(None);
    };
    let source =
        tokio::task::spawn_blocking(move || image_variants::inspect(original, width, WIDTHS))
            .await
            .map_err(|e| AppError::internal("reading an image header", e))?
            .map_err(|problem| refusal(VariantError::Refused(problem)))?;
    let pass = slot.reserve(source.cost).await.map_err(gate_refusal)?;
    let cache_dir = state.config.data_dir.join("cache/images");
    image_gate::run(pass, move || {
        forget_lossless_copies(&cache_dir);
        image_variants::variant(source, width, &cache)
    })
    .await
    .map_err(|e| AppError::internal("resizing an image", e))?
    .map(Some)
    .map_err(refusal)
}

/// The answer when the gate does not let a resize start.
fn gate_refusal(err: GateError) -> AppError {
    match err {
        GateError::Busy => AppError::Busy(RETRY_AFTER_SECONDS),
        GateError::TooLarge { .. } => {
            AppError::bad_request("image_too_large", format!("the stored image {err}"))
        }
    }
}

/// The answer when a stored image cannot be resized.
fn refusal(err: VariantError) -> AppError {
    match &err {
        VariantError::Refused(ImageProblem::TooLarge(_)) => {
            AppError::bad_request("image_too_large", err.to_string())
        }
        VariantError::Refused(ImageProblem::Invalid(_)) => {
            AppError::bad_request("invalid_image", err.to_string())
        }
        VariantError::Encoding(_) => AppError::internal("resizing an image", err),
    }
}

/// Errors reading a path that name no file: missing, a file where a folder was expected (or
/// the reverse), or a name the file system cannot hold.
fn names_nothing(err: &std::io::Error) -> bool {
    use std::io::ErrorKind as K;
    matches!(
        err.kind(),
        K::NotFound | K::NotADirectory | K::IsADirectory | K::InvalidFilename
    )
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
        Err(err) if names_nothing(&err) => Ok(None),
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
