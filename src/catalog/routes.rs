//! Thin handlers for rooms, categories, products and search.

use std::collections::{BTreeMap, HashMap};

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use super::cache::CatalogSnapshot;
use super::model::{CategoryNode, Product, Room};
use super::query::{ProductQuery, QueryError};
use crate::app::AppState;
use crate::domain::Satang;
use crate::http::AppError;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::search::facets::FacetCounts;

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

/// `{status, products, total, page, limit, facets, correctedKeyword?}`: one page of the
/// matching products.
#[derive(Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductPageAnswer<'a> {
    pub status: SuccessStatus,
    pub products: Vec<&'a Product>,
    /// Every match, not only this page's.
    #[ts(type = "number")]
    pub total: usize,
    /// From 1.
    #[ts(type = "number")]
    pub page: usize,
    #[ts(type = "number")]
    pub limit: usize,
    /// What each filter choice would give, with the other filters kept.
    pub facets: Facets,
    /// Search only: what was searched instead of the keyword typed (another keyboard layout,
    /// or the nearest known spelling), for a "showing results for …" note.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub corrected_keyword: Option<String>,
}

/// Matches per room, category, material and colour key (keys without matches left out), and
/// the price range of the matches.
#[derive(Debug, Clone, Default, Serialize, ToSchema, TS)]
pub struct Facets {
    pub rooms: BTreeMap<String, u32>,
    pub categories: BTreeMap<String, u32>,
    pub materials: BTreeMap<String, u32>,
    pub colours: BTreeMap<String, u32>,
    pub price: PriceRange,
}

/// Lowest and highest price in satang (both 0 when nothing matches).
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema, TS)]
pub struct PriceRange {
    pub min: Satang,
    pub max: Satang,
}

impl From<FacetCounts> for Facets {
    fn from(counts: FacetCounts) -> Self {
        let (min, max) = counts.price.unwrap_or((0, 0));
        Facets {
            rooms: counts.rooms,
            categories: counts.categories,
            materials: counts.materials,
            colours: counts.colours,
            price: PriceRange {
                min: Satang(min),
                max: Satang(max),
            },
        }
    }
}

/// `{status, product}`
#[derive(Serialize, ToSchema, TS)]
pub struct ProductAnswer<'a> {
    pub status: SuccessStatus,
    pub product: &'a Product,
}

/// `{status, products, total}`
#[derive(Serialize, ToSchema, TS)]
pub struct ProductListAnswer<'a> {
    pub status: SuccessStatus,
    pub products: Vec<&'a Product>,
    #[ts(type = "number")]
    pub total: usize,
}

/// The rooms products are shown by.
#[utoipa::path(
    get,
    path = "/api/app/room/list",
    tag = "catalog",
    responses((status = 200, description = "Every room, in order", body = RoomsAnswer)),
)]
pub async fn list_rooms(State(state): State<AppState>) -> Response {
    let catalog = state.catalog.current();
    Json(RoomsAnswer {
        status: SuccessStatus::Success,
        rooms: &catalog.rooms_json,
    })
    .into_response()
}

/// The category tree.
#[utoipa::path(
    get,
    path = "/api/app/category/tree",
    tag = "catalog",
    responses((status = 200, description = "Categories with their children, in order", body = CategoriesAnswer)),
)]
pub async fn get_category_tree(State(state): State<AppState>) -> Response {
    let catalog = state.catalog.current();
    Json(CategoriesAnswer {
        status: SuccessStatus::Success,
        categories: &catalog.tree_json,
    })
    .into_response()
}

fn page_of<'a>(
    items: Vec<&'a Product>,
    page: usize,
    limit: usize,
    facets: Facets,
) -> ProductPageAnswer<'a> {
    let total = items.len();
    let products = items
        .into_iter()
        .skip((page - 1) * limit)
        .take(limit)
        .collect();
    ProductPageAnswer {
        status: SuccessStatus::Success,
        products,
        total,
        page,
        limit,
        facets,
        corrected_keyword: None,
    }
}

