//! Thin handlers for the staff area.

use axum::extract::State;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use super::model::{AdminMenuItem, AdminMenus};
use super::store;
use crate::activity::LogLine;
use crate::app::AppState;
use crate::http::AppError;
use crate::http::auth::AdminUser;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;

/// `{status, data}`: the admin menus of every role.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminMenusAnswer {
    pub status: SuccessStatus,
    /// Role name → its horizontal menu.
    #[schema(value_type = HashMap<String, Vec<AdminMenuItem>>)]
    pub data: AdminMenus,
}

/// `{status, lines}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ActivityAnswer {
    pub status: SuccessStatus,
    /// Newest first.
    pub lines: Vec<LogLine>,
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
    let menus = tokio::task::spawn_blocking(move || store::load_menus(&store))
        .await
        .map_err(|err| AppError::internal("loading admin menus", err))??;
    Ok(Json(AdminMenusAnswer {
        status: SuccessStatus::Success,
        data: menus,
    }))
}

/// The newest 200 activity-log lines, newest first (staff).
#[utoipa::path(
    get,
    path = "/api/admin/activity",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Log lines", body = ActivityAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: not staff", body = ErrorAnswer),
    ),
)]
pub async fn list_activity(
    State(state): State<AppState>,
    _staff: AdminUser,
) -> Result<Json<ActivityAnswer>, AppError> {
    let store = state.store.clone();
    let lines = tokio::task::spawn_blocking(move || crate::activity::newest(&store, 200))
        .await
        .map_err(|err| AppError::internal("reading the activity log", err))??;
    Ok(Json(ActivityAnswer {
        status: SuccessStatus::Success,
        lines,
    }))
}
