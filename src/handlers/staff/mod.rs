//! Handlers of the staff area (`/api/admin/…`): each file (or folder, for products) is one menu
//! of the admin area. Every route names the permission it needs through `handlers::auth::Can`
//! (docs/STAFF.md). Below: what every staff file shares — who acts on a change, and a CSV
//! download. Domain errors become API errors in `handlers::errors`, blocking work runs through
//! the kit's `crate::http::blocking`.

pub mod codes;
pub mod content;
pub mod customers;
pub mod images;
pub mod insights;
pub mod mail_preview;
pub mod menus;
pub mod notifications;
pub mod orders;
pub mod products;
pub mod promotions;
pub mod reports;
pub mod staff_accounts;
pub mod synonyms;
pub mod taxonomy;

use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::handlers::auth::Can;

/// Who acts on a staff route, as every change records it: the signed-in username and the
/// channel the request came through (the `kcard` header).
pub fn who<P>(staff: &Can<P>, headers: &HeaderMap) -> (String, String) {
    (
        staff.caller().user.username.clone(),
        crate::http::kcard(headers),
    )
}

/// A CSV file to download as `filename`: UTF-8 starting with a byte-order mark, so spreadsheet
/// programs open Thai text right (docs/EXPORTS.md).
pub fn csv_download(text: &str, filename: &str) -> Response {
    let mut response = format!("\u{feff}{text}").into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    if let Ok(disposition) = HeaderValue::try_from(format!("attachment; filename=\"{filename}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, disposition);
    }
    response
}