/// The filters of the product list. Values arrive as text and are checked by
/// [`ProductQuery::parse`], whose errors name the parameter; a parameter that is not a filter
/// is refused too.
#[derive(Debug, Default, Deserialize, IntoParams, TS)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductListParams {
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
    /// `popular` (default), `newest`, `price_asc` or `price_desc`.
    #[ts(optional)]
    sort: Option<String>,
    /// From 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    #[ts(optional, as = "Option<u32>")]
    page: Option<String>,
    /// 1–100, default 24.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    #[ts(optional, as = "Option<u32>")]
    limit: Option<String>,
    /// Anything else: refused, naming the parameter.
    #[serde(flatten)]
    #[param(ignore)]
    #[ts(skip)]
    other: HashMap<String, String>,
}

impl ProductListParams {
    /// The parameters by name, as [`ProductQuery::parse`] reads them.
    fn into_map(self) -> HashMap<String, String> {
        let named = [
            ("room", self.room),
            ("category", self.category),
            ("minPrice", self.min_price),
            ("maxPrice", self.max_price),
            ("material", self.material),
            ("colour", self.colour),
            ("sort", self.sort),
            ("page", self.page),
            ("limit", self.limit),
        ];
        let mut params = self.other;
        params.extend(
            named
                .into_iter()
                .filter_map(|(name, value)| Some((name.to_string(), value?))),
        );
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
    Query(params): Query<ProductListParams>,
) -> Result<Response, AppError> {
    let query = ProductQuery::parse(&params.into_map())?;
    let catalog = state.catalog.current();
    let key = format!("{query:?}");
    let body = match catalog.cached_response(&key) {
        Some(body) => body,
        None => {
            let mut hits = catalog.index.all_active();
            let facets = catalog.index.refine(&mut hits, &query.filter());
            let mut matching: Vec<&Product> =
                hits.iter().map(|h| catalog.product_at(h.doc)).collect();
            query.sort(&mut matching);
            let body = Bytes::from(
                serde_json::to_vec(&page_of(matching, query.page, query.limit, facets.into()))
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

/// One product by code (discontinued ones too, with `active: false`).
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
) -> Result<Response, AppError> {
    let catalog = state.catalog.current();
    let product = find(&catalog, &code)?;
    Ok(Json(ProductAnswer {
        status: SuccessStatus::Success,
        product,
    })
    .into_response())
}

/// Up to 8 active products from the same category, then the same rooms.
#[utoipa::path(
    get,
    path = "/api/app/product/related/{code}",
    tag = "catalog",
    params(("code" = String, Path, description = "product code")),
    responses(
        (status = 200, description = "Related products", body = ProductListAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn related_products(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> Result<Response, AppError> {
    let catalog = state.catalog.current();
    let product = find(&catalog, &code)?;
    let products = catalog.related(product, 8);
    Ok(Json(ProductListAnswer {
        status: SuccessStatus::Success,
        total: products.len(),
        products,
    })
    .into_response())
}

fn keyword(keyword: Option<&str>) -> Result<String, AppError> {
    let keyword = keyword.unwrap_or_default().trim().to_string();
    if keyword.chars().count() > 100 {
        return Err(AppError::bad_request(
            "invalid_parameter",
            "keyword: must have at most 100 characters",
        ));
    }
    Ok(keyword)
}

/// The words to search for, the listing's filters and sort, and the page. Values arrive as
/// text and are checked by [`ProductQuery::parse`], whose errors name the parameter.
#[derive(Debug, Default, Deserialize, IntoParams, TS)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// Up to 100 characters.
    #[param(max_length = 100)]
    #[ts(optional)]
    keyword: Option<String>,
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
    /// `relevance` (default), `popular`, `newest`, `price_asc` or `price_desc`.
    #[ts(optional)]
    sort: Option<String>,
    /// From 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    #[ts(optional, as = "Option<u32>")]
    page: Option<String>,
    /// 1–100, default 24.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    #[ts(optional, as = "Option<u32>")]
    limit: Option<String>,
    /// `1`: suggestions while typing, not counted as a search that found too little.
    #[ts(optional)]
    suggest: Option<String>,
}

impl SearchParams {
    /// The filters by name as [`ProductQuery::parse`] reads them, and whether the best
    /// matches come first (no sort, or `relevance`).
    fn query(self) -> Result<(ProductQuery, bool), QueryError> {
        let relevance = matches!(
            self.sort.as_deref().map(str::trim),
            None | Some("" | "relevance")
        );
        // The listing's filters, read by the listing's own reader.
        let params = ProductListParams {
            room: self.room,
            category: self.category,
            min_price: self.min_price,
            max_price: self.max_price,
            material: self.material,
            colour: self.colour,
            sort: if relevance { None } else { self.sort },
            page: self.page,
            limit: self.limit,
            other: HashMap::new(),
        }
        .into_map();
        let query = ProductQuery::parse(&params).map_err(|mut err| {
            if err.parameter == "sort" {
                err.problem = "must be relevance, popular, newest, price_asc or price_desc".into();
            }
            err
        })?;
        Ok((query, relevance))
    }

    /// Whether any filter narrows the keyword's matches.
    fn filtered(query: &ProductQuery) -> bool {
        query.room.is_some()
            || query.category.is_some()
            || query.min_price.is_some()
            || query.max_price.is_some()
            || !query.materials.is_empty()
            || !query.colours.is_empty()
    }
}

/// Keyword search over names, descriptions and codes in all five languages, best first (or in
/// the listing's sorts), with the listing's filters and facet counts.
///
/// Thai and Khmer are segmented into words; Latin text is case- and accent-folded and forgives
/// typos (one from 5 letters, two from 9); the last word matches as a prefix; synonyms apply.
/// A keyword that finds (almost) nothing as typed but does with the other keyboard layout, or
/// spelt as the nearest known word, is answered with those results and `correctedKeyword`.
#[utoipa::path(
    get,
    path = "/api/app/search",
    tag = "catalog",
    params(SearchParams),
    responses(
        (status = 200, description = "One page of matches", body = ProductPageAnswer),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
    ),
)]
pub async fn search(
    State(state): State<AppState>,
    Query(params): Query<SearchParams>,
) -> Result<Response, AppError> {
    let keyword = keyword(params.keyword.as_deref())?;
    let typing = params.suggest.as_deref() == Some("1");
    let (query, relevance) = params.query()?;
    let catalog = state.catalog.current();
    let synonyms = state.search.synonyms();
    let found = super::search::search(&catalog, &synonyms, &keyword, &query, relevance);
    if !keyword.is_empty()
        && !typing
        && query.page == 1
        && !SearchParams::filtered(&query)
        && found.keyword_total <= crate::search::misses::FEW_RESULTS
    {
        state
            .search
            .misses
            .record(&keyword, crate::activity::now_millis());
    }
    Ok(Json(ProductPageAnswer {
        status: SuccessStatus::Success,
        products: found.products,
        total: found.total,
        page: query.page,
        limit: query.limit,
        facets: found.facets.into(),
        corrected_keyword: found.corrected,
    })
    .into_response())
}

/// The code prefix to look for.
#[derive(Debug, Default, Deserialize, IntoParams, TS)]
#[into_params(parameter_in = Query)]
pub struct CodeSearchParams {
    /// A code prefix; case and spaces are ignored.
    #[param(max_length = 100)]
    #[ts(optional)]
    keyword: Option<String>,
}

/// Products whose code starts with the keyword (case and spaces ignored), at most 200.
#[utoipa::path(
    get,
    path = "/api/app/search/code",
    tag = "catalog",
    params(CodeSearchParams),
    responses(
        (status = 200, description = "Matching products", body = ProductListAnswer),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
    ),
)]
pub async fn search_code(
    State(state): State<AppState>,
    Query(params): Query<CodeSearchParams>,
) -> Result<Response, AppError> {
    let keyword = keyword(params.keyword.as_deref())?;
    let catalog = state.catalog.current();
    let products: Vec<&Product> = catalog
        .index
        .search_code(&keyword)
        .into_iter()
        .take(200)
        .map(|doc| catalog.product_at(doc))
        .collect();
    Ok(Json(ProductListAnswer {
        status: SuccessStatus::Success,
        total: products.len(),
        products,
    })
    .into_response())
}
