//! Thin handlers for rooms, categories, products and search.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::catalog::cache::CatalogSnapshot;
use crate::catalog::model::{CategoryNode, Product, Room};
use crate::catalog::query::{ProductQuery, QueryError};
use crate::domain::Satang;
use crate::http::AppError;
use crate::http::encoded::{Effort, Encoded, Wanted, json_bytes};
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::i18n::Locale;
use crate::orders::ratings::Rating;
use crate::search::facets::FacetCounts;
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

/// `{status, products, total, page, limit, facets, correctedKeyword?}`: one page of the
/// matching products.
#[derive(Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductPageAnswer {
    pub status: SuccessStatus,
    #[schema(value_type = Vec<ProductSummary>)]
    #[ts(as = "Vec<ProductSummary<'static>>")]
    pub products: Vec<Card>,
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

/// What a product card shows, in one language: lists carry these instead of whole products
/// (a card never shows descriptions, and five languages of them made a page of 24 weigh
/// 64 KB). Rooms and categories stay because promotions are chosen by them.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductSummary<'a> {
    pub code: &'a str,
    /// In the requested language; English when that translation is empty.
    pub name: &'a str,
    pub price: Satang,
    pub compare_at_price: Option<Satang>,
    /// The first picture, if any, as a versioned URL (`image_urls`).
    pub image: Option<String>,
    pub rooms: &'a [String],
    pub categories: &'a [String],
    pub stock: u32,
    pub active: bool,
}

impl<'a> ProductSummary<'a> {
    pub fn of(product: &'a Product, locale: Locale) -> ProductSummary<'a> {
        ProductSummary {
            code: &product.code,
            name: product.name.get(locale),
            price: product.price,
            compare_at_price: product.compare_at_price,
            image: product
                .images
                .first()
                .map(|i| crate::catalog::image_urls::versioned_url(i).into_owned()),
            rooms: &product.rooms,
            categories: &product.categories,
            stock: product.stock,
            active: product.active,
        }
    }
}

/// A product card serialised once per catalogue snapshot and language
/// ([`CatalogSnapshot::card`]): a [`ProductSummary`] in JSON.
pub struct Card(Arc<Box<RawValue>>);

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The cards of `products` in `locale`, each made once per snapshot.
fn cards<'a>(
    catalog: &CatalogSnapshot,
    products: impl IntoIterator<Item = &'a Product>,
    locale: Locale,
) -> Result<Vec<Card>, AppError> {
    products
        .into_iter()
        .map(|product| {
            catalog
                .card(product, locale, || {
                    serde_json::value::to_raw_value(&ProductSummary::of(product, locale))
                })
                .map(Card)
                .map_err(|e| AppError::internal("serialising a product card", e))
        })
        .collect()
}

fn summaries<'a>(
    products: impl IntoIterator<Item = &'a Product>,
    locale: Locale,
) -> Vec<ProductSummary<'a>> {
    products
        .into_iter()
        .map(|p| ProductSummary::of(p, locale))
        .collect()
}

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

/// The snapshot's remembered answer for `key`, serialising `answer` only when there is none.
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

fn cached_json<T: Serialize>(
    catalog: &CatalogSnapshot,
    key: &str,
    wanted: &Wanted,
    answer: impl FnOnce() -> Result<T, AppError>,
) -> Result<Response, AppError> {
    cached_json_with(catalog, key, Effort::Thorough, wanted, answer)
}

/// `effort`: how hard to compress the answer (see [`Effort`]).
fn cached_json_with<T: Serialize>(
    catalog: &CatalogSnapshot,
    key: &str,
    effort: Effort,
    wanted: &Wanted,
    answer: impl FnOnce() -> Result<T, AppError>,
) -> Result<Response, AppError> {
    let encoded = catalog.answer(key, effort, || {
        json_bytes(&answer()?).map_err(|e| AppError::internal("serialising an answer", e))
    })?;
    Ok(encoded.respond_to(wanted, StatusCode::OK, CATALOG_CACHE_CONTROL))
}

