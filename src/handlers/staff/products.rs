//! Products (staff): list with filters and keyset pages, one product with its stock ledger,
//! create, change (version-checked), duplicate, activate or deactivate, stock adjustments, bulk
//! price and stock edits, and CSV export and import (preview, then apply) through the same code
//! as `kiosk catalog import`. Thin handlers over `catalog::edit` and `catalog::import`; after
//! every write the catalogue snapshot is reloaded so the storefront and search show it at once.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::permissions::need;
use crate::catalog::edit::{
    self, Actor, BulkEdit, EditError, FieldProblem, ListFilter, StockEntry,
};
use crate::catalog::import::{self, ImportError, ImportPreview};
use crate::catalog::model::Product;
use crate::handlers::auth::Can;
use crate::http::envelope::{ErrorAnswer, ErrorDetail, ErrorStatus, SuccessStatus};
use crate::http::json::Json;
use crate::http::query::Query;
use crate::http::{AppError, kcard};
use crate::state::AppState;
use crate::store::Store;

/// The staff product list's filters (all optional).
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema, TS)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminProductQuery {
    /// Part of the code (a leading `#` is ignored) or of a name in any language.
    #[ts(optional)]
    pub q: Option<String>,
    /// A room key.
    #[ts(optional)]
    pub room: Option<String>,
    /// A category key.
    #[ts(optional)]
    pub category: Option<String>,
    /// `true`: shown on the storefront; `false`: hidden.
    #[ts(optional)]
    pub active: Option<bool>,
    /// `true`: only products with 3 units or fewer.
    #[ts(optional)]
    pub low_stock: Option<bool>,
    /// `any` or a language (`th`…): products lacking a name or description in it.
    #[param(pattern = "^(any|en|th|my|km|id)$")]
    #[ts(optional)]
    pub missing: Option<String>,
    /// Products per page, 1 to 200 (default 50).
    #[param(minimum = 1, maximum = 200)]
    #[ts(optional)]
    pub limit: Option<usize>,
    /// The `next` of the previous page (a product code; pages go by code).
    #[ts(optional)]
    pub after: Option<String>,
}

impl AdminProductQuery {
    /// Products per page: 1 to 200, 50 if not given.
    fn limit(&self) -> Result<usize, AppError> {
        match self.limit {
            None => Ok(50),
            Some(n) if (1..=200).contains(&n) => Ok(n),
            Some(_) => Err(AppError::bad_request(
                "invalid_parameter",
                "limit: must be 1 to 200",
            )),
        }
    }

    fn filter(&self) -> Result<ListFilter, AppError> {
        let bad = |name: &str, problem: &str| {
            AppError::bad_request("invalid_parameter", format!("{name}: {problem}"))
        };
        let text = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_string)
        };
        let q = text(&self.q).unwrap_or_default();
        if q.chars().count() > 100 {
            return Err(bad("q", "at most 100 characters"));
        }
        let missing = text(&self.missing);
        if let Some(lang) = &missing
            && !["any", "en", "th", "my", "km", "id"].contains(&lang.as_str())
        {
            return Err(bad("missing", "must be any, en, th, my, km or id"));
        }
        Ok(ListFilter {
            q,
            room: text(&self.room),
            category: text(&self.category),
            active: self.active,
            low_stock: self.low_stock.unwrap_or(false),
            missing,
        })
    }
}

/// `{status, products, next, total}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminProductPageAnswer {
    pub status: SuccessStatus,
    /// By code, with live stock levels and versions.
    pub products: Vec<Product>,
    /// Pass as `after` for the next page; `null` on the last page.
    pub next: Option<String>,
    /// Every match, not only this page's.
    #[ts(type = "number")]
    pub total: usize,
}

/// `{status, product, ledger}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminProductAnswer {
    pub status: SuccessStatus,
    pub product: Product,
    /// The newest 100 stock changes, newest first.
    pub ledger: Vec<StockEntry>,
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

