//! One product (staff): read with its stock ledger, create, change (version-checked),
//! duplicate, activate or deactivate, stock adjustments and bulk price and stock edits. Thin
//! handlers over `catalog::edit`; a failed change answers every problem by field, or the stored
//! product on a version conflict (docs/STAFF.md).

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::detail;
use crate::accounts::permissions::need;
use crate::activity::Actor;
use crate::catalog::edit::{self, BulkEdit, FieldProblem, ProductEditError, StockEntry};
use crate::catalog::model::Product;
use crate::catalog::writer::CatalogWriter;
use crate::handlers::auth::Can;
use crate::handlers::staff::who;
use crate::http::envelope::{ErrorAnswer, ErrorDetail, ErrorStatus, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, blocking};
use crate::state::AppState;

/// `{status, product, ledger, ledgers}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminProductAnswer {
    pub status: SuccessStatus,
    pub product: Product,
    /// The newest 100 stock changes of the product's own code, newest first.
    pub ledger: Vec<StockEntry>,
    /// Each variant's newest stock changes (100 for a product without options, 20 each
    /// otherwise), newest first, by variant code.
    pub ledgers: BTreeMap<String, Vec<StockEntry>>,
}

/// `{status, product}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ProductSavedAnswer {
    pub status: SuccessStatus,
    pub product: Product,
}

/// 400 `invalid_product`: every problem, by field.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ProductProblemsAnswer {
    pub status: ErrorStatus,
    pub error: ErrorDetail,
    pub problems: Vec<FieldProblem>,
}

/// 409 `version_conflict`: the product as it is stored now, to show what changed.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct VersionConflictAnswer {
    pub status: ErrorStatus,
    pub error: ErrorDetail,
    pub product: Product,
}

/// `{"code": "NEW-1"}`
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct DuplicateBody {
    /// The copy's code (unused so far).
    pub code: String,
}

/// `{"active": false}`
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct ActiveBody {
    pub active: bool,
}

/// `{"delta": -2, "reason": "count 12 May"}`
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct StockBody {
    /// Units to add (negative: to take away); not 0.
    #[ts(type = "number")]
    pub delta: i64,
    /// Why, for the ledger: 1 to 200 characters.
    #[serde(default)]
    pub reason: String,
}

/// `{status, code, level, entry}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct StockAnswer {
    pub status: SuccessStatus,
    pub code: String,
    /// The new level.
    #[ts(type = "number")]
    pub level: u64,
    pub entry: StockEntry,
}

/// `{status, products}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct BulkEditAnswer {
    pub status: SuccessStatus,
    /// Every selected product as saved.
    pub products: Vec<Product>,
}

/// A failed product change: per-field problems and version conflicts carry their details.
pub enum EditFailure {
    Edit(ProductEditError),
    App(AppError),
}

impl From<ProductEditError> for EditFailure {
    fn from(err: ProductEditError) -> Self {
        EditFailure::Edit(err)
    }
}

impl IntoResponse for EditFailure {
    fn into_response(self) -> Response {
        let err = match self {
            EditFailure::Edit(err) => err,
            EditFailure::App(err) => return err.into_response(),
        };
        let message = err.to_string();
        match err {
            ProductEditError::Invalid(problems) => (
                StatusCode::BAD_REQUEST,
                Json(ProductProblemsAnswer {
                    status: ErrorStatus::Error,
                    error: detail("invalid_product", message),
                    problems,
                }),
            )
                .into_response(),
            ProductEditError::Conflict(product) => (
                StatusCode::CONFLICT,
                Json(VersionConflictAnswer {
                    status: ErrorStatus::Error,
                    error: detail("version_conflict", message),
                    product: *product,
                }),
            )
                .into_response(),
            ProductEditError::NotFound(_) => AppError::NotFound(message).into_response(),
            ProductEditError::Exists(_) => AppError::Conflict {
                code: "product_exists",
                message,
            }
            .into_response(),
            ProductEditError::BelowZero(_) => {
                AppError::bad_request("stock_below_zero", message).into_response()
            }
            ProductEditError::Store(err) => {
                AppError::internal("product change", err).into_response()
            }
        }
    }
}

impl From<AppError> for EditFailure {
    fn from(err: AppError) -> Self {
        EditFailure::App(err)
    }
}

/// Runs product work off the async workers (the kit's `blocking`), keeping a [`ProductEditError`]
/// whole for its answer: its problems or the stored product travel with it.
async fn run<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ProductEditError> + Send + 'static,
) -> Result<T, EditFailure> {
    Ok(blocking("product task", move || Ok::<_, AppError>(work())).await??)
}

