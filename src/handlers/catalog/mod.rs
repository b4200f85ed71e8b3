//! The public catalogue's handlers (`/api/app/…`), one file per role: `list` (rooms, the
//! category tree, the product list and its filters), `product` (one product, related
//! products), `keywords` (keyword and code search) and `cards` (the answers lists share).
//! Thin: the snapshot (`catalog::cache`) holds the data and remembers serialised answers; these
//! parse, ask it and answer (docs/API.md). The handlers are re-exported here so the route
//! table and the OpenAPI document name the area, not its files.

mod cards;
mod keywords;
mod list;
mod product;

pub use cards::*;
pub use keywords::*;
pub use list::*;
pub use product::*;

use std::sync::Arc;

use axum::body::Bytes;
use axum::http::{HeaderValue, StatusCode};
use axum::response::Response;
use serde::Serialize;

use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::remembered::Answer;
use crate::http::AppError;
use crate::http::encoded::{Effort, Encoded, Wanted, json_bytes};
use crate::i18n::Locale;
use crate::state::AppState;

/// `lang`: the language of the names in a list (default English); anything else is refused.
fn locale(lang: Option<&str>) -> Result<Locale, AppError> {
    match lang.map(str::trim).filter(|l| !l.is_empty()) {
        None => Ok(Locale::DEFAULT),
        Some(code) => Locale::parse(code).ok_or_else(|| {
            AppError::bad_request(
                "invalid_parameter",
                format!("lang: {code:?} must be one of en, th, my, km, id"),
            )
        }),
    }
}

/// Catalogue answers are the same for everyone until the catalogue changes: the browser keeps
/// them and asks again with `If-None-Match` (answered 304).
const CATALOG_CACHE_CONTROL: HeaderValue = HeaderValue::from_static("no-cache");

/// The public catalogue routes a page asks first; `crate::app::app` serves them and the server's
/// first paint (`crate::site::first_paint`) answers through them.
pub fn first_answers() -> axum::Router<AppState> {
    use axum::routing::get;
    axum::Router::new()
        .route("/api/app/room/list", get(list_rooms))
        .route("/api/app/category/tree", get(get_category_tree))
        .route("/api/app/product/list", get(list_products))
        .route("/api/app/product/get/{code}", get(get_product))
        .route("/api/app/product/related/{code}", get(related_products))
        .route("/api/app/search", get(search))
}

/// The snapshot's remembered answer for `key`, serialising `answer` only when there is none.
fn cached_json<T: Serialize>(
    catalog: &CatalogSnapshot,
    key: &str,
    wanted: &Wanted,
    answer: impl FnOnce() -> Result<T, AppError>,
) -> Result<Response, AppError> {
    cached_json_with(catalog, key, Effort::Thorough, wanted, answer)
}

/// The catalogue snapshot remembers whole answers as the kit's compressed answers: their size
/// is their uncompressed bytes (compressed forms add about a third).
impl Answer for Encoded {
    fn bytes(&self) -> usize {
        self.raw().len()
    }
}

/// The JSON answer remembered for `key` in this snapshot, or the one `make` serialises now,
/// compressed with `effort` on first use and remembered for the next request.
fn remember<E>(
    catalog: &CatalogSnapshot,
    key: &str,
    effort: Effort,
    make: impl FnOnce() -> Result<Bytes, E>,
) -> Result<Arc<Encoded>, E> {
    catalog.answer(key, || {
        Ok(Encoded::new(make()?, HeaderValue::from_static("application/json")).with_effort(effort))
    })
}

/// `effort`: how hard to compress the answer (see [`Effort`]).
fn cached_json_with<T: Serialize>(
    catalog: &CatalogSnapshot,
    key: &str,
    effort: Effort,
    wanted: &Wanted,
    answer: impl FnOnce() -> Result<T, AppError>,
) -> Result<Response, AppError> {
    let encoded = remember(catalog, key, effort, || {
        json_bytes(&answer()?).map_err(|e| AppError::internal("serialising an answer", e))
    })?;
    Ok(encoded.respond_to(wanted, StatusCode::OK, CATALOG_CACHE_CONTROL))
}