/// `{"csv": "...", "apply": false}`
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct ImportBody {
    /// The file's text, as `kiosk catalog import` reads a .csv file.
    pub csv: String,
    /// `false` (default): only preview; `true`: write it all, or nothing if any row has a problem.
    #[serde(default)]
    #[ts(optional)]
    pub apply: Option<bool>,
}

/// `{status, applied, preview}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ImportAnswer {
    pub status: SuccessStatus,
    /// Whether the rows were written (never when there are problems).
    pub applied: bool,
    pub preview: ImportPreview,
}

/// 400 `invalid_import`: the preview with every problem; nothing was written.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ImportProblemsAnswer {
    pub status: ErrorStatus,
    pub error: ErrorDetail,
    pub preview: ImportPreview,
}

/// A failed product change: per-field problems and version conflicts carry their details.
pub enum EditFailure {
    Edit(EditError),
    App(AppError),
}

impl From<EditError> for EditFailure {
    fn from(err: EditError) -> Self {
        EditFailure::Edit(err)
    }
}

fn detail(code: &str, message: String) -> ErrorDetail {
    ErrorDetail {
        code: code.into(),
        message,
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
            EditError::Invalid(problems) => (
                StatusCode::BAD_REQUEST,
                Json(ProductProblemsAnswer {
                    status: ErrorStatus::Error,
                    error: detail("invalid_product", message),
                    problems,
                }),
            )
                .into_response(),
            EditError::Conflict(product) => (
                StatusCode::CONFLICT,
                Json(VersionConflictAnswer {
                    status: ErrorStatus::Error,
                    error: detail("version_conflict", message),
                    product: *product,
                }),
            )
                .into_response(),
            EditError::NotFound(_) => AppError::NotFound(message).into_response(),
            EditError::Exists(_) => AppError::Conflict {
                code: "product_exists",
                message,
            }
            .into_response(),
            EditError::BelowZero(_) => {
                AppError::bad_request("stock_below_zero", message).into_response()
            }
            EditError::Store(err) => AppError::internal("product change", err).into_response(),
        }
    }
}

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, EditError> + Send + 'static,
) -> Result<T, EditFailure> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| EditFailure::App(AppError::internal("product task", e)))?
        .map_err(EditFailure::Edit)
}

/// Who is acting, from the staff extractor and the request's channel.
fn actor_of<P>(staff: &Can<P>, headers: &HeaderMap) -> (String, String) {
    (staff.caller().user.username.clone(), kcard(headers))
}

/// Reloads the catalogue snapshot (search index included) after a change.
fn reload(state: &AppState, store: &Store) -> Result<(), EditError> {
    state.catalog.reload(store).map_err(EditError::Store)
}

