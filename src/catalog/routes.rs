//! Thin handlers for rooms and categories.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::value::RawValue;

use crate::app::AppState;

#[derive(Serialize)]
struct Rooms<'a> {
    status: &'static str,
    rooms: &'a RawValue,
}

#[derive(Serialize)]
struct Categories<'a> {
    status: &'static str,
    categories: &'a RawValue,
}

/// `GET /api/app/room/list`
pub async fn list_rooms(State(state): State<AppState>) -> Response {
    let catalog = state.catalog.current();
    axum::Json(Rooms {
        status: "success",
        rooms: &catalog.rooms_json,
    })
    .into_response()
}

/// `GET /api/app/category/tree`
pub async fn get_category_tree(State(state): State<AppState>) -> Response {
    let catalog = state.catalog.current();
    axum::Json(Categories {
        status: "success",
        categories: &catalog.tree_json,
    })
    .into_response()
}
