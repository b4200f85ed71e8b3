//! Staff handlers for the shop's content: information pages, translations, site settings and
//! the e-catalogue PDF. Thin: the rules live in `content::edit`, `content::settings` and
//! `content::catalogue_upload`; after each change the content snapshot is rebuilt so the storefront
//! shows it at once. Every route needs `settings.write`.

use axum::extract::{Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};

use crate::accounts::permissions::need;
use crate::activity::Actor;
use crate::content::catalogue_upload::{self, CatalogueFile};
use crate::content::edit::{self, PageInput, TranslationInput, TranslationRow};
use crate::content::model::{Localized, Page};
use crate::content::settings::{self, SiteSettings};
use crate::handlers::auth::Can;
use crate::handlers::staff::who;
use crate::http::AppError;
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::query_string::Query;
use crate::i18n::Locale;
use crate::state::AppState;

/// Runs blocking database work and then rebuilds the content snapshot.
async fn changing<T: Send + 'static, E: Into<AppError> + Send + 'static>(
    state: &AppState,
    work: impl FnOnce(&crate::store::Store) -> Result<T, E> + Send + 'static,
) -> Result<T, AppError> {
    let (store, content) = (state.store.clone(), state.content.clone());
    tokio::task::spawn_blocking(move || {
        let value = work(&store).map_err(Into::into)?;
        content.reload(&store).map_err(AppError::from)?;
        Ok::<_, AppError>(value)
    })
    .await
    .map_err(|err| AppError::internal("content task", err))?
}

async fn reading<T: Send + 'static, E: Into<AppError> + Send + 'static>(
    state: &AppState,
    work: impl FnOnce(&crate::store::Store) -> Result<T, E> + Send + 'static,
) -> Result<T, AppError> {
    let store = state.store.clone();
    tokio::task::spawn_blocking(move || work(&store).map_err(Into::into))
        .await
        .map_err(|err| AppError::internal("content task", err))?
}

// ---------------------------------------------------------------------------------------------
// Pages

/// `{status, pages}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminPagesAnswer {
    pub status: SuccessStatus,
    /// Every page, published or not, by name.
    pub pages: Vec<Page>,
}

/// `{status, page}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct AdminPageAnswer {
    pub status: SuccessStatus,
    pub page: Page,
}

/// A new page: its name (the address, `/content/{name}` and `/info/{name}`) and content.
#[derive(Debug, Clone, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
pub struct NewPageBody {
    /// Lowercase letters, digits and `-` (`returns`), optionally `section/page`.
    pub name: String,
    pub title: Localized,
    /// Markdown per language.
    pub body: Localized,
    #[serde(default = "published")]
    #[ts(as = "Option<bool>", optional)]
    pub published: bool,
}

fn published() -> bool {
    true
}

/// Every information page, published or not.
#[utoipa::path(
    get,
    path = "/api/admin/pages",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The pages", body = AdminPagesAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
    ),
)]
pub async fn list_pages(
    State(state): State<AppState>,
    _staff: Can<need::SettingsWrite>,
) -> Result<Json<AdminPagesAnswer>, AppError> {
    let pages = reading(&state, edit::list_pages).await?;
    Ok(Json(AdminPagesAnswer {
        status: SuccessStatus::Success,
        pages,
    }))
}

/// Creates an information page; live at once.
#[utoipa::path(
    post,
    path = "/api/admin/pages",
    tag = "admin",
    security(("bearer" = [])),
    request_body = NewPageBody,
    responses(
        (status = 201, description = "The new page", body = AdminPageAnswer),
        (status = 400, description = "`invalid_content` (every problem as `field: message`), `invalid_json`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
        (status = 409, description = "`page_exists`", body = ErrorAnswer),
    ),
)]
pub async fn create_page(
    State(state): State<AppState>,
    staff: Can<need::SettingsWrite>,
    headers: HeaderMap,
    Json(body): Json<NewPageBody>,
) -> Result<(StatusCode, Json<AdminPageAnswer>), AppError> {
    let (actor, channel) = who(&staff, &headers);
    let page = changing(&state, move |store| {
        let editor = Actor {
            name: &actor,
            kcard: &channel,
        };
        let name = body.name.trim().to_string();
        let input = PageInput {
            title: body.title,
            body: body.body,
            published: body.published,
        };
        edit::save_page(store, editor, &name, input, true)
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(AdminPageAnswer {
            status: SuccessStatus::Success,
            page,
        }),
    ))
}

