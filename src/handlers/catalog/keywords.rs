//! Finding products by what a shopper types: the keyword search (with the product list's
//! filters, sorts and facets) and the search by code prefix (docs/API.md).

use axum::extract::{Query, State};
use axum::http::{HeaderValue, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use ts_rs::TS;
use utoipa::IntoParams;

use super::cards::{Facets, ProductListAnswer, ProductPageAnswer, cards, summaries};
use super::list::with_listing_filters;
use super::{CATALOG_CACHE_CONTROL, cached_json, cached_json_with, locale};
use crate::catalog::listed::Entry;
use crate::catalog::query::{ProductQuery, QueryError};
use crate::http::AppError;
use crate::http::encoded::{Effort, Encoded, Wanted, json_bytes};
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::state::AppState;

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

with_listing_filters! {
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
    }
    sort: " `relevance` (default), `popular`, `newest`, `price_asc` or `price_desc`.",
        "^(relevance|popular|newest|price_asc|price_desc)?$";
    then {
        /// `1`: suggestions while typing, not counted as a search that found too little.
        #[ts(optional)]
        suggest: Option<String>,
        /// The language of the names: `en` (default), `th`, `my`, `km` or `id`.
        #[param(value_type = Option<crate::i18n::Locale>)]
        #[ts(optional)]
        lang: Option<String>,
    }
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
        let mut params = self.take_filters();
        if relevance {
            params.remove("sort");
        }
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
            || !query.sizes.is_empty()
    }
}

/// Keyword search over names, descriptions, option values and codes (variants' too) in all
/// five languages, best first (or in the listing's sorts), with the listing's filters and facet
/// counts. A product appears once; when the keyword names one of its variants (its code, or
/// option values such as "grey sofa") its card names that `variant` and shows its price and
/// photo.
///
/// Thai and Khmer are segmented into words; Latin text is case- and accent-folded and forgives
/// typos (one from 5 letters, two from 9); the last word matches as a prefix; synonyms apply.
/// A keyword that finds (almost) nothing as typed but does with the other keyboard layout, or
/// spelt as the nearest known word, is answered with those results and `correctedKeyword`.
/// When no product holds every word, the products holding the most of them answer (the rarer
/// words counting more) and `unmatchedWords` names the words left out.
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
        let found = crate::catalog::shopper_search::search(
            &catalog, &synonyms, generation, &keyword, &query, relevance,
        );
        // What the keyword found before filters: the count the misses below need, so a new
        // keyword is searched once, not twice.
        catalog.count(&count_key, || found.keyword_total);
        let searched = found.corrected.as_deref().unwrap_or(&keyword);
        let variants = crate::catalog::shopper_search::matched_variants(
            &state.store,
            searched,
            &found.products,
        )?;
        Ok(ProductPageAnswer {
            status: SuccessStatus::Success,
            products: cards(&catalog, found.products.into_iter().zip(variants), locale)?,
            total: found.total,
            page: query.page,
            limit: query.limit,
            facets: Facets::of(found.facets, &catalog),
            corrected_keyword: found.corrected,
            unmatched_words: (!found.unmatched.is_empty()).then_some(found.unmatched),
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
            catalog.index.find_keyword(&keyword, &synonyms).full
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

/// Products whose code, or one of whose variants' codes, starts with the keyword (case and
/// spaces ignored), each once, at most 200. A product found by a variant's code names that
/// `variant` and shows its price and photo.
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
            let products: Vec<(Entry, Option<usize>)> = catalog
                .index
                .search_codes(&keyword)
                .into_iter()
                .take(200)
                .map(|(doc, code)| {
                    let entry = catalog.entry_at(doc);
                    let variant = entry
                        .choices
                        .variants
                        .iter()
                        .position(|v| crate::search::words::normalize_code(&v.code) == code);
                    (entry, variant)
                })
                .collect();
            Ok(ProductListAnswer {
                status: SuccessStatus::Success,
                total: products.len(),
                products: summaries(products, locale),
            })
        },
    )
}
