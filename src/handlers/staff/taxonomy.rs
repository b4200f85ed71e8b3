//! Rooms and categories (staff): list with product counts, create, change, reorder, nest,
//! delete (refused while used). Thin handlers over `catalog::taxonomy`; each change goes
//! through one `change` helper that records who made it; the catalogue's writer puts the new
//! snapshot in force so menus and pages show it at once (docs/STAFF.md).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::accounts::permissions::need;
use crate::activity::Actor;
use crate::catalog::model::{Category, Room};
use crate::catalog::taxonomy::{self, TaxonomyError};
use crate::catalog::writer::CatalogWriter;
use crate::content::model::Localized;
use crate::handlers::auth::Can;
use crate::handlers::staff::who;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, blocking};
use crate::pricing::taxonomy_use::PromotionsNaming;
use crate::state::AppState;

/// A room with how many products are in it.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct AdminRoom {
    #[serde(flatten)]
    pub room: Room,
    pub products: u32,
}

/// A category as staff edit it: flat, naming its parent, with its product count.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct AdminCategory {
    /// Immutable once created: products refer to it.
    #[serde(default)]
    pub key: String,
    #[serde(deserialize_with = "crate::content::model::one_line_each")]
    pub title: Localized,
    /// The URL segment (`/category/{pageName}`); unique; empty: the key.
    #[serde(default)]
    pub page_name: Option<String>,
    /// The parent category's key; `null` at the top.
    #[serde(default)]
    pub parent: Option<String>,
    /// Place among its siblings (0 first); 0 on create: at the end.
    #[serde(default)]
    pub order: u32,
    /// Products in it (ignored when sent).
    #[serde(default)]
    pub products: u32,
}

impl AdminCategory {
    fn of(category: Category, products: u32) -> Self {
        AdminCategory {
            key: category.key,
            title: category.title,
            page_name: category.page_name,
            parent: category.parent,
            order: category.order,
            products,
        }
    }

    fn into_category(self) -> Category {
        Category {
            key: self.key,
            title: self.title,
            page_name: self.page_name,
            parent: self.parent,
            order: self.order,
        }
    }
}

/// `{status, rooms}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminRoomsAnswer {
    pub status: SuccessStatus,
    /// In menu order.
    pub rooms: Vec<AdminRoom>,
}

/// `{status, room}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminRoomAnswer {
    pub status: SuccessStatus,
    pub room: Room,
}

/// `{status, categories}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminCategoriesAnswer {
    pub status: SuccessStatus,
    /// Flat, by parent then order.
    pub categories: Vec<AdminCategory>,
}

/// `{status, category}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminCategoryAnswer {
    pub status: SuccessStatus,
    pub category: AdminCategory,
}

/// `{status}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct DeletedAnswer {
    pub status: SuccessStatus,
}

/// A new order: every key (of the rooms, or of one parent's categories) once.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct OrderBody {
    /// For categories: whose children (`null`: the top categories). Ignored for rooms.
    #[serde(default)]
    #[ts(optional)]
    pub parent: Option<String>,
    pub keys: Vec<String>,
}

/// One change to the rooms or categories, recorded as the caller's, off the async workers,
/// through the catalogue's writer (which puts the new snapshot in force, so menus and pages
/// show it at once).
async fn change<T: Send + 'static>(
    state: &AppState,
    staff: &Can<need::CatalogWrite>,
    headers: &HeaderMap,
    work: impl FnOnce(&CatalogWriter, Actor) -> Result<T, TaxonomyError> + Send + 'static,
) -> Result<T, AppError> {
    let (name, channel) = who(staff, headers);
    let catalog = CatalogWriter::new(&state.store, &state.catalog);
    blocking("changing rooms or categories", move || {
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        work(&catalog, actor)
    })
    .await
}

