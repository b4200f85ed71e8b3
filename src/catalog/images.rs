//! Product images: `/api/file/images/{path}` serves demo images built into the binary
//! (`demo/…`) and uploads from `<data_dir>/files/images/`. `?w=` gives a resized copy from a
//! fixed set of widths (so the disk cache stays bounded), as WebP when the browser accepts
//! it; resized copies are made once and cached under `<data_dir>/cache/images/`.

use std::io::Cursor;
use std::path::{Path as FsPath, PathBuf};

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use ts_rs::TS;
use utoipa::IntoParams;

use crate::app::AppState;
use crate::embedded::Assets;
use crate::http::AppError;
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
const CACHE_CONTROL: &str = "public, max-age=604800";
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
}

/// A product image: `demo/…` built in, others uploaded.
///
/// `?w=` gives a resized copy (WebP when the browser's `Accept` allows it); SVG images are
/// served as they are.
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
    let original = read_original(&state, &path).await?.ok_or_else(not_found)?;

    let (bytes, content_type) = match width {
        Some(width) if extension != "svg" => {
            let webp = headers
                .get(header::ACCEPT)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|a| a.contains("image/webp"));
            let cache = state
                .config
                .data_dir
                .join("cache/images")
                .join(width.to_string())
                .join(format!("{path}.{}", if webp { "webp" } else { "png" }));
            let _slot = RESIZE_SLOTS
                .acquire()
                .await
                .map_err(|e| AppError::internal("resize slot", e))?;
            let bytes =
                tokio::task::spawn_blocking(move || resized(&original, width, webp, &cache))
                    .await
                    .map_err(|e| AppError::internal("resizing an image", e))??;
            (bytes, if webp { "image/webp" } else { "image/png" })
        }
        _ => {
            let content_type = match extension.as_str() {
                "png" => "image/png",
                "jpg" | "jpeg" => "image/jpeg",
                "webp" => "image/webp",
                _ => "image/svg+xml",
            };
            (original, content_type)
        }
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
        HeaderValue::from_static(CACHE_CONTROL),
    );
    out.insert(header::VARY, HeaderValue::from_static("Accept"));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        out.insert(header::ETAG, value);
    }
    Ok(response)
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

/// The cached resized copy, made now if missing. Never upscales.
fn resized(original: &[u8], width: u32, webp: bool, cache: &FsPath) -> Result<Vec<u8>, AppError> {
    if let Ok(bytes) = std::fs::read(cache) {
        return Ok(bytes);
    }
    let image = image::load_from_memory(original).map_err(|e| {
        AppError::bad_request(
            "invalid_image",
            format!("the stored image cannot be read: {e}"),
        )
    })?;
    let image = if image.width() > width {
        image.resize(width, u32::MAX, image::imageops::FilterType::Lanczos3)
    } else {
        image
    };
    let mut bytes = Vec::new();
    let encoded = if webp {
        image
            .to_rgba8()
            .write_with_encoder(image::codecs::webp::WebPEncoder::new_lossless(&mut bytes))
    } else {
        image.write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png)
    };
    encoded.map_err(|e| AppError::internal("encoding an image", e))?;
    write_atomically(cache, &bytes);
    Ok(bytes)
}

/// A failed cache write only costs a resize next time, so it is logged, not answered.
fn write_atomically(path: &FsPath, bytes: &[u8]) {
    let temporary: PathBuf = path.with_extension(format!("tmp{}", std::process::id()));
    let result = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|_| std::fs::write(&temporary, bytes))
        .and_then(|_| std::fs::rename(&temporary, path));
    if let Err(err) = result {
        tracing::warn!(path = %path.display(), %err, "could not cache a resized image");
    }
}