/// Replaces a page's titles, bodies (Markdown) and whether it is published; live at once.
#[utoipa::path(
    put,
    path = "/api/admin/pages/{name}",
    tag = "admin",
    security(("bearer" = [])),
    params(("name" = String, Path, description = "page name, e.g. about or help/returns")),
    request_body = PageInput,
    responses(
        (status = 200, description = "The saved page", body = AdminPageAnswer),
        (status = 400, description = "`invalid_content` (every problem as `field: message`), `invalid_json`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn update_page(
    State(state): State<AppState>,
    staff: Can<need::SettingsWrite>,
    headers: HeaderMap,
    Path(name): Path<String>,
    Json(body): Json<PageInput>,
) -> Result<Json<AdminPageAnswer>, AppError> {
    let (actor, channel) = who(&staff, &headers);
    let page = changing(&state, move |store| {
        let editor = Actor {
            name: &actor,
            kcard: &channel,
        };
        edit::save_page(store, editor, &name, body, false)
    })
    .await?;
    Ok(Json(AdminPageAnswer {
        status: SuccessStatus::Success,
        page,
    }))
}

// ---------------------------------------------------------------------------------------------
// Translations

/// `{status, rows}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct TranslationsAnswer {
    pub status: SuccessStatus,
    /// Every message key, sorted.
    pub rows: Vec<TranslationRow>,
}

/// `{status, row}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct TranslationAnswer {
    pub status: SuccessStatus,
    pub row: TranslationRow,
}

/// Every message key with its text in each language (empty where missing).
#[utoipa::path(
    get,
    path = "/api/admin/translations",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every key", body = TranslationsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
    ),
)]
pub async fn list_translations(
    State(state): State<AppState>,
    _staff: Can<need::SettingsWrite>,
) -> Result<Json<TranslationsAnswer>, AppError> {
    let rows = reading(&state, edit::list_translations).await?;
    Ok(Json(TranslationsAnswer {
        status: SuccessStatus::Success,
        rows,
    }))
}

/// Saves the texts of one key; the storefront and `/api/file/locales` serve them at once.
/// The owner's texts are kept apart from the shipped ones, so upgrades keep them.
#[utoipa::path(
    put,
    path = "/api/admin/translations",
    tag = "admin",
    security(("bearer" = [])),
    request_body = TranslationInput,
    responses(
        (status = 200, description = "The key as saved", body = TranslationAnswer),
        (status = 400, description = "`invalid_content`, `invalid_json`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
        (status = 404, description = "`not_found`: no such key", body = ErrorAnswer),
    ),
)]
pub async fn save_translation(
    State(state): State<AppState>,
    staff: Can<need::SettingsWrite>,
    headers: HeaderMap,
    Json(body): Json<TranslationInput>,
) -> Result<Json<TranslationAnswer>, AppError> {
    let (actor, channel) = who(&staff, &headers);
    let row = changing(&state, move |store| {
        let editor = Actor {
            name: &actor,
            kcard: &channel,
        };
        edit::save_translation(store, editor, body)
    })
    .await?;
    Ok(Json(TranslationAnswer {
        status: SuccessStatus::Success,
        row,
    }))
}

// ---------------------------------------------------------------------------------------------
// Site settings

/// `{status, settings}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct SettingsAnswer {
    pub status: SuccessStatus,
    pub settings: SiteSettings,
}

