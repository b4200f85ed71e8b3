//! Thin handlers for payment slips: the shopper uploads one for their unpaid PromptPay or bank
//! transfer order; the shopper and staff fetch it (never public).

use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;

use crate::catalog::uploads::ImageLimits;
use crate::domain::OrderId;
use crate::handlers::auth::authenticate;
use crate::handlers::order_answers::OrderAnswer;
use crate::handlers::orders::KeyQuery;
use crate::handlers::staff::images::{UploadFailure, clean_one, read_files, refused_files};
use crate::http::blocking;
use crate::http::envelope::ErrorAnswer;
use crate::http::json::Json;
use crate::http::{AppError, kcard};
use crate::payments::proofs::{self, Who};
use crate::state::AppState;

/// The form of a slip upload: one `file` part, a PNG, JPEG or WebP image.
#[derive(Debug, utoipa::ToSchema)]
pub struct ProofUploadForm {
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

fn refused(message: impl Into<String>) -> UploadFailure {
    UploadFailure::App(AppError::bad_request("invalid_image", message))
}

/// Uploads the slip of a PromptPay or bank transfer payment (the order's shopper, or a guest
/// with `?key=`, while the order waits for payment). Checked by its content and stored without metadata; the same
/// slip already used for another order is flagged to staff.
#[utoipa::path(
    post,
    path = "/api/app/order/{id}/proof",
    tag = "order",
    security((), ("bearer" = [])),
    params(("id" = u64, Path, description = "order id"), KeyQuery),
    request_body(content = inline(ProofUploadForm), content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The order with the new slip in `payment.proofs`", body = OrderAnswer),
        (status = 400, description = "`invalid_image`: not a PNG, JPEG or WebP image, or damaged, or more than one file; `image_too_large`: too many pixels, or more memory to process than a slip may use (width × height × bytes per pixel)", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 404, description = "`not_found`, also for another shopper's order", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`: too many wrong order keys from this address; `Retry-After` says when to try again", body = ErrorAnswer),
        (status = 409, description = "`not_payable`, `wrong_method` (a card order) or `too_many_proofs`", body = ErrorAnswer),
        (status = 413, description = "`payload_too_large`", body = ErrorAnswer),
        (status = 503, description = "`busy`: other images are being processed; retry after `Retry-After` seconds", body = ErrorAnswer),
    ),
)]
pub async fn upload_proof(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<OrderId>,
    Query(query): Query<KeyQuery>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<OrderAnswer>), UploadFailure> {
    // Whose order and whether it takes a slip, before reading the upload.
    let caller = authenticate(&state, &headers).await?;
    let missing = || AppError::NotFound(format!("there is no order {id}"));
    let holder = query.holder(caller.as_ref()).ok_or_else(missing)?;
    let (db, asking) = (state.store.clone(), holder.clone());
    let opens = blocking("order task", move || {
        db.read(|txn| {
            let order = crate::orders::store::get_in(txn, id)?;
            asking.opens(txn, &order)
        })
    })
    .await?;
    if !opens {
        return Err(missing().into());
    }
    let multipart = multipart
        .map_err(|_| refused("send the slip as multipart/form-data in a field named \"file\""))?;
    // Anyone holding the order's link may upload: one file, and less memory than staff get.
    let limits = ImageLimits::for_slips(&state.config.uploads);
    let mut files = read_files(multipart, limits.max_bytes, 1).await?;
    if files.len() != 1 {
        return Err(refused("send one slip image at a time"));
    }
    let (name, bytes) = files.remove(0);
    let image = clean_one(bytes, limits)
        .await?
        .map_err(|problem| refused_files(&[(name, problem)]))?;
    let (db, files_dir) = (state.store.clone(), state.config.files_dir());
    let username = caller
        .as_ref()
        .map_or_else(|| "guest".into(), |c| c.user.username.clone());
    let user_id = caller
        .as_ref()
        .map_or(crate::orders::guest::GUEST, |c| c.user.id);
    let channel = kcard(&headers);
    let order = blocking("order task", move || {
        let who = Who {
            user_id,
            name: &username,
            kcard: &channel,
        };
        proofs::add_proof(&db, &files_dir, id, &holder, &who, &image)
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(OrderAnswer {
            status: crate::http::envelope::SuccessStatus::Success,
            order: order
                .for_shopper()
                .with_deadline(state.config.unpaid_order_expiry_hours),
        }),
    ))
}

/// One slip image of an order: its shopper (or a guest with `?key=`) or staff only
/// (`private, no-store`).
#[utoipa::path(
    get,
    path = "/api/app/order/{id}/proof/{file}",
    tag = "order",
    security((), ("bearer" = [])),
    params(
        ("id" = u64, Path, description = "order id"),
        ("file" = String, Path, description = "`<hash>.<png|jpg|webp>` from `payment.proofs[].file`"),
        KeyQuery,
    ),
    responses(
        (status = 200, description = "The image", content_type = "image/*"),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 404, description = "`not_found`, also for another shopper's order", body = ErrorAnswer),
        (status = 429, description = "`too_many_attempts`: too many wrong order keys from this address; `Retry-After` says when to try again", body = ErrorAnswer),
    ),
)]
pub async fn get_proof(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((id, file)): Path<(OrderId, String)>,
    Query(query): Query<KeyQuery>,
) -> Result<Response, AppError> {
    let not_found = || AppError::NotFound(format!("there is no slip {file} on order {id}"));
    let caller = authenticate(&state, &headers).await?;
    let staff = caller.as_ref().is_some_and(|c| c.user.role.is_admin());
    let holder = query.holder(caller.as_ref());
    let db = state.store.clone();
    let (order, opens) = blocking("order task", move || {
        db.read(|txn| {
            let order = crate::orders::store::get_in(txn, id)?;
            let opens = match &holder {
                Some(holder) => holder.opens(txn, &order)?,
                None => false,
            };
            Ok::<_, crate::orders::store::OrderError>((order, opens))
        })
    })
    .await?;
    let allowed = staff || opens;
    let listed = order
        .payment
        .proofs
        .iter()
        .any(|p| p.file.rsplit('/').next() == Some(file.as_str()));
    if !allowed || !listed || !proofs::valid_file_name(&file) {
        return Err(not_found());
    }
    let path = proofs::proof_dir(&state.config.files_dir(), id).join(&file);
    let bytes = match tokio::fs::read(&path).await {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Err(not_found()),
        Err(err) => return Err(AppError::internal("reading a slip", err)),
    };
    let content_type = match file.rsplit('.').next() {
        Some("png") => "image/png",
        Some("webp") => "image/webp",
        _ => "image/jpeg",
    };
    let mut response = Response::new(Body::from(bytes));
    let out = response.headers_mut();
    out.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    out.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    Ok(response)
}
