//! Thin handlers for rooms, categories, products and search.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::value::RawValue;

use super::cache::CatalogSnapshot;
use super::model::Product;
use super::query::{ProductQuery, parse_page};
use crate::app::AppState;
use crate::http::AppError;

#[derive(Serialize)]
struct Rooms<'a> {
    status: &'static str,
    rooms: &'a RawValue,
}

#[derive(Serialize)]
struct Categories<'a> {
    status: &'static str,
    categories: &'a RawValue,
}

#[derive(Serialize)]
struct ProductPage<'a> {
    status: &'static str,
    products: Vec<&'a Product>,
    total: usize,
    page: usize,
    limit: usize,
}

#[derive(Serialize)]
struct OneProduct<'a> {
    status: &'static str,
    product: &'a Product,
}

#[derive(Serialize)]
struct ProductList<'a> {
    status: &'static str,
    products: Vec<&'a Product>,
    total: usize,
}

/// `GET /api/app/room/list`
pub async fn list_rooms(State(state): State<AppState>) -> Response {
    let catalog = state.catalog.current();
    axum::Json(Rooms {
        status: "success",
        rooms: &catalog.rooms_json,
    })
    .into_response()
}

/// `GET /api/app/category/tree`
pub async fn get_category_tree(State(state): State<AppState>) -> Response {
    let catalog = state.catalog.current();
    axum::Json(Categories {
        status: "success",
        categories: &catalog.tree_json,
    })
    .into_response()
}

fn page_of<'a>(items: Vec<&'a Product>, page: usize, limit: usize) -> ProductPage<'a> {
    let total = items.len();
    let products = items
        .into_iter()
        .skip((page - 1) * limit)
        .take(limit)
        .collect();
    ProductPage {
        status: "success",
        products,
        total,
        page,
        limit,
    }
}

/// `GET /api/app/product/list?room&category&minPrice&maxPrice&material&colour&sort&page&limit`
///
/// The hottest read of the shop: answers are serialised once per catalogue snapshot and
/// canonical query, then served from memory.
pub async fn list_products(
    State(state): State<AppState>,
    Query(params): Query<HashMap<String, String>>,
) -> Result<Response, AppError> {
    let query = ProductQuery::parse(&params)?;
    let catalog = state.catalog.current();
    let key = format!("{query:?}");
    let body = match catalog.cached_response(&key) {
        Some(body) => body,
        None => {
            let mut matching: Vec<&Product> = catalog
                .products
                .iter()
                .map(|p| &**p)
                .filter(|p| query.matches(p))
                .collect();
            query.sort(&mut matching);
            let body = Bytes::from(
                serde_json::to_vec(&page_of(matching, query.page, query.limit))
                    .map_err(|e| AppError::internal("serialising products", e))?,
            );
            catalog.remember_response(key, body.clone());
            body
        }
    };
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response())
}

/// The product with `code`, or the API's 404.
fn find<'a>(catalog: &'a CatalogSnapshot, code: &str) -> Result<&'a Product, AppError> {
    catalog
        .product(code)
        .ok_or_else(|| AppError::NotFound(format!("no product with code {code:?}")))
}

/// `GET /api/app/product/get/{code}`
pub async fn get_product(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> Result<Response, AppError> {
    let catalog = state.catalog.current();
    let product = find(&catalog, &code)?;
    Ok(axum::Json(OneProduct {
        status: "success",
        product,
    })
    .into_response())
}

/// `GET /api/app/product/related/{code}`
pub async fn related_products(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> Result<Response, AppError> {
    let catalog = state.catalog.current();
    let product = find(&catalog, &code)?;
    let products = catalog.related(product, 8);
    Ok(axum::Json(ProductList {
        status: "success",
        total: products.len(),
        products,
    })
    .into_response())
}

fn keyword(params: &HashMap<String, String>) -> Result<String, AppError> {
    let keyword = params
        .get("keyword")
        .map(|k| k.trim().to_string())
        .unwrap_or_default();
    if keyword.chars().count() > 100 {
        return Err(AppError::bad_request(
            "invalid_parameter",
            "keyword: must have at most 100 characters",
        ));
    }
    Ok(keyword)
}

/// `GET /api/app/search?keyword&page&limit`: words in any shop language, best first.
pub async fn search(
    State(state): State<AppState>,
    Query(params): Query<HashMap<String, String>>,
) -> Result<Response, AppError> {
    let keyword = keyword(&params)?;
    let (page, limit) = parse_page(&params)?;
    let catalog = state.catalog.current();
    // The index only ranks as far as the requested page; `total` counts every match.
    let hits = catalog.index.search(&keyword, page * limit);
    let products = hits
        .docs
        .into_iter()
        .skip((page - 1) * limit)
        .map(|doc| catalog.product_at(doc))
        .collect();
    Ok(axum::Json(ProductPage {
        status: "success",
        products,
        total: hits.total,
        page,
        limit,
    })
    .into_response())
}

/// `GET /api/app/search/code?keyword`: products whose code starts with the keyword.
pub async fn search_code(
    State(state): State<AppState>,
    Query(params): Query<HashMap<String, String>>,
) -> Result<Response, AppError> {
    let keyword = keyword(&params)?;
    let catalog = state.catalog.current();
    let products: Vec<&Product> = catalog
        .index
        .search_code(&keyword)
        .into_iter()
        .take(200)
        .map(|doc| catalog.product_at(doc))
        .collect();
    Ok(axum::Json(ProductList {
        status: "success",
        total: products.len(),
        products,
    })
    .into_response())
}