/// The site settings in force (derived from the configuration until first saved).
#[utoipa::path(
    get,
    path = "/api/admin/settings",
    tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The settings", body = SettingsAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
    ),
)]
pub async fn get_settings(
    State(state): State<AppState>,
    _staff: Can<need::SettingsWrite>,
) -> Json<SettingsAnswer> {
    Json(SettingsAnswer {
        status: SuccessStatus::Success,
        settings: state.content.current().settings(&state.config),
    })
}

/// Replaces the site settings: info-bar text, contact links (https only, or phone, e-mail,
/// LINE id), menus, shipping. Live at once.
#[utoipa::path(
    put,
    path = "/api/admin/settings",
    tag = "admin",
    security(("bearer" = [])),
    request_body = SiteSettings,
    responses(
        (status = 200, description = "The saved settings", body = SettingsAnswer),
        (status = 400, description = "`invalid_settings` (every problem as `field: message`), `invalid_json`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
    ),
)]
pub async fn put_settings(
    State(state): State<AppState>,
    staff: Can<need::SettingsWrite>,
    headers: HeaderMap,
    Json(body): Json<SiteSettings>,
) -> Result<Json<SettingsAnswer>, AppError> {
    let (actor, channel) = who(&staff, &headers);
    let before = state.content.current().settings(&state.config);
    let settings = changing(&state, move |store| {
        settings::save(store, &actor, &channel, &before, body)
    })
    .await?;
    Ok(Json(SettingsAnswer {
        status: SuccessStatus::Success,
        settings,
    }))
}

// ---------------------------------------------------------------------------------------------
// E-catalogue

/// `{status, file, live}`
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
pub struct CatalogueAnswer {
    pub status: SuccessStatus,
    pub file: CatalogueFile,
    /// What shoppers download while no file is uploaded: the catalogue the shop draws from
    /// its products (the built-in copy only stands in when that cannot be made). Absent when
    /// an uploaded file is served.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub live: Option<LiveCatalogue>,
}

/// The drawn e-catalogue in one language, as shoppers get it now.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
pub struct LiveCatalogue {
    /// The language of this copy (`th`); each language has its own.
    pub lang: String,
    /// True while the copy is being drawn (the first time, or after a catalogue change): ask
    /// again shortly. Drawing a large catalogue takes longer than a request may wait.
    pub drawing: bool,
    /// Size and pages of the copy served now; absent before the first copy exists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pages: Option<u32>,
    /// When it was drawn (unix milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub made_at: Option<u64>,
}

/// The e-catalogue facts for the staff page: the drawn copy in `lang` when nothing is
/// uploaded, else none. Never waits for a drawing: one is started when there is no current
/// copy, and the answer says so.
fn live_facts(state: &AppState, file: &CatalogueFile, lang: Locale) -> Option<LiveCatalogue> {
    if file.uploaded {
        return None;
    }
    let snapshot = state.catalog.current();
    let built = state.catalogues.get(lang);
    let words = crate::handlers::content::catalogue_words(state, lang);
    let current = built
        .as_ref()
        .is_some_and(|b| b.is_current(&snapshot, &words));
    if !current {
        crate::handlers::content::rebuild_in_background(state, lang);
    }
    Some(LiveCatalogue {
        lang: lang.code().to_string(),
        drawing: !current,
        bytes: built.as_ref().map(|b| b.bytes.len() as u64),
        pages: built
            .as_ref()
            .map(|b| u32::try_from(b.pages).unwrap_or(u32::MAX)),
        made_at: built.as_ref().map(|b| b.made_at),
    })
}

/// Which copy the staff page describes: `?lang=` (a shop language), else Thai.
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema, TS)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct CatalogueQuery {
    #[ts(optional)]
    pub lang: Option<String>,
}

