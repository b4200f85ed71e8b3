//! The catalogue's lists: the rooms, the category tree and the product list with its filters,
//! sorts and facets — the hottest reads of the shop, answered from the catalogue snapshot's
//! remembered answers (docs/API.md). The list's filter parameters are declared once here and
//! shared with the search (`with_listing_filters`).

use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use super::cards::{Facets, ProductPageAnswer, cards};
use super::{CATALOG_CACHE_CONTROL, cached_json, locale};
use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::listed::Entry;
use crate::catalog::model::{CategoryNode, Room};
use crate::catalog::query::ProductQuery;
use crate::http::AppError;
use crate::http::encoded::{Encoded, Wanted};
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::i18n::Locale;
use crate::state::AppState;

// Rooms and the category tree are serialised once per catalogue snapshot (`RawValue`); the
// attributes say what that JSON holds.

/// `{status, rooms}`
#[derive(Serialize, ToSchema, TS)]
pub struct RoomsAnswer<'a> {
    pub status: SuccessStatus,
    #[schema(value_type = Vec<Room>)]
    #[ts(as = "Vec<Room>")]
    pub rooms: &'a RawValue,
}

/// `{status, categories}`
#[derive(Serialize, ToSchema, TS)]
pub struct CategoriesAnswer<'a> {
    pub status: SuccessStatus,
    /// The top categories, each with its children.
    #[schema(value_type = Vec<CategoryNode>)]
    #[ts(as = "Vec<CategoryNode>")]
    pub categories: &'a RawValue,
}

/// The rooms products are shown by.
#[utoipa::path(
    get,
    path = "/api/app/room/list",
    tag = "catalog",
    responses((status = 200, description = "Every room, in order", body = RoomsAnswer)),
)]
pub async fn list_rooms(
    State(state): State<AppState>,
    wanted: Wanted,
) -> Result<Response, AppError> {
    let catalog = state.catalog.current();
    cached_json(&catalog, "rooms", &wanted, || {
        Ok(RoomsAnswer {
            status: SuccessStatus::Success,
            rooms: &catalog.rooms_json,
        })
    })
}

/// The category tree.
#[utoipa::path(
    get,
    path = "/api/app/category/tree",
    tag = "catalog",
    responses((status = 200, description = "Categories with their children, in order", body = CategoriesAnswer)),
)]
pub async fn get_category_tree(
    State(state): State<AppState>,
    wanted: Wanted,
) -> Result<Response, AppError> {
    let catalog = state.catalog.current();
    cached_json(&catalog, "tree", &wanted, || {
        Ok(CategoriesAnswer {
            status: SuccessStatus::Success,
            categories: &catalog.tree_json,
        })
    })
}

/// One page of `items`, which hold at least everything up to the page's end in order;
/// `total` counts every match.
fn page_of(
    catalog: &CatalogSnapshot,
    items: Vec<Entry>,
    total: usize,
    page: usize,
    limit: usize,
    facets: Facets,
    locale: Locale,
) -> Result<ProductPageAnswer, AppError> {
    let products = cards(
        catalog,
        items
            .into_iter()
            .skip((page - 1) * limit)
            .take(limit)
            .map(|entry| (entry, None)),
        locale,
    )?;
    Ok(ProductPageAnswer {
        status: SuccessStatus::Success,
        products,
        total,
        page,
        limit,
        facets,
        corrected_keyword: None,
        unmatched_words: None,
    })
}