/// A room or a category deleted through [`change`], answered `{status}`.
async fn deleted(
    state: &AppState,
    staff: &Can<need::CatalogWrite>,
    headers: &HeaderMap,
    work: impl FnOnce(&CatalogWriter, Actor) -> Result<(), TaxonomyError> + Send + 'static,
) -> Result<Json<DeletedAnswer>, AppError> {
    change(state, staff, headers, work).await?;
    Ok(Json(DeletedAnswer {
        status: SuccessStatus::Success,
    }))
}

/// Every room with its product count, in menu order.
#[utoipa::path(
    get,
    path = "/api/admin/rooms",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Rooms", body = AdminRoomsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn list_rooms(
    State(state): State<AppState>,
    _staff: Can<need::CatalogWrite>,
) -> Result<Json<AdminRoomsAnswer>, AppError> {
    let db = state.store.clone();
    let rooms = blocking("rooms", move || taxonomy::rooms(&db)).await?;
    Ok(Json(AdminRoomsAnswer {
        status: SuccessStatus::Success,
        rooms: rooms
            .into_iter()
            .map(|(room, products)| AdminRoom { room, products })
            .collect(),
    }))
}

/// Adds a room (at the end of the menu unless `order` is given).
#[utoipa::path(
    post,
    path = "/api/admin/rooms",
    tag = "admin",
    security(("bearer" = [])),
    request_body = Room,
    responses(
        (status = 201, description = "The new room", body = AdminRoomAnswer),
        (status = 400, description = "`invalid_input`: one `field: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 409, description = "`already_exists`", body = ErrorAnswer),
    ),
)]
pub async fn create_room(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<Room>,
) -> Result<(StatusCode, Json<AdminRoomAnswer>), AppError> {
    let room = change(&state, &staff, &headers, move |db, actor| {
        taxonomy::create_room(db, body, actor)
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(AdminRoomAnswer {
            status: SuccessStatus::Success,
            room,
        }),
    ))
}

/// Changes a room (titles, page name, image, icon, order); the key cannot change.
#[utoipa::path(
    put,
    path = "/api/admin/rooms/{key}",
    tag = "admin",
    security(("bearer" = [])),
    params(("key" = String, Path, description = "room key")),
    request_body = Room,
    responses(
        (status = 200, description = "The room", body = AdminRoomAnswer),
        (status = 400, description = "`invalid_input`: one `field: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn update_room(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Path(key): Path<String>,
    Json(body): Json<Room>,
) -> Result<Json<AdminRoomAnswer>, AppError> {
    let room = change(&state, &staff, &headers, move |db, actor| {
        taxonomy::update_room(db, &key, body, actor)
    })
    .await?;
    Ok(Json(AdminRoomAnswer {
        status: SuccessStatus::Success,
        room,
    }))
}

/// Deletes a room; refused (409 `in_use`, with the count) while products or promotions use it.
#[utoipa::path(
    delete,
    path = "/api/admin/rooms/{key}",
    tag = "admin",
    security(("bearer" = [])),
    params(("key" = String, Path, description = "room key")),
    responses(
        (status = 200, description = "Deleted", body = DeletedAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`in_use`: products or promotions still use it", body = ErrorAnswer),
    ),
)]
pub async fn delete_room(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Path(key): Path<String>,
) -> Result<Json<DeletedAnswer>, AppError> {
    deleted(&state, &staff, &headers, move |db, actor| {
        taxonomy::delete_room(db, &key, actor, &PromotionsNaming)
    })
    .await
}

