//! Search settings (staff): the synonym groups (`catalog.write`; in force for the next query,
//! no reindex) and the searches shoppers made that found nothing or nearly nothing
//! (`reports.read`), to turn into synonyms with one click.

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::permissions::need;
use crate::activity::Actor;
use crate::handlers::auth::Can;
use crate::handlers::staff::reports::RangeQuery;
use crate::handlers::staff::who;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, blocking};
use crate::search::misses::top_misses;
use crate::state::AppState;

/// The most misses one answer lists.
const MISSES_SHOWN: usize = 100;

/// `{status, groups}`: the synonym groups in force.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct SynonymsAnswer {
    pub status: SuccessStatus,
    /// Each group: words or phrases a shopper may use for the same thing, in any language.
    pub groups: Vec<Vec<String>>,
}

/// Every group (replacing the ones in force).
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct SynonymsBody {
    pub groups: Vec<Vec<String>>,
}

/// A keyword shoppers searched for that found too little, and how often.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct SearchMiss {
    pub keyword: String,
    pub count: u64,
}

/// `{status, misses}`: most searched first.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct SearchMissesAnswer {
    pub status: SuccessStatus,
    pub misses: Vec<SearchMiss>,
}

/// The synonym groups in force (the built-in set until staff save their own).
#[utoipa::path(
    get,
    path = "/api/admin/search/synonyms",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The groups", body = SynonymsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn get_synonyms(
    State(state): State<AppState>,
    _staff: Can<need::CatalogWrite>,
) -> Json<SynonymsAnswer> {
    Json(SynonymsAnswer {
        status: SuccessStatus::Success,
        groups: state.search.synonyms().groups().to_vec(),
    })
}

/// Replaces the synonym groups; in force for the next search.
#[utoipa::path(
    put,
    path = "/api/admin/search/synonyms",
    tag = "admin",
    security(("bearer" = [])),
    request_body = SynonymsBody,
    responses(
        (status = 200, description = "The groups as saved (trimmed, repeats dropped)", body = SynonymsAnswer),
        (status = 400, description = "`invalid_input`: one `groups[i][j]: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn put_synonyms(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<SynonymsBody>,
) -> Result<Json<SynonymsAnswer>, AppError> {
    let (actor, channel) = who(&staff, &headers);
    let (store, search) = (state.store.clone(), state.search.clone());
    let saved = blocking("saving synonyms", move || {
        let actor = Actor {
            name: &actor,
            kcard: &channel,
        };
        search.save_synonyms(&store, body.groups, actor)
    })
    .await?;
    Ok(Json(SynonymsAnswer {
        status: SuccessStatus::Success,
        groups: saved.groups().to_vec(),
    }))
}

/// Keywords whose searches found nothing or nearly nothing (2 results or fewer) in a range of
/// shop days, most searched first (at most 100). Only keywords and counts are kept.
#[utoipa::path(
    get,
    path = "/api/admin/search/misses",
    tag = "admin",
    security(("bearer" = [])),
    params(RangeQuery),
    responses(
        (status = 200, description = "The misses", body = SearchMissesAnswer),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs reports.read", body = ErrorAnswer),
    ),
)]
pub async fn get_misses(
    State(state): State<AppState>,
    _staff: Can<need::ReportsRead>,
    Query(query): Query<RangeQuery>,
) -> Result<Json<SearchMissesAnswer>, AppError> {
    let (from, to) = query.range()?;
    let (store, search) = (state.store.clone(), state.search.clone());
    let misses = blocking("search misses", move || {
        search.misses.flush(&store)?;
        top_misses(&store, from, to, MISSES_SHOWN)
    })
    .await?;
    Ok(Json(SearchMissesAnswer {
        status: SuccessStatus::Success,
        misses: misses
            .into_iter()
            .map(|(keyword, count)| SearchMiss { keyword, count })
            .collect(),
    }))
}
