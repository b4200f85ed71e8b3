//! Products (staff), one file per role: `list` (the filtered list and its CSV export), `edit`
//! (one product with its stock ledger; create, change with a version check, duplicate,
//! activate or deactivate, stock adjustments, bulk price and stock edits) and `import` (the
//! CSV import, previewed or applied). Thin handlers over `catalog::edit` and `catalog::import`
//! (docs/STAFF.md). The handlers are re-exported here so the route table and the OpenAPI
//! document name the menu, not its files.

mod edit;
mod import;
mod list;

pub use edit::*;
pub use import::*;
pub use list::*;

use crate::http::envelope::ErrorDetail;

/// The `error` of an answer that carries more than the usual error shape (the problems of a
/// product or an import, the stored product of a version conflict).
pub(super) fn detail(code: &str, message: String) -> ErrorDetail {
    ErrorDetail {
        code: code.into(),
        message,
    }
}
