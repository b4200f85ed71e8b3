//! Handlers of the staff area (`/api/admin/…`): each file is one menu of the admin area. Every
//! route names the permission it needs through `handlers::auth::Can` (docs/STAFF.md).

pub mod codes;
pub mod content;
pub mod customers;
pub mod images;
pub mod menus;
pub mod notifications;
pub mod orders;
pub mod products;
pub mod promotions;
pub mod reports;
pub mod staff;
pub mod synonyms;
pub mod taxonomy;

use axum::http::HeaderMap;

use crate::handlers::auth::Can;

/// Who acts on a staff route, as every change records it: the signed-in username and the
/// channel the request came through (the `kcard` header).
pub fn who<P>(staff: &Can<P>, headers: &HeaderMap) -> (String, String) {
    (
        staff.caller().user.username.clone(),
        crate::http::kcard(headers),
    )
}
