//! Thin handlers for translations, labels, pages and the e-catalogue PDF.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::value::RawValue;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::catalog::cache::CatalogSnapshot;
use crate::content::model::{Localized, Page, PageSummary};
use crate::documents::catalogue::Built;
use crate::embedded::Assets;
use crate::http::AppError;
use crate::http::assets::{REVALIDATE_DAILY, file_response};
use crate::http::envelope::{ErrorAnswer, SuccessStatus};
use crate::http::json::Json;
use crate::http::openapi_shared::FileBody;
use crate::http::query_string::Query;
use crate::i18n::Locale;
use crate::state::AppState;
use std::sync::Arc;

// Translations and labels are kept serialised in the content snapshot and answered as they
// are (`RawValue`); the attributes say what that JSON holds.

/// `{status, data}`: every locale's messages, keyed by locale code.
#[derive(Serialize, ToSchema, TS)]
pub struct LocalesAnswer<'a> {
    pub status: SuccessStatus,
    /// Locale code (`en`, `th`, `my`, `km`, `id`) → its messages.
    #[schema(value_type = HashMap<String, Object>)]
    #[ts(type = "Record<string, Record<string, unknown>>")]
    pub data: &'a RawValue,
}

/// `{status, data}`: one locale's messages, nested groups of strings (`locales/en.json` is
/// the reference shape).
#[derive(Serialize, ToSchema, TS)]
pub struct LocaleAnswer<'a> {
    pub status: SuccessStatus,
    #[schema(value_type = Object)]
    #[ts(type = "Record<string, unknown>")]
    pub data: &'a RawValue,
}

/// `{status, data}`: label groups (code tables) → label key → its title in each language.
#[derive(Serialize, ToSchema, TS)]
pub struct LabelsAnswer<'a> {
    pub status: SuccessStatus,
    #[schema(value_type = HashMap<String, HashMap<String, Localized>>)]
    #[ts(as = "HashMap<String, HashMap<String, Localized>>")]
    pub data: &'a RawValue,
}

/// Every locale's messages, keyed by locale code.
#[utoipa::path(
    get,
    path = "/api/file/locales",
    tag = "file",
    responses((status = 200, description = "`data`: {en: {...}, th: {...}, my, km, id}", body = LocalesAnswer)),
)]
pub async fn list_locales(State(state): State<AppState>) -> Response {
    let content = state.content.current();
    Json(LocalesAnswer {
        status: SuccessStatus::Success,
        data: &content.all_locales_json,
    })
    .into_response()
}

/// One locale's messages, English filled in where a key is missing.
#[utoipa::path(
    get,
    path = "/api/file/locales/{code}",
    tag = "file",
    params(("code" = Locale, Path, description = "en, th, my, km or id")),
    responses(
        (status = 200, description = "The messages", body = LocaleAnswer),
        (status = 404, description = "`not_found`: no such locale", body = ErrorAnswer),
    ),
)]
pub async fn get_locale(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> Result<Response, AppError> {
    let locale =
        Locale::parse(&code).ok_or_else(|| AppError::NotFound(format!("no locale {code:?}")))?;
    let content = state.content.current();
    Ok(Json(LocaleAnswer {
        status: SuccessStatus::Success,
        data: &content.messages(locale).json,
    })
    .into_response())
}

/// The label groups (code tables) of a label set, e.g. `system`.
///
/// `system` holds `orderStatus`, `paymentMethod`, `provider`, `role`, `province`, `material`
/// and `colour`.
#[utoipa::path(
    get,
    path = "/api/file/labels/{set}",
    tag = "file",
    params(("set" = String, Path, description = "label set name, e.g. system")),
    responses(
        (status = 200, description = "The label groups", body = LabelsAnswer),
        (status = 404, description = "`not_found`: no such label set", body = ErrorAnswer),
    ),
)]
pub async fn get_labels(
    State(state): State<AppState>,
    Path(set): Path<String>,
) -> Result<Response, AppError> {
    let content = state.content.current();
    let labels = content
        .labels
        .get(&set)
        .ok_or_else(|| AppError::NotFound(format!("no label set {set:?}")))?;
    Ok(Json(LabelsAnswer {
        status: SuccessStatus::Success,
        data: labels,
    })
    .into_response())
}

/// `{status, pages}`
#[derive(Serialize, ToSchema, TS)]
pub struct PageListAnswer<'a> {
    pub status: SuccessStatus,
    pub pages: Vec<PageSummary<'a>>,
}

/// The information pages: name and title.
#[utoipa::path(
    get,
    path = "/api/file/pages/listdir",
    tag = "file",
    responses((status = 200, description = "Every page", body = PageListAnswer)),
)]
pub async fn list_pages(State(state): State<AppState>) -> Response {
    let content = state.content.current();
    let pages = content
        .pages
        .values()
        .map(|p| PageSummary {
            name: &p.name,
            title: &p.title,
        })
        .collect();
    Json(PageListAnswer {
        status: SuccessStatus::Success,
        pages,
    })
    .into_response()
}

/// `{status, page}`
#[derive(Serialize, ToSchema, TS)]
pub struct PageAnswer<'a> {
    pub status: SuccessStatus,
    pub page: &'a Page,
}