/// Declares a query-parameter struct holding the product list's filters (room, category,
/// prices, materials, colours, sizes, sort, page, limit) between the fields written before and after
/// them, with `take_filters`, which hands the filters given to [`ProductQuery::parse`]. The
/// list and the search share them through this one declaration. A macro rather than a
/// flattened struct: each parameter keeps its place and its doc in the OpenAPI document and in
/// the UI's generated types, which a flattened struct would reorder (docs/API.md).
macro_rules! with_listing_filters {
    (
        $(#[$($meta:tt)*])*
        pub struct $name:ident {
            $($before:tt)*
        }
        sort: $sort_doc:tt, $sort_pattern:tt;
        then {
            $($after:tt)*
        }
    ) => {
        $(#[$($meta)*])*
        pub struct $name {
            $($before)*
            /// Room key.
            #[ts(optional)]
            room: Option<String>,
            /// Category key (parents include their children's products).
            #[ts(optional)]
            category: Option<String>,
            /// Satang.
            #[param(value_type = Option<i64>, minimum = 0)]
            #[ts(optional, as = "Option<i64>")]
            min_price: Option<String>,
            /// Satang.
            #[param(value_type = Option<i64>, minimum = 0)]
            #[ts(optional, as = "Option<i64>")]
            max_price: Option<String>,
            /// Comma-separated material keys.
            #[ts(optional)]
            material: Option<String>,
            /// Comma-separated colour keys.
            #[ts(optional)]
            colour: Option<String>,
            /// Comma-separated size keys (the keys of size option values, as `facets.sizes`
            /// names them).
            #[ts(optional)]
            size: Option<String>,
            #[doc = $sort_doc]
            #[param(pattern = $sort_pattern)]
            #[ts(optional)]
            sort: Option<String>,
            /// From 1 to 10 000.
            #[param(value_type = Option<u32>, minimum = 1, maximum = 10_000)]
            #[ts(optional, as = "Option<u32>")]
            page: Option<String>,
            /// 1–100, default 24.
            #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
            #[ts(optional, as = "Option<u32>")]
            limit: Option<String>,
            $($after)*
        }

        impl $name {
            /// The filters given, by the names [`ProductQuery::parse`] reads (each taken).
            fn take_filters(&mut self) -> std::collections::HashMap<String, String> {
                [
                    ("room", self.room.take()),
                    ("category", self.category.take()),
                    ("minPrice", self.min_price.take()),
                    ("maxPrice", self.max_price.take()),
                    ("material", self.material.take()),
                    ("colour", self.colour.take()),
                    ("size", self.size.take()),
                    ("sort", self.sort.take()),
                    ("page", self.page.take()),
                    ("limit", self.limit.take()),
                ]
                .into_iter()
                .filter_map(|(name, value)| Some((name.to_string(), value?)))
                .collect()
            }
        }
    };
}
pub(super) use with_listing_filters;

with_listing_filters! {
    /// The filters of the product list. Values arrive as text and are checked by
    /// [`ProductQuery::parse`], whose errors name the parameter; a parameter that is not a filter
    /// is refused too.
    #[derive(Debug, Default, Deserialize, IntoParams, TS)]
    #[serde(rename_all = "camelCase")]
    #[into_params(parameter_in = Query)]
    pub struct ProductListParams {}
    sort: " `popular` (default), `newest`, `price_asc` or `price_desc`.",
        "^(popular|newest|price_asc|price_desc)?$";
    then {
        /// The language of the names: `en` (default), `th`, `my`, `km` or `id`.
        #[param(value_type = Option<crate::i18n::Locale>)]
        #[ts(optional)]
        lang: Option<String>,
        /// Anything else: refused, naming the parameter.
        #[serde(flatten)]
        #[param(ignore)]
        #[ts(skip)]
        other: HashMap<String, String>,
    }
}

impl ProductListParams {
    /// The parameters by name, as [`ProductQuery::parse`] reads them.
    fn into_map(mut self) -> HashMap<String, String> {
        let mut params = self.take_filters();
        params.extend(self.other);
        params
    }
}

/// Active products, filtered, sorted and paged.
///
/// The hottest read of the shop: answers are serialised once per catalogue snapshot and
/// canonical query, then served from memory.
#[utoipa::path(
    get,
    path = "/api/app/product/list",
    tag = "catalog",
    params(ProductListParams),
    responses(
        (status = 200, description = "One page of products", body = ProductPageAnswer),
        (status = 400, description = "`invalid_parameter`; the message starts with the parameter's name", body = ErrorAnswer),
    ),
)]
pub async fn list_products(
    State(state): State<AppState>,
    uri: Uri,
    wanted: Wanted,
) -> Result<Response, AppError> {
    let catalog = state.catalog.current();
    let key = list_key(&uri);
    if let Some(found) = catalog.cached::<Encoded>(&key) {
        return Ok(found.respond_to(&wanted, StatusCode::OK, CATALOG_CACHE_CONTROL));
    }
    let mut params = match Query::<ProductListParams>::try_from_uri(&uri) {
        Ok(Query(params)) => params,
        Err(rejection) => return Ok(rejection.into_response()),
    };
    let locale = locale(params.lang.take().as_deref())?;
    let query = ProductQuery::parse(&params.into_map())?;
    cached_json(&catalog, &key, &wanted, || {
        let mut hits = catalog.index.all_active();
        let facets = catalog.index.refine(&mut hits, &query.filter());
        let mut matching: Vec<Entry> = hits.iter().map(|h| catalog.entry_at(h.doc)).collect();
        let total = matching.len();
        query.sort_first(&mut matching, query.page.saturating_mul(query.limit));
        page_of(
            &catalog,
            matching,
            total,
            query.page,
            query.limit,
            Facets::of(facets, &catalog),
            locale,
        )
    })
}

/// Keyed by the query as sent: a remembered answer needs no parsing (its query was valid when
/// it was made). The same filters written in another order are another entry.
fn list_key(uri: &Uri) -> String {
    format!("list {}", uri.query().unwrap_or(""))
}

/// The list answer remembered for this exact query in the current catalogue, if any: what the
/// front door (`crate::site::front_door`) answers without routing.
pub fn remembered_list(state: &AppState, uri: &Uri, wanted: &Wanted) -> Option<Response> {
    let found = state.catalog.current().cached::<Encoded>(&list_key(uri))?;
    Some(found.respond_to(wanted, StatusCode::OK, CATALOG_CACHE_CONTROL))
}