/// Reads a product body field by field, so a wrong type is reported at its field like every
/// other problem.
fn product_from(body: Value) -> Result<Product, EditError> {
    let Value::Object(fields) = body else {
        return Err(EditError::Invalid(vec![FieldProblem {
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
        return Err(EditError::Invalid(problems));
    }
    let mut whole = base;
    for (key, value) in fields {
        whole[key] = value;
    }
    serde_json::from_value(whole).map_err(|err| {
        EditError::Invalid(vec![FieldProblem {
            code: None,
            field: "product".into(),
            message: err.to_string(),
        }])
    })
}

/// Products for staff, inactive ones included, filtered, by code in keyset pages.
#[utoipa::path(
    get,
    path = "/api/admin/products",
    tag = "admin",
    security(("bearer" = [])),
    params(AdminProductQuery),
    responses(
        (status = 200, description = "One page", body = AdminProductPageAnswer),
        (status = 400, description = "`invalid_parameter`, `invalid_query`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn list_products(
    State(state): State<AppState>,
    _staff: Can<need::CatalogWrite>,
    Query(query): Query<AdminProductQuery>,
) -> Result<Json<AdminProductPageAnswer>, AppError> {
    let limit = query.limit()?;
    let filter = query.filter()?;
    let after = query.after.unwrap_or_default();
    let catalog = state.catalog.current();
    let mut total = 0;
    let mut page = Vec::new();
    let mut more = false;
    for (product, _) in catalog.listed().filter(|(p, d)| filter.matches(p, *d)) {
        total += 1;
        if product.code.as_str() <= after.as_str() && !after.is_empty() {
            continue;
        }
        if page.len() < limit {
            page.push(product);
        } else {
            more = true;
        }
    }
    let products = catalog.described_all(&state.store, page)?;
    let next = more
        .then(|| products.last().map(|p: &Product| p.code.clone()))
        .flatten();
    Ok(Json(AdminProductPageAnswer {
        status: SuccessStatus::Success,
        products,
        next,
        total,
    }))
}

/// The filtered products as CSV in the columns `kiosk catalog import` reads (UTF-8 with a
/// byte-order mark, so spreadsheet programs open Thai text right).
#[utoipa::path(
    get,
    path = "/api/admin/products.csv",
    tag = "admin",
    security(("bearer" = [])),
    params(AdminProductQuery),
    responses(
        (status = 200, description = "text/csv; one row per product", content_type = "text/csv", body = String),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn export_products_csv(
    State(state): State<AppState>,
    _staff: Can<need::CatalogWrite>,
    Query(query): Query<AdminProductQuery>,
) -> Result<Response, AppError> {
    // The list's query, checked alike (an export link may carry the list's page size); the
    // export itself has every matching product.
    query.limit()?;
    let filter = query.filter()?;
    let catalog = state.catalog.current();
    // Every matching product's descriptions are read from the database: off the async threads.
    let store = state.store.clone();
    let csv = crate::http::blocking("writing the products CSV", move || {
        let products = catalog.described_all(
            &store,
            catalog
                .listed()
                .filter(|(p, d)| filter.matches(p, *d))
                .map(|(p, _)| p),
        )?;
        import::to_csv(&products).map_err(|err| AppError::internal("writing the products CSV", err))
    })
    .await?;
    let mut response = format!("\u{feff}{csv}").into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"products.csv\""),
    );
    Ok(response)
}

/// One product with its live stock level, version and stock ledger.
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
    let (product, ledger) = blocking(move || {
        let product = edit::find(&db, &code)?.ok_or_else(|| EditError::NotFound(code.clone()))?;
        Ok((product, edit::ledger(&db, &code, 100)?))
    })
    .await?;
    Ok(Json(AdminProductAnswer {
        status: SuccessStatus::Success,
        product,
        ledger,
    }))
}

/// Adds a product (its `stock` is the opening level); live on the storefront at once.
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
    let (name, channel) = actor_of(&staff, &headers);
    let db = state.store.clone();
    let product = blocking(move || {
        let product = product_from(body)?;
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        let product = edit::create(&db, actor, product)?;
        reload(&state, &db)?;
        Ok(product)
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(ProductSavedAnswer {
            status: SuccessStatus::Success,
            product,
        }),
    ))
}

/// Saves a product's fields. The body carries the `version` the editor started from; if the
/// product was saved since, 409 `version_conflict` answers the stored product. Stock is not
/// changed here (see `/stock`); the code cannot change (duplicate instead).
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
    let (name, channel) = actor_of(&staff, &headers);
    let db = state.store.clone();
    let product = blocking(move || {
        if body.get("version").and_then(Value::as_u64).is_none() {
            return Err(EditError::Invalid(vec![FieldProblem {
                code: None,
                field: "version".into(),
                message: "the version the edit started from is required".into(),
            }]));
        }
        let edited = product_from(body)?;
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        let product = edit::update(&db, actor, &code, edited)?;
        reload(&state, &db)?;
        Ok(product)
    })
    .await?;
    Ok(Json(ProductSavedAnswer {
        status: SuccessStatus::Success,
        product,
    }))
}

/// A copy under a new code: hidden, no stock, version 1.
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
    let (name, channel) = actor_of(&staff, &headers);
    let db = state.store.clone();
    let product = blocking(move || {
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        let product = edit::duplicate(&db, actor, &code, &body.code)?;
        reload(&state, &db)?;
        Ok(product)
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(ProductSavedAnswer {
            status: SuccessStatus::Success,
            product,
        }),
    ))
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
    let (name, channel) = actor_of(&staff, &headers);
    let db = state.store.clone();
    let product = blocking(move || {
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        let product = edit::set_active(&db, actor, &code, body.active)?;
        reload(&state, &db)?;
        Ok(product)
    })
    .await?;
    Ok(Json(ProductSavedAnswer {
        status: SuccessStatus::Success,
        product,
    }))
}

