//! The staff area's frame: the admin menus of every role, and the activity log (who did what,
//! newest first, filtered by day and kind) (docs/STAFF.md).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::menus::{AdminMenuItem, AdminMenus};
use crate::accounts::permissions::need;
use crate::activity::{LogFilter, LogLine};
use crate::handlers::auth::{AdminUser, Can};
use crate::http::AppError;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::query_string::Query;
use crate::orders::sales::{day_start_millis, parse_day};
use crate::state::AppState;

/// `{status, data}`: the admin menus of every role.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminMenusAnswer {
    pub status: SuccessStatus,
    /// Role name → its horizontal menu.
    #[schema(value_type = HashMap<String, Vec<AdminMenuItem>>)]
    pub data: AdminMenus,
}

/// `{status, lines, next}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ActivityAnswer {
    pub status: SuccessStatus,
    /// Newest first.
    pub lines: Vec<LogLine>,
    /// Pass as `before` for the next page; `null` on the last page.
    pub next: Option<String>,
}

/// The activity viewer's filters (all optional).
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema, TS)]
#[serde(default, deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ActivityQuery {
    /// Exactly this user name.
    #[ts(optional)]
    pub actor: Option<String>,
    /// Exactly this target, `kind key`: `order K000123`, `product SF-1001`.
    #[ts(optional)]
    pub target: Option<String>,
    /// Part of the action, target or details: an order number, a user name, a word.
    #[ts(optional)]
    pub q: Option<String>,
    /// One shop day, `YYYY-MM-DD`.
    #[param(format = Date)]
    #[ts(optional)]
    pub day: Option<String>,
    /// Lines per page, 1 to 500 (default 100).
    #[param(minimum = 1, maximum = 500)]
    #[ts(optional)]
    pub limit: Option<usize>,
    /// The `next` of the previous page.
    #[param(pattern = r"^[0-9]{1,19}\.[0-9]{1,19}$")]
    #[ts(optional)]
    pub before: Option<String>,
}

/// The admin menus by role (staff only).
#[utoipa::path(
    get,
    path = "/api/file/menus/admin",
    tag = "file",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Menus of every role", body = AdminMenusAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: not staff", body = ErrorAnswer),
    ),
)]
pub async fn get_admin_menus(
    State(state): State<AppState>,
    AdminUser(_caller): AdminUser,
) -> Result<Json<AdminMenusAnswer>, AppError> {
    let store = state.store.clone();
    let menus =
        tokio::task::spawn_blocking(move || crate::accounts::menu_store::load_menus(&store))
            .await
            .map_err(|err| AppError::internal("loading admin menus", err))??;
    Ok(Json(AdminMenusAnswer {
        status: SuccessStatus::Success,
        data: menus,
    }))
}

/// The activity log, newest first, filtered by person, text and day, in pages.
#[utoipa::path(
    get,
    path = "/api/admin/activity",
    tag = "admin",
    security(("bearer" = [])),
    params(ActivityQuery),
    responses(
        (status = 200, description = "Log lines", body = ActivityAnswer),
        (status = 400, description = "`invalid_parameter`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs activity.read", body = ErrorAnswer),
    ),
)]
pub async fn list_activity(
    State(state): State<AppState>,
    _staff: Can<need::ActivityRead>,
    Query(query): Query<ActivityQuery>,
) -> Result<Json<ActivityAnswer>, AppError> {
    let bad = |name: &str, problem: &str| {
        AppError::bad_request("invalid_parameter", format!("{name}: {problem}"))
    };
    let limit = match query.limit {
        None => 100,
        Some(n) if (1..=500).contains(&n) => n,
        Some(_) => return Err(bad("limit", "must be 1 to 500")),
    };
    let (since, until) = match query
        .day
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
    {
        None => (0, u64::MAX),
        Some(day) => {
            let day = parse_day(day).ok_or_else(|| bad("day", "must be a date YYYY-MM-DD"))?;
            let next = day
                .next_day()
                .ok_or_else(|| bad("day", "is out of range"))?;
            (day_start_millis(day), day_start_millis(next))
        }
    };
    let before = match query.before.as_deref() {
        None | Some("") => None,
        Some(cursor) => Some(
            cursor
                .split_once('.')
                .and_then(|(at, seq)| Some((at.parse().ok()?, seq.parse().ok()?)))
                .ok_or_else(|| bad("before", "must be the next of the previous page"))?,
        ),
    };
    let text = |v: Option<String>| v.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    let filter = LogFilter {
        actor: text(query.actor),
        target: text(query.target),
        text: text(query.q),
        since,
        until,
    };
    let store = state.store.clone();
    let archives = crate::activity::archive::dir(&state.config.data_dir.join("files"));
    let (lines, next) = tokio::task::spawn_blocking(move || {
        crate::activity::search(&store, Some(&archives), &filter, limit, before)
    })
    .await
    .map_err(|err| AppError::internal("reading the activity log", err))??;
    Ok(Json(ActivityAnswer {
        status: SuccessStatus::Success,
        lines,
        next: next.map(|(at, seq)| format!("{at}.{seq}")),
    }))
}