/// One product change, recorded as the caller's, through the catalogue's writer (which puts
/// the new snapshot in force, so the storefront and search show it at once).
async fn change<T: Send + 'static>(
    state: &AppState,
    staff: &Can<need::CatalogWrite>,
    headers: &HeaderMap,
    work: impl FnOnce(&CatalogWriter, Actor) -> Result<T, ProductEditError> + Send + 'static,
) -> Result<T, EditFailure> {
    let (name, channel) = who(staff, headers);
    let catalog = writer(state);
    run(move || {
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        work(&catalog, actor)
    })
    .await
}

/// `{status, product}`: the product as saved.
fn saved(product: Product) -> Json<ProductSavedAnswer> {
    Json(ProductSavedAnswer {
        status: SuccessStatus::Success,
        product,
    })
}

/// The catalogue's use cases put the new snapshot in force themselves.
fn writer(state: &AppState) -> CatalogWriter {
    CatalogWriter::new(&state.store, &state.catalog)
}

/// Reads a product body field by field, so a wrong type is reported at its field like every
/// other problem.
fn product_from(body: Value) -> Result<Product, ProductEditError> {
    let Value::Object(fields) = body else {
        return Err(ProductEditError::Invalid(vec![FieldProblem {
            code: None,
            field: "product".into(),
            message: "must be a JSON object".into(),
        }]));
    };
    let base = serde_json::json!({"code": "", "name": {}, "price": 0});
    let mut problems = Vec::new();
    for (key, value) in &fields {
        let mut one = base.clone();
        one[key] = value.clone();
        if let Err(err) = serde_json::from_value::<Product>(one) {
            let message = err.to_string();
            let message = message
                .split(" at line ")
                .next()
                .unwrap_or(&message)
                .to_string();
            problems.push(FieldProblem {
                code: None,
                field: key.clone(),
                message,
            });
        }
    }
    if !problems.is_empty() {
        return Err(ProductEditError::Invalid(problems));
    }
    let mut whole = base;
    for (key, value) in fields {
        whole[key] = value;
    }
    serde_json::from_value(whole).map_err(|err| {
        ProductEditError::Invalid(vec![FieldProblem {
            code: None,
            field: "product".into(),
            message: err.to_string(),
        }])
    })
}

/// One product with its live stock levels (each variant's), version and stock ledgers.
#[utoipa::path(
    get,
    path = "/api/admin/products/{code}",
    tag = "admin",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "product code")),
    responses(
        (status = 200, description = "The product", body = AdminProductAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn get_product(
    State(state): State<AppState>,
    _staff: Can<need::CatalogWrite>,
    Path(code): Path<String>,
) -> Result<Json<AdminProductAnswer>, EditFailure> {
    let db = state.store.clone();
    let (product, ledger, ledgers) = run(move || {
        let product =
            edit::find(&db, &code)?.ok_or_else(|| ProductEditError::NotFound(code.clone()))?;
        let each = if product.options.is_empty() { 100 } else { 20 };
        let mut ledgers = BTreeMap::new();
        for variant in &product.variants {
            ledgers.insert(variant.code.clone(), edit::ledger(&db, &variant.code, each)?);
        }
        let ledger = match ledgers.get(&code) {
            Some(own) if each == 100 => own.clone(),
            _ => edit::ledger(&db, &code, 100)?,
        };
        Ok((product, ledger, ledgers))
    })
    .await?;
    Ok(Json(AdminProductAnswer {
        status: SuccessStatus::Success,
        product,
        ledger,
        ledgers,
    }))
}

/// Adds a product (its `stock`, or each variant's, is the opening level); live on the
/// storefront at once. A variant code another product uses is a problem at `variants[i].code`.
#[utoipa::path(
    post,
    path = "/api/admin/products",
    tag = "admin",
    security(("bearer" = [])),
    request_body = Product,
    responses(
        (status = 201, description = "The product, version 1", body = ProductSavedAnswer),
        (status = 400, description = "`invalid_product`: every problem by field", body = ProductProblemsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 409, description = "`product_exists`", body = ErrorAnswer),
    ),
)]
pub async fn create_product(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<Value>,
) -> Result<(StatusCode, Json<ProductSavedAnswer>), EditFailure> {
    let product = change(&state, &staff, &headers, move |db, actor| {
        let product = product_from(body)?;
        edit::create(db, actor, product)
    })
    .await?;
    Ok((StatusCode::CREATED, saved(product)))
}

