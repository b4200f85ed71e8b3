//! Every domain error turned into the API's error: one `From<…> for AppError` per domain error
//! type, in one file, so the status and `code` each failure answers can be read in one place
//! (docs/API.md lists the codes). The HTTP kit (`crate::http::error`) holds `AppError` itself
//! and its JSON shape and knows no domain; the domains know nothing of HTTP. A new domain error
//! gets its mapping here.
//!
//! Three failures answer more than the error shape and so answer beside their handlers: a
//! product change (`staff::products` `EditFailure`: every problem by field, or the stored
//! product on a version conflict), a catalogue import (the preview with its problems) and an
//! image upload (`staff::images` `UploadFailure`: a 413 naming the file).
//!
//! The store's own error stays in the kit (`AppError::store`, `From<StoreError>`): the kit's
//! net under every API route (`storage_full_answers`) reads the store to answer a full disk
//! as 507, and the store is ground, below every floor.

use crate::http::AppError;
use crate::http::error::STORAGE_FULL_RETRY_SECONDS;

// ---------------------------------------------------------------------------------------------
// accounts

impl From<crate::accounts::store::AccountError> for AppError {
    fn from(err: crate::accounts::store::AccountError) -> Self {
        use crate::accounts::store::AccountError;
        match err {
            AccountError::Invalid(message) => AppError::bad_request("invalid_input", message),
            AccountError::WeakPassword(message) => AppError::bad_request("weak_password", message),
            AccountError::NoPassword => AppError::bad_request(
                "no_password",
                "this account signs in with Google or Facebook and has no password",
            ),
            AccountError::Taken(name) => AppError::Conflict {
                code: "username_taken",
                message: format!("the username {name:?} is taken"),
            },
            AccountError::LookAlike(name) => AppError::Conflict {
                code: "username_taken",
                message: format!(
                    "the username {name:?} looks too much like an existing one; please choose another"
                ),
            },
            AccountError::NoSuchUser(who) => AppError::NotFound(format!("there is no user {who}")),
            AccountError::InvalidCredentials => AppError::InvalidCredentials,
            AccountError::Disabled => AppError::Refused {
                code: "account_disabled",
                message: "this account is disabled; please contact the shop".into(),
            },
            AccountError::Forbidden(message) => AppError::Forbidden(message),
            AccountError::InvalidResetLink => AppError::bad_request(
                "invalid_reset_link",
                "this password reset link is not valid any more; ask the shop for a new one",
            ),
            AccountError::NoMailForReset => AppError::Conflict {
                code: "reset_needs_email",
                message: err.to_string(),
            },
            AccountError::Busy(_) => AppError::Busy(2),
            AccountError::Store(err) => AppError::store("accounts", err),
        }
    }
}