/// The language of a list's names.
#[derive(Debug, Default, Deserialize, IntoParams, TS)]
#[into_params(parameter_in = Query)]
pub struct LangParams {
    /// `en` (default), `th`, `my`, `km` or `id`.
    #[param(value_type = Option<crate::i18n::Locale>)]
    #[ts(optional)]
    lang: Option<String>,
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

/// `{status, products, total}`
#[derive(Serialize, ToSchema, TS)]
pub struct ProductListAnswer<'a> {
    pub status: SuccessStatus,
    pub products: Vec<ProductSummary<'a>>,
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
    items: Vec<&Product>,
    total: usize,
    page: usize,
    limit: usize,
    facets: Facets,
    locale: Locale,
) -> Result<ProductPageAnswer, AppError> {
    let products = cards(
        catalog,
        items.into_iter().skip((page - 1) * limit).take(limit),
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
    })
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
    #[param(pattern = "^(popular|newest|price_asc|price_desc)?$")]
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
    uri: Uri,
    wanted: Wanted,
) -> Result<Response, AppError> {
    let catalog = state.catalog.current();
    let key = list_key(&uri);
    if let Some(found) = catalog.cached(&key) {
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
        let mut matching: Vec<&Product> = hits.iter().map(|h| catalog.product_at(h.doc)).collect();
        let total = matching.len();
        query.sort_first(&mut matching, query.page.saturating_mul(query.limit));
        page_of(
            &catalog,
            matching,
            total,
            query.page,
            query.limit,
            facets.into(),
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
    let found = state.catalog.current().cached(&list_key(uri))?;
    Some(found.respond_to(wanted, StatusCode::OK, CATALOG_CACHE_CONTROL))
}

/// The product with `code`, or the API's 404.
fn find<'a>(catalog: &'a CatalogSnapshot, code: &str) -> Result<&'a Product, AppError> {
    catalog
        .product(code)
        .ok_or_else(|| AppError::NotFound(format!("no product with code {code:?}")))
}

/// One product by code (discontinued ones too, with `active: false`), with its rating when
/// delivered orders holding it were reviewed.
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
    let encoded = catalog.answer(&key, Effort::Thorough, || {
        let product = catalog
            .described(&state.store, &code)?
            .ok_or_else(|| AppError::NotFound(format!("no product with code {code:?}")))?;
        let shown = crate::catalog::image_urls::for_shoppers(&product);
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
                products: summaries(products, locale),
            })
        },
    )
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
    #[param(pattern = "^(relevance|popular|newest|price_asc|price_desc)?$")]
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
    /// `1`: suggestions while typing, not counted as a search that found too little.
    #[ts(optional)]
    suggest: Option<String>,
    /// The language of the names: `en` (default), `th`, `my`, `km` or `id`.
    #[param(value_type = Option<crate::i18n::Locale>)]
    #[ts(optional)]
    lang: Option<String>,
}

