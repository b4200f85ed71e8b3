//! Thin handlers for the staff area.

use axum::extract::State;
use serde_json::{Value, json};

use super::store;
use crate::app::AppState;
use crate::http::AppError;
use crate::http::auth::AdminUser;
use crate::http::json::Json;

/// `GET /api/file/menus/admin`: admin menus by role; staff only.
pub async fn get_admin_menus(
    State(state): State<AppState>,
    AdminUser(_caller): AdminUser,
) -> Result<Json<Value>, AppError> {
    let store = state.store.clone();
    let menus = tokio::task::spawn_blocking(move || store::load_menus(&store))
        .await
        .map_err(|err| AppError::internal("loading admin menus", err))??;
    Ok(Json(json!({"status": "success", "data": menus})))
}

/// `GET /api/admin/activity` (staff): the newest activity-log lines, newest first.
pub async fn list_activity(
    State(state): State<AppState>,
    _staff: AdminUser,
) -> Result<Json<Value>, AppError> {
    let store = state.store.clone();
    let lines = tokio::task::spawn_blocking(move || crate::activity::newest(&store, 200))
        .await
        .map_err(|err| AppError::internal("reading the activity log", err))??;
    Ok(Json(json!({"status": "success", "lines": lines})))
}
