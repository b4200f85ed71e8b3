//! One product's answers: the product page's product (with its rating) and the products
//! related to it.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use super::cards::{ProductListAnswer, summaries};
use super::{CATALOG_CACHE_CONTROL, cached_json, locale};
use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::model::Product;
use crate::http::AppError;
use crate::http::encoded::{Effort, Wanted, json_bytes};
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::orders::ratings::Rating;
use crate::state::AppState;

/// The language of a list's names.
#[derive(Debug, Default, Deserialize, IntoParams, TS)]
#[into_params(parameter_in = Query)]
pub struct LangParams {
    /// `en` (default), `th`, `my`, `km` or `id`.
    #[param(value_type = Option<crate::i18n::Locale>)]
    #[ts(optional)]
    pub(super) lang: Option<String>,
}

/// `{status, product}`
#[derive(Serialize, ToSchema, TS)]
pub struct ProductAnswer<'a> {
    pub status: SuccessStatus,
    pub product: RatedProduct<'a>,
}

/// A product with what shoppers thought of it.
#[derive(Serialize, ToSchema, TS)]
pub struct RatedProduct<'a> {
    #[serde(flatten)]
    #[ts(flatten)]
    pub product: &'a Product,
    /// The reviews of delivered orders holding it; absent when there are none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rating: Option<Rating>,
}

/// The product with `code`, or the API's 404.
fn find<'a>(catalog: &'a CatalogSnapshot, code: &str) -> Result<&'a Product, AppError> {
    catalog
        .product(code)
        .ok_or_else(|| AppError::NotFound(format!("no product with code {code:?}")))
}

/// One product by code (discontinued ones too, with `active: false`), with its options and
/// variants (each variant's `stock` its live level) and its rating when delivered orders
/// holding it were reviewed.
#[utoipa::path(
    get,
    path = "/api/app/product/get/{code}",
    tag = "catalog",
    params(("code" = String, Path, description = "product code")),
    responses(
        (status = 200, description = "The product", body = ProductAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn get_product(
    State(state): State<AppState>,
    Path(code): Path<String>,
    wanted: Wanted,
) -> Result<Response, AppError> {
    let catalog = state.catalog.current();
    find(&catalog, &code)?;
    // A new review adds to the count, so the remembered answer of the old count is never used
    // again (it goes when the snapshot's cache starts over). Shoppers get versioned image URLs;
    // the copy is made once per answer remembered. The snapshot holds no descriptions: the
    // whole product is read once per answer remembered.
    let rating = state.ratings.get(&code);
    let key = format!("get {code} {}", rating.map_or(0, |r| r.count));
    let encoded = super::remember(&catalog, &key, Effort::Thorough, || {
        let product = catalog
            .described(&state.store, &code)?
            .ok_or_else(|| AppError::NotFound(format!("no product with code {code:?}")))?;
        let mut shown = crate::catalog::image_urls::for_shoppers(&product);
        // A variant's photos are some of the product's, named the same way.
        for variant in &mut shown.variants {
            for image in &mut variant.images {
                *image = crate::catalog::image_urls::versioned_url(image).into_owned();
            }
        }
        json_bytes(&ProductAnswer {
            status: SuccessStatus::Success,
            product: RatedProduct {
                product: &shown,
                rating,
            },
        })
        .map_err(|e| AppError::internal("serialising an answer", e))
    })?;
    Ok(encoded.respond_to(&wanted, StatusCode::OK, CATALOG_CACHE_CONTROL))
}

/// Up to 8 active products from the same category, then the same rooms.
#[utoipa::path(
    get,
    path = "/api/app/product/related/{code}",
    tag = "catalog",
    params(("code" = String, Path, description = "product code"), LangParams),
    responses(
        (status = 200, description = "Related products", body = ProductListAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn related_products(
    State(state): State<AppState>,
    Path(code): Path<String>,
    Query(params): Query<LangParams>,
    wanted: Wanted,
) -> Result<Response, AppError> {
    let locale = locale(params.lang.as_deref())?;
    let catalog = state.catalog.current();
    let product = find(&catalog, &code)?;
    cached_json(
        &catalog,
        &format!("related {locale:?} {code}"),
        &wanted,
        || {
            let products = catalog.related(product, 8);
            Ok(ProductListAnswer {
                status: SuccessStatus::Success,
                total: products.len(),
                products: summaries(products.into_iter().map(|p| (p, None)), locale),
            })
        },
    )
}