/// The roles document (`PUT /api/admin/roles`).
impl From<crate::accounts::permissions::ReplaceError> for AppError {
    fn from(err: crate::accounts::permissions::ReplaceError) -> Self {
        use crate::accounts::permissions::ReplaceError;
        match err {
            ReplaceError::Invalid(problems) => {
                AppError::bad_request("invalid_roles", problems.join("; "))
            }
            ReplaceError::Store(err) => err.into(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// content

/// Information pages and translations.
impl From<crate::content::edit::ContentEditError> for AppError {
    fn from(err: crate::content::edit::ContentEditError) -> Self {
        use crate::content::edit::ContentEditError as EditError;
        match err {
            EditError::Invalid(problems) => {
                AppError::bad_request("invalid_content", problems.join("; "))
            }
            EditError::NotFound(message) => AppError::NotFound(message),
            EditError::Exists(message) => AppError::Conflict {
                code: "page_exists",
                message,
            },
            EditError::Store(err) => err.into(),
        }
    }
}

/// Site settings.
impl From<crate::content::settings::SaveError> for AppError {
    fn from(err: crate::content::settings::SaveError) -> Self {
        use crate::content::settings::SaveError;
        match err {
            SaveError::Invalid(problems) => {
                AppError::bad_request("invalid_settings", problems.join("; "))
            }
            SaveError::Store(err) => err.into(),
        }
    }
}

/// The e-catalogue PDF.
impl From<crate::content::catalogue_upload::UploadError> for AppError {
    fn from(err: crate::content::catalogue_upload::UploadError) -> Self {
        use crate::content::catalogue_upload::UploadError;
        match err {
            UploadError::NotPdf(reason) => AppError::bad_request("invalid_pdf", reason),
            UploadError::TooLarge { .. } => AppError::PayloadTooLarge,
            UploadError::Io(err) if crate::store::is_full_disk(&err) => {
                AppError::StorageFull(STORAGE_FULL_RETRY_SECONDS)
            }
            UploadError::Io(err) => AppError::internal("storing the e-catalogue", err),
            UploadError::Store(err) => err.into(),
        }
    }
}

/// Code tables (materials, colours, carriers…).
impl From<crate::content::labels::CodeError> for AppError {
    fn from(err: crate::content::labels::CodeError) -> Self {
        use crate::content::labels::CodeError;
        match err {
            CodeError::Invalid(problems) => {
                AppError::bad_request("invalid_input", problems.join("\n"))
            }
            CodeError::NotFound(message) => AppError::NotFound(message),
            CodeError::Exists(message) => AppError::Conflict {
                code: "already_exists",
                message,
            },
            CodeError::InUse(message) => AppError::Conflict {
                code: "in_use",
                message,
            },
            CodeError::Store(err) => err.into(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// search

/// Synonym groups.
impl From<crate::search::live::SynonymError> for AppError {
    fn from(err: crate::search::live::SynonymError) -> Self {
        use crate::search::live::SynonymError;
        match err {
            SynonymError::Invalid(problems) => {
                AppError::bad_request("invalid_input", problems.join("\n"))
            }
            SynonymError::Store(err) => err.into(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// catalog

/// The product list's filters (`/api/app/product/list`, `/api/app/search`).
impl From<crate::catalog::query::QueryError> for AppError {
    fn from(err: crate::catalog::query::QueryError) -> Self {
        AppError::bad_request("invalid_parameter", err.to_string())
    }
}

/// Rooms and categories.
impl From<crate::catalog::taxonomy::TaxonomyError> for AppError {
    fn from(err: crate::catalog::taxonomy::TaxonomyError) -> Self {
        use crate::catalog::taxonomy::TaxonomyError;
        match err {
            TaxonomyError::Invalid(problems) => {
                AppError::bad_request("invalid_input", problems.join("\n"))
            }
            TaxonomyError::NotFound(message) => AppError::NotFound(message),
            TaxonomyError::Exists(message) => AppError::Conflict {
                code: "already_exists",
                message,
            },
            TaxonomyError::InUse(message) => AppError::Conflict {
                code: "in_use",
                message,
            },
            TaxonomyError::Store(err) => err.into(),
        }
    }
}

/// A product's images (reorder, alt text, remove).
impl From<crate::catalog::uploads::ImagesError> for AppError {
    fn from(err: crate::catalog::uploads::ImagesError) -> Self {
        use crate::catalog::uploads::ImagesError;
        match err {
            ImagesError::NoProduct(_) => AppError::NotFound(err.to_string()),
            ImagesError::Invalid(message) => AppError::bad_request("invalid_input", message),
            ImagesError::VersionConflict { .. } => AppError::Conflict {
                code: "version_conflict",
                message: err.to_string(),
            },
            ImagesError::Io(message) => AppError::internal("storing images", message),
            ImagesError::Store(err) => AppError::internal("product images", err),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// pricing

/// Promotions and coupons.
impl From<crate::pricing::edit::PricingEditError> for AppError {
    fn from(err: crate::pricing::edit::PricingEditError) -> Self {
        use crate::pricing::edit::PricingEditError as EditError;
        match err {
            EditError::Invalid(problems) => {
                AppError::bad_request("invalid_input", problems.join("\n"))
            }
            EditError::NotFound(message) => AppError::NotFound(message),
            EditError::Exists(message) => AppError::Conflict {
                code: "already_exists",
                message,
            },
            EditError::Store(err) => err.into(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// orders

impl From<crate::orders::store::OrderError> for AppError {
    fn from(err: crate::orders::store::OrderError) -> Self {
        use crate::orders::store::OrderError;
        match err {
            OrderError::Invalid { code, message } => AppError::BadRequest { code, message },
            OrderError::Conflict { code, message } => AppError::Conflict { code, message },
            OrderError::NotFound(_) => AppError::NotFound(err.to_string()),
            OrderError::Forbidden(message) => AppError::Forbidden(message),
            OrderError::Store(err) => AppError::store("orders", err),
        }
    }
}
