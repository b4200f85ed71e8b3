//! Product images (staff): upload one or more files, reorder, set alt text per language and
//! remove. Thin handlers over `catalog::uploads`; each change bumps the product's version,
//! writes an activity event and puts the new catalogue snapshot in force (`catalog::writer`)
//! so the storefront shows it at once.

use std::collections::BTreeMap;

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::permissions::need;
use crate::activity::Actor;
use crate::catalog::image_decode::ImageProblem;
use crate::catalog::image_gate::RETRY_AFTER_SECONDS;
use crate::catalog::model::Product;
use crate::catalog::uploads::{
    self, CleanImage, ImageLimits, ImagesChange, ImagesError, UploadError, human_size,
};
use crate::catalog::writer::CatalogWriter;
use crate::config::IMAGES_PER_REQUEST;
use crate::content::model::Localized;
use crate::handlers::auth::Can;
use crate::http::envelope::{ErrorAnswer, ErrorDetail, ErrorStatus, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, kcard};
use crate::state::AppState;

/// `{status, product}`: the whole product after the change (its `images`, `imageAlts` and
/// new `version`).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ProductImagesAnswer {
    pub status: SuccessStatus,
    pub product: Product,
}

/// The form of an upload: one or more `file` parts, each a PNG, JPEG or WebP image.
#[derive(Debug, ToSchema)]
pub struct ImageUploadForm {
    #[schema(value_type = Vec<String>, format = Binary)]
    pub file: Vec<Vec<u8>>,
}

/// The product's images in their new order, without those to remove, and the alt text of
/// each. Images are never added here (upload them instead).
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductImagesBody {
    /// Image paths, each one the product has, first = the main image.
    pub images: Vec<String>,
    /// Image path → alt text per language (at most 250 characters each); an image left out
    /// has none (the storefront then uses the product's name).
    #[serde(default)]
    #[ts(optional, as = "Option<BTreeMap<String, Localized>>")]
    pub image_alts: BTreeMap<String, Localized>,
    /// The version the editor started from: a change based on another gets 409
    /// `version_conflict`. Optional.
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub version: Option<u64>,
}

/// An upload's failure: the shop's error shape, with a 413 that names the file.
pub enum UploadFailure {
    App(AppError),
    TooLarge(String),
}

impl From<AppError> for UploadFailure {
    fn from(err: AppError) -> Self {
        UploadFailure::App(err)
    }
}

impl IntoResponse for UploadFailure {
    fn into_response(self) -> Response {
        match self {
            UploadFailure::App(err) => err.into_response(),
            UploadFailure::TooLarge(message) => (
                StatusCode::PAYLOAD_TOO_LARGE,
                axum::Json(ErrorAnswer {
                    status: ErrorStatus::Error,
                    error: ErrorDetail {
                        code: "payload_too_large".into(),
                        message,
                    },
                }),
            )
                .into_response(),
        }
    }
}

fn refused(message: impl Into<String>) -> UploadFailure {
    UploadFailure::App(AppError::bad_request("invalid_image", message))
}

/// The answer naming each refused file and why: `image_too_large` when every file was refused
/// for its size (pixels or the memory it would need), `invalid_image` otherwise.
pub(crate) fn refused_files(problems: &[(String, ImageProblem)]) -> UploadFailure {
    let code = if problems
        .iter()
        .all(|(_, p)| matches!(p, ImageProblem::TooLarge(_)))
    {
        "image_too_large"
    } else {
        "invalid_image"
    };
    let reasons: Vec<String> = problems
        .iter()
        .map(|(name, problem)| format!("{name} {problem}"))
        .collect();
    UploadFailure::App(AppError::bad_request(
        code,
        format!("{}; nothing was stored", reasons.join("; ")),
    ))
}

/// Cleans one upload under the image gate; a refusal is returned to be named with its file,
/// a busy gate or a failure becomes the answer.
pub(crate) async fn clean_one(
    bytes: Vec<u8>,
    limits: ImageLimits,
) -> Result<Result<CleanImage, ImageProblem>, UploadFailure> {
    match uploads::clean_upload(bytes, limits).await {
        Ok(image) => Ok(Ok(image)),
        Err(UploadError::Refused(problem)) => Ok(Err(problem)),
        Err(UploadError::Busy) => Err(AppError::Busy(RETRY_AFTER_SECONDS).into()),
        Err(UploadError::Failed(err)) => Err(AppError::internal("checking an image", err).into()),
    }
}

/// Reads the form: each `file` part in full, or how much of it was over the limit. A part
/// beyond `max_files` is refused before it is read.
pub(crate) async fn read_files(
    mut multipart: Multipart,
    max_bytes: u64,
    max_files: u64,
) -> Result<Vec<(String, Vec<u8>)>, UploadFailure> {
    let broken = |err: axum::extract::multipart::MultipartError| {
        if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
            UploadFailure::TooLarge(format!(
                "the upload is too large: at most {IMAGES_PER_REQUEST} files of up to {} each",
                human_size(max_bytes)
            ))
        } else {
            refused(format!("the upload could not be read: {}", err.body_text()))
        }
    };
    let mut files = Vec::new();
    let mut too_large = Vec::new();
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        let index = files.len() + too_large.len();
        let name = uploads::display_name(field.file_name(), index);
        if field.name() != Some("file") {
            return Err(refused(format!(
                "unexpected form field {:?}: send the images in the field \"file\"",
                field.name().unwrap_or_default()
            )));
        }
        if index as u64 >= max_files {
            return Err(refused(if max_files == 1 {
                "send one image at a time".to_string()
            } else {
                format!("at most {max_files} images per upload")
            }));
        }
        let mut bytes = Vec::new();
        let mut over = false;
        while let Some(chunk) = field.chunk().await.map_err(broken)? {
            // An oversized file is read to its end (and dropped) so the browser gets the
            // answer instead of a reset connection.
            if !over && (bytes.len() + chunk.len()) as u64 > max_bytes {
                over = true;
                bytes = Vec::new();
            }
            if !over {
                bytes.extend_from_slice(&chunk);
            }
        }
        if over {
            too_large.push(name);
        } else {
            files.push((name, bytes));
        }
    }
    if !too_large.is_empty() {
        return Err(UploadFailure::TooLarge(format!(
            "{} {} larger than {}; nothing was stored",
            too_large.join(", "),
            if too_large.len() == 1 { "is" } else { "are" },
            human_size(max_bytes)
        )));
    }
    if files.is_empty() {
        return Err(refused(
            "no image: send one or more PNG, JPEG or WebP files in the field \"file\"",
        ));
    }
    Ok(files)
}

