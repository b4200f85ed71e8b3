//! The staff product list (`/api/admin/products`) and its CSV export
//! (`/api/admin/products.csv`): every product, inactive ones included, filtered the same way in
//! both, by code in keyset pages (docs/STAFF.md, docs/EXPORTS.md).

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::permissions::need;
use crate::catalog::edit::ListFilter;
use crate::catalog::import;
use crate::catalog::model::Product;
use crate::catalog::staff_pages;
use crate::handlers::auth::Can;
use crate::handlers::staff::csv_download;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::query_string::Query;
use crate::http::{AppError, blocking};
use crate::state::AppState;

/// The staff product list's filters (all optional).
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema, TS)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminProductQuery {
    /// Part of the code, a variant's included (a leading `#` is ignored), or of a name in any
    /// language.
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
    /// `true`: only products with 3 units or fewer (a product with options: when any shown
    /// variant has).
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
    /// By code, with live stock levels (each variant's) and versions.
    pub products: Vec<Product>,
    /// Pass as `after` for the next page; `null` on the last page.
    pub next: Option<String>,
    /// Every match, not only this page's.
    #[ts(type = "number")]
    pub total: usize,
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
    // The low-stock filter looks at each variant's live level.
    let levels = if filter.low_stock {
        let store = state.store.clone();
        blocking("reading stock levels", move || {
            Ok::<_, AppError>(store.read(crate::catalog::stock::levels)?)
        })
        .await?
    } else {
        Default::default()
    };
    let page = staff_pages::page(&catalog, &filter, &after, limit, |code| {
        levels.get(code).copied()
    });
    let mut products = catalog.described_all(&state.store, page.products)?;
    staff_pages::live_levels(&state.store, &mut products)?;
    let next = page
        .more
        .then(|| products.last().map(|p: &Product| p.code.clone()))
        .flatten();
    Ok(Json(AdminProductPageAnswer {
        status: SuccessStatus::Success,
        products,
        next,
        total: page.total,
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
    let csv = blocking("writing the products CSV", move || {
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
    Ok(csv_download(&csv, "products.csv"))
}