/// Puts the rooms in a new menu order.
#[utoipa::path(
    post,
    path = "/api/admin/rooms/order",
    tag = "admin",
    security(("bearer" = [])),
    request_body = OrderBody,
    responses(
        (status = 200, description = "Rooms in the new order", body = AdminRoomsAnswer),
        (status = 400, description = "`invalid_input`: not every room once", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn reorder_rooms(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<OrderBody>,
) -> Result<Json<AdminRoomsAnswer>, AppError> {
    change(&state, &staff, &headers, move |db, actor| {
        taxonomy::reorder_rooms(db, &body.keys, actor)
    })
    .await?;
    list_rooms(State(state), staff).await
}

/// Every category, flat (each naming its parent), with product counts.
#[utoipa::path(
    get,
    path = "/api/admin/categories",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Categories", body = AdminCategoriesAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn list_categories(
    State(state): State<AppState>,
    _staff: Can<need::CatalogWrite>,
) -> Result<Json<AdminCategoriesAnswer>, AppError> {
    let db = state.store.clone();
    let categories = blocking("categories", move || taxonomy::categories(&db)).await?;
    Ok(Json(AdminCategoriesAnswer {
        status: SuccessStatus::Success,
        categories: categories
            .into_iter()
            .map(|(c, n)| AdminCategory::of(c, n))
            .collect(),
    }))
}

/// Adds a category (under `parent`, at the end unless `order` is given).
#[utoipa::path(
    post,
    path = "/api/admin/categories",
    tag = "admin",
    security(("bearer" = [])),
    request_body = AdminCategory,
    responses(
        (status = 201, description = "The new category", body = AdminCategoryAnswer),
        (status = 400, description = "`invalid_input`: one `field: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 409, description = "`already_exists`", body = ErrorAnswer),
    ),
)]
pub async fn create_category(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<AdminCategory>,
) -> Result<(StatusCode, Json<AdminCategoryAnswer>), AppError> {
    let category = change(&state, &staff, &headers, move |db, actor| {
        taxonomy::create_category(db, body.into_category(), actor)
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(AdminCategoryAnswer {
            status: SuccessStatus::Success,
            category: AdminCategory::of(category, 0),
        }),
    ))
}

/// Changes a category (titles, page name, order, parent: never under its own child); the key
/// cannot change.
#[utoipa::path(
    put,
    path = "/api/admin/categories/{key}",
    tag = "admin",
    security(("bearer" = [])),
    params(("key" = String, Path, description = "category key")),
    request_body = AdminCategory,
    responses(
        (status = 200, description = "The category", body = AdminCategoryAnswer),
        (status = 400, description = "`invalid_input`: one `field: problem` per line", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn update_category(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Path(key): Path<String>,
    Json(body): Json<AdminCategory>,
) -> Result<Json<AdminCategoryAnswer>, AppError> {
    let products = body.products;
    let category = change(&state, &staff, &headers, move |db, actor| {
        taxonomy::update_category(db, &key, body.into_category(), actor)
    })
    .await?;
    Ok(Json(AdminCategoryAnswer {
        status: SuccessStatus::Success,
        category: AdminCategory::of(category, products),
    }))
}

/// Deletes a category; refused (409 `in_use`, with the count) while products, child
/// categories or promotions use it.
#[utoipa::path(
    delete,
    path = "/api/admin/categories/{key}",
    tag = "admin",
    security(("bearer" = [])),
    params(("key" = String, Path, description = "category key")),
    responses(
        (status = 200, description = "Deleted", body = DeletedAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
        (status = 409, description = "`in_use`: products, child categories or promotions use it", body = ErrorAnswer),
    ),
)]
pub async fn delete_category(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Path(key): Path<String>,
) -> Result<Json<DeletedAnswer>, AppError> {
    deleted(&state, &staff, &headers, move |db, actor| {
        taxonomy::delete_category(db, &key, actor, &PromotionsNaming)
    })
    .await
}

/// Puts one parent's child categories (or the top ones) in a new order.
#[utoipa::path(
    post,
    path = "/api/admin/categories/order",
    tag = "admin",
    security(("bearer" = [])),
    request_body = OrderBody,
    responses(
        (status = 200, description = "Every category", body = AdminCategoriesAnswer),
        (status = 400, description = "`invalid_input`: not every sibling once", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn reorder_categories(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<OrderBody>,
) -> Result<Json<AdminCategoriesAnswer>, AppError> {
    change(&state, &staff, &headers, move |db, actor| {
        let parent = body.parent.as_deref().filter(|p| !p.is_empty());
        taxonomy::reorder_categories(db, parent, &body.keys, actor)
    })
    .await?;
    list_categories(State(state), staff).await
}