/// Adds images to a product. Each file is checked by its content (PNG, JPEG or WebP; SVG is
/// refused), decoded under a pixel limit and stored re-encoded without its metadata (EXIF,
/// GPS). All or nothing: when any file is refused, nothing is stored.
#[utoipa::path(
    post,
    path = "/api/admin/products/{code}/images",
    tag = "admin",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "product code")),
    request_body(content = inline(ImageUploadForm), content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The product with its images", body = ProductImagesAnswer),
        (status = 400, description = "`image_too_large`: a file has too many pixels or would need more memory to process than an upload may use (width × height × bytes per pixel; the message names the file); `invalid_image`: a file is not a PNG, JPEG or WebP image or is damaged; `invalid_input`: too many images", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 413, description = "`payload_too_large`: a file is over the size limit (named)", body = ErrorAnswer),
        (status = 503, description = "`busy`: other images are being processed; retry after `Retry-After` seconds", body = ErrorAnswer),
    ),
)]
pub async fn upload_images(
    State(state): State<AppState>,
    staff: Can<need::CatalogWrite>,
    headers: HeaderMap,
    Path(code): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<ProductImagesAnswer>), UploadFailure> {
    let db = state.store.clone();
    let wanted = code.clone();
    let exists = tokio::task::spawn_blocking(move || uploads::product_exists(&db, &wanted))
        .await
        .map_err(|e| AppError::internal("product images", e))?
        .map_err(AppError::from)?;
    if !exists {
        return Err(AppError::NotFound(format!("there is no product {code}")).into());
    }
    let multipart = multipart.map_err(|_| {
        refused("send the images as multipart/form-data, each in a field named \"file\"")
    })?;
    let limits = ImageLimits::from(&state.config.uploads);
    let files = read_files(multipart, limits.max_bytes, IMAGES_PER_REQUEST).await?;

    // Checking decodes every image under the process-wide image gate, one after the other.
    let mut clean: Vec<CleanImage> = Vec::new();
    let mut problems = Vec::new();
    for (name, bytes) in files {
        match clean_one(bytes, limits).await? {
            Ok(image) => clean.push(image),
            Err(problem) => problems.push((name, problem)),
        }
    }
    if !problems.is_empty() {
        return Err(refused_files(&problems));
    }

    let caller = staff.caller().user.username.clone();
    let channel = kcard(&headers);
    let state2 = state.clone();
    let product = tokio::task::spawn_blocking(move || {
        let actor = Actor {
            name: &caller,
            kcard: &channel,
        };
        let catalog = CatalogWriter::new(&state2.store, &state2.catalog);
        let product = uploads::add_images(&catalog, &state2.config.data_dir, &code, &clean, actor)?;
        Ok::<Product, ImagesError>(product)
    })
    .await
    .map_err(|e| AppError::internal("storing images", e))?
    .map_err(AppError::from)?;
    Ok((
        StatusCode::CREATED,
        Json(ProductImagesAnswer {
            status: SuccessStatus::Success,
            product,
        }),
    ))
}

/// Reorders a product's images, removes some and sets their alt text, in one change. Removed
/// uploads no product refers to any more are deleted from disk.
#[utoipa::path(
    put,
    path = "/api/admin/products/{code}/images",
    tag = "admin",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "product code")),
    request_body = ProductImagesBody,
    responses(
        (status = 200, description = "The product with its images", body = ProductImagesAnswer),
        (status = 400, description = "`invalid_input`: an image the product does not have, listed twice, or alt text too long", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`version_conflict`: the product changed since `version`", body = ErrorAnswer),
    ),
)]
pub async fn set_images(
    State(state): State<AppState>,
    staff: Can<need::CatalogWrite>,
    headers: HeaderMap,
    Path(code): Path<String>,
    Json(body): Json<ProductImagesBody>,
) -> Result<Json<ProductImagesAnswer>, AppError> {
    let caller = staff.caller().user.username.clone();
    let channel = kcard(&headers);
    let change = ImagesChange {
        images: body.images,
        alts: body.image_alts,
        version: body.version,
    };
    let product = tokio::task::spawn_blocking(move || {
        let actor = Actor {
            name: &caller,
            kcard: &channel,
        };
        let catalog = CatalogWriter::new(&state.store, &state.catalog);
        let (product, _deleted) =
            uploads::change_images(&catalog, &state.config.data_dir, &code, &change, actor)?;
        Ok::<Product, ImagesError>(product)
    })
    .await
    .map_err(|e| AppError::internal("changing images", e))??;
    Ok(Json(ProductImagesAnswer {
        status: SuccessStatus::Success,
        product,
    }))
}