/// One information page.
///
/// The body is plain text (never HTML), paragraphs separated by blank lines.
#[utoipa::path(
    get,
    path = "/api/file/pages/get/{name}",
    tag = "file",
    params(("name" = String, Path, description = "page name, e.g. privacy or help/returns")),
    responses(
        (status = 200, description = "The page", body = PageAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn get_page(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Response, AppError> {
    let content = state.content.current();
    let page = content
        .page(&name)
        .ok_or_else(|| AppError::NotFound(format!("no page {name:?}")))?;
    Ok(Json(PageAnswer {
        status: SuccessStatus::Success,
        page,
    })
    .into_response())
}

/// The one PDF the shop publishes.
pub use crate::content::catalogue_upload::CATALOGUE_PDF;

/// `?lang=` of the e-catalogue.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams, TS)]
#[serde(default, deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PdfParams {
    /// `en`, `th`, `my`, `km` or `id`; left out: the visitor's chosen language, else English.
    #[ts(optional)]
    lang: Option<String>,
}

/// The e-catalogue PDF (`catalog-min.pdf`): today's products and prices in the requested
/// language.
///
/// A PDF the owner uploaded (kept in `<data_dir>/files/`) is served instead when present.
#[utoipa::path(
    get,
    path = "/api/file/pdf/get/{name}",
    tag = "file",
    params(("name" = String, Path, description = "catalog-min.pdf"), PdfParams),
    responses(
        (status = 200, description = "The PDF", content_type = "application/pdf", body = inline(FileBody)),
        (status = 304, description = "Not modified"),
        (status = 400, description = "`invalid_parameter`: a language the shop does not speak", body = ErrorAnswer),
        (status = 404, description = "`not_found`", body = ErrorAnswer),
    ),
)]
pub async fn get_pdf(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(params): Query<PdfParams>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    if name != CATALOGUE_PDF {
        return Err(AppError::NotFound(format!("no PDF named {name:?}")));
    }
    let lang = match params
        .lang
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        Some(code) => Locale::parse(code).ok_or_else(|| {
            AppError::bad_request(
                "invalid_parameter",
                format!("lang: {code:?} must be one of en, th, my, km, id"),
            )
        })?,
        None => crate::http::cookies::read(&headers, crate::i18n::LANGUAGE_COOKIE)
            .and_then(Locale::parse)
            .unwrap_or(Locale::En),
    };
    let replaced = state.config.files_dir().join(CATALOGUE_PDF);
    let mut response = match tokio::fs::read(&replaced).await {
        Ok(bytes) => {
            let mut response = bytes.into_response();
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            response
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            let built = match live_catalogue(&state, lang).await {
                Ok(built) => built,
                Err(err) => {
                    // The copy built into the binary stands in until the live one can be made.
                    tracing::error!(%err, "serving the built-in e-catalogue");
                    let file = Assets::get(CATALOGUE_PDF)
                        .ok_or_else(|| AppError::NotFound("the e-catalogue is missing".into()))?;
                    let mut response = file_response(file, &headers, REVALIDATE_DAILY);
                    response.headers_mut().insert(
                        header::CONTENT_TYPE,
                        HeaderValue::from_static("application/pdf"),
                    );
                    return Ok(response);
                }
            };
            let fresh = headers
                .get(header::IF_NONE_MATCH)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.split(',').any(|tag| tag.trim() == built.etag));
            let mut response = if fresh {
                axum::http::StatusCode::NOT_MODIFIED.into_response()
            } else {
                built.bytes.clone().into_response()
            };
            let out = response.headers_mut();
            out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            if let Ok(etag) = HeaderValue::from_str(&built.etag) {
                out.insert(header::ETAG, etag);
            }
            out.insert(header::VARY, HeaderValue::from_static("Cookie"));
            response
        }
        Err(err) => return Err(AppError::internal("reading the uploaded catalogue", err)),
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/pdf"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("inline; filename=\"catalog-min.pdf\""),
    );
    Ok(response)
}

/// The live e-catalogue in `lang`: the current copy; an older copy while a new one is being
/// made; built now only when the language was never asked for.
async fn live_catalogue(state: &AppState, lang: Locale) -> Result<Built, AppError> {
    let snapshot = state.catalog.current();
    let words = catalogue_words(state, lang);
    match state.catalogues.get(lang) {
        Some(built) if built.is_current(&snapshot, &words) => Ok(built),
        Some(older) => {
            rebuild_in_background(state, lang);
            Ok(older)
        }
        None => {
            let state = state.clone();
            crate::http::blocking("making the e-catalogue", move || {
                state.catalogues.start_building(lang);
                build(&state, &snapshot, lang)
            })
            .await
        }
    }
}

fn build(
    state: &AppState,
    snapshot: &Arc<CatalogSnapshot>,
    lang: Locale,
) -> Result<Built, AppError> {
    let files = state.config.files_dir();
    let started = std::time::Instant::now();
    let words = catalogue_words(state, lang);
    let built = state
        .catalogues
        .build(snapshot, lang, &words, &state.config.shop_name, &|path| {
            crate::handlers::images::read_original_blocking(&files, path)
        })
        .map_err(|err| AppError::internal("making the e-catalogue", err))?;
    tracing::info!(
        lang = lang.code(),
        bytes = built.bytes.len(),
        millis = started.elapsed().as_millis() as u64,
        "e-catalogue made"
    );
    Ok(built)
}

/// The e-catalogue's words in `lang` as the translation store has them now.
pub(crate) fn catalogue_words(
    state: &AppState,
    lang: Locale,
) -> crate::documents::catalogue::CatalogueWords {
    crate::documents::catalogue::CatalogueWords::from_words(&state.content.current().words(lang))
}

/// Starts a rebuild of `lang` unless one is running (also asked by the refresh job in
/// `application::jobs`).
pub(crate) fn rebuild_in_background(state: &AppState, lang: Locale) {
    if !state.catalogues.start_building(lang) {
        return;
    }
    let state = state.clone();
    tokio::task::spawn_blocking(move || {
        let snapshot = state.catalog.current();
        if let Err(err) = build(&state, &snapshot, lang) {
            tracing::warn!(%err, "the e-catalogue could not be rebuilt");
        }
    });
}
