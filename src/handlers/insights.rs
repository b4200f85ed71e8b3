//! The app's one beacon for client-side navigations (`POST /api/insights/hit`), and what the
//! counting hooks of other handlers and the page shells share: who asks ([`Seen`]). Nothing
//! here is stored: the address and user agent become a day's visitor hash in memory at once
//! (`crate::insights`, docs/INSIGHTS.md).

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use serde::Deserialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::activity::now_millis;
use crate::http::AppError;
use crate::http::envelope::ErrorAnswer;
use crate::http::json::Json;
use crate::insights::{PageHit, Who, classify, split_locale};
use crate::state::AppState;

/// Who asks, as far as counting needs it: the client address (behind a trusted proxy, the one
/// it appended), the user agent and the `kcard` header. Never fails: a request without a peer
/// address (the first paint's inner router) has an empty one.
pub struct Seen {
    pub address: String,
    pub user_agent: String,
    pub kcard: String,
}

impl Seen {
    pub fn from_parts(
        state: &AppState,
        extensions: &axum::http::Extensions,
        headers: &HeaderMap,
    ) -> Seen {
        let address = match extensions.get::<ConnectInfo<SocketAddr>>() {
            Some(ConnectInfo(peer)) => crate::handlers::auth::client_ip(state, *peer, headers),
            None => String::new(),
        };
        Seen {
            address,
            user_agent: headers
                .get(header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .chars()
                .take(512)
                .collect(),
            kcard: crate::http::kcard(headers),
        }
    }

    pub fn who(&self) -> Who<'_> {
        Who {
            address: &self.address,
            user_agent: &self.user_agent,
        }
    }
}

impl FromRequestParts<AppState> for Seen {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(Seen::from_parts(state, &parts.extensions, &parts.headers))
    }
}

/// A page the app showed: `path` as in the address bar (language prefix and query included);
/// `first` when it is the page the server sent (the app only confirms it ran).
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct HitBody {
    pub path: String,
    #[serde(default)]
    #[ts(optional)]
    pub first: Option<bool>,
}

/// Counts a page the app showed (no cookie, nothing answered, nothing stored about who).
#[utoipa::path(
    post,
    path = "/api/insights/hit",
    tag = "content",
    request_body = HitBody,
    responses(
        (status = 204, description = "Counted (or not, for a crawler)"),
        (status = 400, description = "`invalid_path`", body = ErrorAnswer),
    ),
)]
pub async fn hit(
    State(state): State<AppState>,
    seen: Seen,
    Json(body): Json<HitBody>,
) -> Result<StatusCode, AppError> {
    if !body.path.starts_with('/') || body.path.len() > 2048 {
        return Err(AppError::bad_request(
            "invalid_path",
            "path: must be a site path starting with /",
        ));
    }
    let (path, query) = body.path.split_once('?').unwrap_or((&body.path, ""));
    let path = path.split('#').next().unwrap_or("/");
    let (locale, rest) = split_locale(path);
    let Some(mut page) = classify(rest, query) else {
        return Ok(StatusCode::NO_CONTENT);
    };
    // Only the catalogue's own codes are counted by name: a made-up path stores nothing.
    if let Some(code) = &page.product {
        let catalog = state.catalog.current();
        page.product = catalog
            .sold(code)
            .map(|sold| sold.entry.code.clone())
            .or_else(|| catalog.product(code).map(|p| p.code.clone()));
    }
    state.insights.beacon(
        PageHit {
            who: seen.who(),
            page,
            kcard: &seen.kcard,
            explicit_kcard: false,
            locale,
            referrer: String::new(),
        },
        body.first.unwrap_or(false),
        now_millis(),
    );
    Ok(StatusCode::NO_CONTENT)
}
