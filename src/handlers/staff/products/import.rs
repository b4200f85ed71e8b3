//! The staff catalogue import (`/api/admin/catalog/import`): a CSV file as `kiosk catalog import`
//! reads it — the shop's own, or Shopify's or WooCommerce's product export (docs/IMPORT.md) —
//! previewed (every problem by line, what each row would change) or applied whole, through the
//! same `catalog::import` code as the command (docs/EXPORTS.md).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::detail;
use crate::accounts::permissions::need;
use crate::activity::Actor;
use crate::catalog::import::{self, ImportError, ImportOptions, ImportPreview};
use crate::handlers::auth::Can;
use crate::handlers::staff::who;
use crate::http::envelope::{ErrorAnswer, ErrorDetail, ErrorStatus, SuccessStatus};
use crate::http::json::Json;
use crate::http::{AppError, blocking};
use crate::state::AppState;

/// `{"csv": "...", "apply": false, "createCategories": false}`
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ImportBody {
    /// The file's text, as `kiosk catalog import` reads a .csv file: the shop's own catalogue
    /// CSV, or Shopify's or WooCommerce's product export (recognised by its header row).
    pub csv: String,
    /// `false` (default): only preview; `true`: write it all, or nothing if any row has a problem.
    #[serde(default)]
    #[ts(optional)]
    pub apply: Option<bool>,
    /// Shopify and WooCommerce files: create the categories they name that no category of the
    /// shop is titled (default: each is a problem).
    #[serde(default)]
    #[ts(optional)]
    pub create_categories: Option<bool>,
}

/// `{status, applied, preview}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ImportAnswer {
    pub status: SuccessStatus,
    /// Whether the rows were written (never when there are problems).
    pub applied: bool,
    pub preview: ImportPreview,
}

/// 400 `invalid_import`: the preview with every problem; nothing was written.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct ImportProblemsAnswer {
    pub status: ErrorStatus,
    pub error: ErrorDetail,
    pub preview: ImportPreview,
}

/// A CSV file as `kiosk catalog import` reads it: without `apply`, a preview of every problem
/// (by line) and of what each row would change, nothing written; with `apply: true`, all of it
/// is written, or nothing (400 `invalid_import` with the preview) if any row has a problem.
#[utoipa::path(
    post,
    path = "/api/admin/catalog/import",
    tag = "admin",
    security(("bearer" = [])),
    request_body = ImportBody,
    responses(
        (status = 200, description = "The preview, and whether it was applied", body = ImportAnswer),
        (status = 400, description = "`invalid_import`: problems, nothing written", body = ImportProblemsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs catalog.write", body = ErrorAnswer),
    ),
)]
pub async fn import_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    staff: Can<need::CatalogWrite>,
    Json(body): Json<ImportBody>,
) -> Response {
    let (name, channel) = who(&staff, &headers);
    let apply = body.apply.unwrap_or(false);
    let options = ImportOptions {
        create_categories: body.create_categories.unwrap_or(false),
    };
    // The import's own error is kept whole (its preview is the answer): the kit's `blocking`
    // carries it as the work's value.
    let work = blocking("catalogue import task", move || {
        let actor = Actor {
            name: &name,
            kcard: &channel,
        };
        Ok::<_, AppError>(preview_or_apply(&state, &body.csv, apply, options, actor))
    })
    .await;
    match work {
        Ok(Ok(preview)) => Json(ImportAnswer {
            status: SuccessStatus::Success,
            applied: apply,
            preview,
        })
        .into_response(),
        Ok(Err(ImportError::Problems(preview))) => (
            StatusCode::BAD_REQUEST,
            Json(ImportProblemsAnswer {
                status: ErrorStatus::Error,
                error: detail(
                    "invalid_import",
                    format!(
                        "{} problem(s) in the file, nothing was imported",
                        preview.problems.len()
                    ),
                ),
                preview: *preview,
            }),
        )
            .into_response(),
        Ok(Err(ImportError::Store(err))) => {
            AppError::internal("catalogue import", err).into_response()
        }
        Err(err) => err.into_response(),
    }
}

/// Without `apply`, the preview of the file; with it, the file written whole (nothing when any
/// row has a problem) and the catalogue snapshot reloaded.
fn preview_or_apply(
    state: &AppState,
    csv: &str,
    apply: bool,
    options: ImportOptions,
    actor: Actor,
) -> Result<ImportPreview, ImportError> {
    let db = &state.store;
    if !apply {
        return Ok(import::preview_text(db, csv, true, options)?);
    }
    // The catalogue's writer puts the new snapshot in force once the rows are written.
    import::apply_file(
        &crate::catalog::writer::CatalogWriter::new(db, &state.catalog),
        actor,
        csv.as_bytes(),
        true,
        true,
        options,
    )
}