/// Moves a product's stock by `delta` with a reason (the stock ledger); never below zero.
#[utoipa::path(
    post,
    path = "/api/admin/products/{code}/stock",
    tag = "admin",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "product code")),
    request_body = StockBody,
    responses(
        (status = 200, description = "The new level and its ledger entry", body = StockAnswer),
        (status = 400, description = "`invalid_product` (no reason, delta 0), `stock_below_zero`", body = ProductProblemsAnswer),
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
    let (name, channel) = actor_of(&staff, &headers);
    let db = state.store.clone();
    let (code, entry) = blocking(move || {
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        let entry = edit::adjust_stock(&db, actor, &code, body.delta, &body.reason)?;
        state
            .catalog
            .refresh_stock(&db, std::slice::from_ref(&code))?;
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
/// selection; all of it is saved, or nothing if any product has a problem (each reported with
/// its code).
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
    let (name, channel) = actor_of(&staff, &headers);
    let db = state.store.clone();
    let products = blocking(move || {
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        let products = edit::bulk(&db, actor, &body)?;
        reload(&state, &db)?;
        Ok(products)
    })
    .await?;
    Ok(Json(BulkEditAnswer {
        status: SuccessStatus::Success,
        products,
    }))
}

/// A CSV file as `kiosk catalog import` reads it: without `apply`, a preview of every problem
/// (by line) and of what each row would change, nothing written; with `apply: true`, all of it
/// is written, or nothing (400 `invalid_import` with the preview) if any row has a problem.
#[utoipa::path(
    post,
    path = "/api/admin/catalog/import",
    tag = "admin",
    security(("bearer" = [])),
    request_body = ImportBody,
    responses(
        (status = 200, description = "The preview, and whether it was applied", body = ImportAnswer),
        (status = 400, description = "`invalid_import`: problems, nothing written", body = ImportProblemsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn import_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<ImportBody>,
) -> Response {
    let (name, channel) = actor_of(&staff, &headers);
    let db = state.store.clone();
    let apply = body.apply.unwrap_or(false);
    let work = tokio::task::spawn_blocking(move || -> Result<ImportPreview, ImportError> {
        if !apply {
            return Ok(import::preview_text(&db, &body.csv, true)?);
        }
        let rows = import::parse(&body.csv, true).map_err(|problems| {
            ImportError::Problems(Box::new(ImportPreview {
                problems,
                ..ImportPreview::default()
            }))
        })?;
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        let preview = import::apply(&db, actor, &rows)?;
        state.catalog.reload(&db)?;
        Ok(preview)
    })
    .await;
    match work {
        Ok(Ok(preview)) => Json(ImportAnswer {
            status: SuccessStatus::Success,
            applied: apply,
            preview,
        })
        .into_response(),
        Ok(Err(ImportError::Problems(preview))) => (
            StatusCode::BAD_REQUEST,
            Json(ImportProblemsAnswer {
                status: ErrorStatus::Error,
                error: detail(
                    "invalid_import",
                    format!(
                        "{} problem(s) in the file, nothing was imported",
                        preview.problems.len()
                    ),
                ),
                preview: *preview,
            }),
        )
            .into_response(),
        Ok(Err(ImportError::Store(err))) => {
            AppError::internal("catalogue import", err).into_response()
        }
        Err(err) => AppError::internal("catalogue import task", err).into_response(),
    }
}