/// The e-catalogue PDF served now: uploaded or built in, and its size.
#[utoipa::path(
    get,
    path = "/api/admin/catalogue-pdf",
    tag = "admin",
    security(("bearer" = [])),
    params(CatalogueQuery),
    responses(
        (status = 200, description = "The current file", body = CatalogueAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
    ),
)]
pub async fn get_catalogue(
    State(state): State<AppState>,
    _staff: Can<need::SettingsWrite>,
    Query(query): Query<CatalogueQuery>,
) -> Json<CatalogueAnswer> {
    let lang = query
        .lang
        .as_deref()
        .and_then(Locale::parse)
        .unwrap_or(Locale::Th);
    let file = catalogue_upload::current(&state.config.files_dir());
    let live = live_facts(&state, &file, lang);
    Json(CatalogueAnswer {
        status: SuccessStatus::Success,
        file,
        live,
    })
}

/// Replaces the e-catalogue PDF (`multipart/form-data`, field `file`). The file must be a
/// whole PDF (`%PDF-` at the start, `%%EOF` at the end) of at most `uploads.pdf_max_bytes`
/// (20 MB by default).
#[utoipa::path(
    post,
    path = "/api/admin/catalogue-pdf",
    tag = "admin",
    security(("bearer" = [])),
    request_body(content_type = "multipart/form-data", content = inline(crate::http::openapi_shared::FileBody), description = "field `file`: the PDF"),
    responses(
        (status = 201, description = "Stored; served at once", body = CatalogueAnswer),
        (status = 400, description = "`invalid_pdf` with the reason, `invalid_upload`", body = ErrorAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorAnswer),
        (status = 403, description = "`forbidden`: needs settings.write", body = ErrorAnswer),
        (status = 413, description = "`payload_too_large`", body = ErrorAnswer),
    ),
)]
pub async fn upload_catalogue(
    State(state): State<AppState>,
    staff: Can<need::SettingsWrite>,
    headers: HeaderMap,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<(StatusCode, Json<CatalogueAnswer>), AppError> {
    let mut multipart = multipart.map_err(|rejection| {
        AppError::bad_request(
            "invalid_upload",
            format!("send the PDF as multipart/form-data in the field \"file\" ({rejection})"),
        )
    })?;
    let limit = state.config.uploads.pdf_max_bytes;
    let too_large = |err: &axum::extract::multipart::MultipartError| {
        err.status() == StatusCode::PAYLOAD_TOO_LARGE
    };
    let mut upload: Option<(String, Vec<u8>)> = None;
    while let Some(mut field) = multipart.next_field().await.map_err(|err| {
        if too_large(&err) {
            AppError::PayloadTooLarge
        } else {
            AppError::bad_request("invalid_upload", err.body_text())
        }
    })? {
        if field.name() != Some("file") {
            continue;
        }
        if upload.is_some() {
            return Err(AppError::bad_request(
                "invalid_upload",
                "send one file: the e-catalogue is a single PDF",
            ));
        }
        let file_name = field.file_name().unwrap_or("upload.pdf").to_string();
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(|err| {
            if too_large(&err) {
                AppError::PayloadTooLarge
            } else {
                AppError::bad_request("invalid_upload", err.body_text())
            }
        })? {
            if (bytes.len() + chunk.len()) as u64 > limit {
                return Err(AppError::PayloadTooLarge);
            }
            bytes.extend_from_slice(&chunk);
        }
        upload = Some((file_name, bytes));
    }
    let (file_name, bytes) = upload.ok_or_else(|| {
        AppError::bad_request(
            "invalid_upload",
            "no file: send the PDF in the field \"file\"",
        )
    })?;
    let (store, files_dir) = (state.store.clone(), state.config.files_dir());
    let (actor, channel) = who(&staff, &headers);
    let file = tokio::task::spawn_blocking(move || {
        catalogue_upload::store_upload(&store, &files_dir, &actor, &channel, &file_name, &bytes)
    })
    .await
    .map_err(|err| AppError::internal("storing the e-catalogue", err))??;
    Ok((
        StatusCode::CREATED,
        Json(CatalogueAnswer {
            status: SuccessStatus::Success,
            file,
            live: None,
        }),
    ))
}