impl SearchParams {
    /// The filters by name as [`ProductQuery::parse`] reads them, and whether the best
    /// matches come first (no sort, or `relevance`).
    fn query(&mut self) -> Result<(ProductQuery, bool), QueryError> {
        let relevance = matches!(
            self.sort.as_deref().map(str::trim),
            None | Some("" | "relevance")
        );
        // The listing's filters, read by the listing's own reader.
        let params = ProductListParams {
            room: self.room.take(),
            category: self.category.take(),
            min_price: self.min_price.take(),
            max_price: self.max_price.take(),
            material: self.material.take(),
            colour: self.colour.take(),
            sort: if relevance { None } else { self.sort.take() },
            page: self.page.take(),
            limit: self.limit.take(),
            lang: None,
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
        (status = 503, description = "`busy`: a large catalogue's index is still being built; retry after `Retry-After` seconds", body = ErrorAnswer),
    ),
)]
pub async fn search(
    State(state): State<AppState>,
    Query(mut params): Query<SearchParams>,
    wanted: Wanted,
) -> Result<Response, AppError> {
    let keyword = keyword(params.keyword.as_deref())?;
    let locale = locale(params.lang.as_deref())?;
    let typing = params.suggest.as_deref() == Some("1");
    let (query, relevance) = params.query()?;
    // A large shop that just started has no words indexed yet (seconds).
    let catalog = state
        .catalog
        .current()
        .for_search()
        .ok_or(AppError::Busy(SEARCH_RETRY_AFTER_SECONDS))?;
    // Answers depend on the synonyms in force too; a save changes the generation.
    let generation = state.search.generation();
    let synonyms = state.search.synonyms();
    let key = format!("search {generation} {locale:?} {relevance} {keyword:?} {query:?}");
    let count_key = format!("{generation} {keyword:?}");
    // Each page and page size of a search is its own answer, seldom asked for again: compressed
    // quickly, and past the first pages made per request (the search's matches are remembered,
    // see `Ranked`).
    let make = || {
        let found = crate::catalog::search::search(
            &catalog, &synonyms, generation, &keyword, &query, relevance,
        );
        // What the keyword found before filters: the count the misses below need, so a new
        // keyword is searched once, not twice.
        catalog.count(&count_key, || found.keyword_total);
        Ok(ProductPageAnswer {
            status: SuccessStatus::Success,
            products: cards(&catalog, found.products, locale)?,
            total: found.total,
            page: query.page,
            limit: query.limit,
            facets: found.facets.into(),
            corrected_keyword: found.corrected,
        })
    };
    let response = if query.page <= REMEMBERED_SEARCH_PAGES {
        cached_json_with(&catalog, &key, Effort::Quick, &wanted, make)?
    } else {
        let raw =
            json_bytes(&make()?).map_err(|e| AppError::internal("serialising an answer", e))?;
        Encoded::new(raw, HeaderValue::from_static("application/json"))
            .with_effort(Effort::Quick)
            .respond_to(&wanted, StatusCode::OK, CATALOG_CACHE_CONTROL)
    };
    // Every search that finds too little counts, remembered answer or not.
    if !keyword.is_empty()
        && !typing
        && query.page == 1
        && !SearchParams::filtered(&query)
        && catalog.count(&count_key, || {
            catalog.index.find(&keyword, &synonyms).0.len()
        }) <= crate::search::misses::FEW_RESULTS
    {
        state
            .search
            .misses
            .record(&keyword, crate::activity::now_millis());
    }
    Ok(response)
}

/// Search pages from this one on are made per request, not remembered: a load of distinct
/// searches (pages 1–40, `tests/load/distinct-searches.lua`) made the answer cache start over
/// several times a second, and each start-over handed its 24 MB back to the system to fault
/// in again (`MIMALLOC_PURGE_DELAY=0`).
const REMEMBERED_SEARCH_PAGES: usize = 2;

/// How long a shopper's browser waits before searching again while the index is built.
const SEARCH_RETRY_AFTER_SECONDS: u64 = 2;

/// The code prefix to look for.
#[derive(Debug, Default, Deserialize, IntoParams, TS)]
#[into_params(parameter_in = Query)]
pub struct CodeSearchParams {
    /// A code prefix; case and spaces are ignored.
    #[param(max_length = 100)]
    #[ts(optional)]
    keyword: Option<String>,
    /// The language of the names: `en` (default), `th`, `my`, `km` or `id`.
    #[param(value_type = Option<crate::i18n::Locale>)]
    #[ts(optional)]
    lang: Option<String>,
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
    wanted: Wanted,
) -> Result<Response, AppError> {
    let keyword = keyword(params.keyword.as_deref())?;
    let locale = locale(params.lang.as_deref())?;
    let catalog = state.catalog.current();
    cached_json(
        &catalog,
        &format!("code {locale:?} {keyword:?}"),
        &wanted,
        || {
            let products: Vec<&Product> = catalog
                .index
                .search_code(&keyword)
                .into_iter()
                .take(200)
                .map(|doc| catalog.product_at(doc))
                .collect();
            Ok(ProductListAnswer {
                status: SuccessStatus::Success,
                total: products.len(),
                products: summaries(products, locale),
            })
        },
    )
}