/// Saves a product's fields. The body carries the `version` the editor started from; if the
/// product was saved since, 409 `version_conflict` answers the stored product. Stock is not
/// changed here (see `/stock`): a stored variant keeps its level, a new variant's `stock` is its
/// opening level, a removed variant's level goes; the code cannot change (duplicate instead).
#[utoipa::path(
    put,
    path = "/api/admin/products/{code}",
    tag = "admin",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "product code")),
    request_body = Product,
    responses(
        (status = 200, description = "The product with its new version", body = ProductSavedAnswer),
        (status = 400, description = "`invalid_product`: every problem by field", body = ProductProblemsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`version_conflict`, with the stored product", body = VersionConflictAnswer),
    ),
)]
pub async fn update_product(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Path(code): Path<String>,
    Json(body): Json<Value>,
) -> Result<Json<ProductSavedAnswer>, EditFailure> {
    let product = change(&state, &staff, &headers, move |db, actor| {
        if body.get("version").and_then(Value::as_u64).is_none() {
            return Err(ProductEditError::Invalid(vec![FieldProblem {
                code: None,
                field: "version".into(),
                message: "the version the edit started from is required".into(),
            }]));
        }
        let edited = product_from(body)?;
        edit::update(db, actor, &code, edited)
    })
    .await?;
    Ok(saved(product))
}

/// A copy under a new code: hidden, no stock, version 1. Its variant codes take the new code
/// in place of the original's (`SF-1001-GRY` → `SF-2001-GRY`; others get it in front).
#[utoipa::path(
    post,
    path = "/api/admin/products/{code}/duplicate",
    tag = "admin",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "the product to copy")),
    request_body = DuplicateBody,
    responses(
        (status = 201, description = "The copy", body = ProductSavedAnswer),
        (status = 400, description = "`invalid_product`", body = ProductProblemsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`product_exists`", body = ErrorAnswer),
    ),
)]
pub async fn duplicate_product(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Path(code): Path<String>,
    Json(body): Json<DuplicateBody>,
) -> Result<(StatusCode, Json<ProductSavedAnswer>), EditFailure> {
    let product = change(&state, &staff, &headers, move |db, actor| {
        edit::duplicate(db, actor, &code, &body.code)
    })
    .await?;
    Ok((StatusCode::CREATED, saved(product)))
}

/// Shows or hides a product on the storefront (products are never deleted: orders name them).
#[utoipa::path(
    post,
    path = "/api/admin/products/{code}/active",
    tag = "admin",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "product code")),
    request_body = ActiveBody,
    responses(
        (status = 200, description = "The product", body = ProductSavedAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn set_active(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Path(code): Path<String>,
    Json(body): Json<ActiveBody>,
) -> Result<Json<ProductSavedAnswer>, EditFailure> {
    let product = change(&state, &staff, &headers, move |db, actor| {
        edit::set_active(db, actor, &code, body.active)
    })
    .await?;
    Ok(saved(product))
}

/// Moves a variant's stock by `delta` with a reason (the stock ledger); never below zero. The
/// code is a variant code; a product without options is its own one variant.
#[utoipa::path(
    post,
    path = "/api/admin/products/{code}/stock",
    tag = "admin",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "variant code (a product without options: its code)")),
    request_body = StockBody,
    responses(
        (status = 200, description = "The new level and its ledger entry", body = StockAnswer),
        (status = 400, description = "`invalid_product` (no reason, delta 0, the code of a product with options), `stock_below_zero`", body = ProductProblemsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn adjust_stock(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Path(code): Path<String>,
    Json(body): Json<StockBody>,
) -> Result<Json<StockAnswer>, EditFailure> {
    let (name, channel) = who(&staff, &headers);
    let catalog = writer(&state);
    let (code, entry) = run(move || {
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        let entry = edit::adjust_stock(&catalog, actor, &code, body.delta, &body.reason)?;
        Ok((code, entry))
    })
    .await?;
    Ok(Json(StockAnswer {
        status: SuccessStatus::Success,
        code,
        level: entry.level,
        entry,
    }))
}

/// Changes the price (absolute, or by a percent rounded to whole baht) and/or stock of a
/// selection of products or variants; all of it is saved, or nothing if any has a problem
/// (each reported with its code).
#[utoipa::path(
    post,
    path = "/api/admin/catalog/bulk",
    tag = "admin",
    security(("bearer" = [])),
    request_body = BulkEdit,
    responses(
        (status = 200, description = "Every selected product as saved", body = BulkEditAnswer),
        (status = 400, description = "`invalid_product`: every problem with the product's code", body = ProductProblemsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn bulk_edit(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<BulkEdit>,
) -> Result<Json<BulkEditAnswer>, EditFailure> {
    let products = change(&state, &staff, &headers, move |db, actor| {
        edit::bulk(db, actor, &body)
    })
    .await?;
    Ok(Json(BulkEditAnswer {
        status: SuccessStatus::Success,
        products,
    }))
}
