//! Thin handlers for translations, labels, pages and the e-catalogue PDF.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::value::RawValue;

use super::model::{Page, PageSummary};
use crate::app::AppState;
use crate::embedded::Assets;
use crate::http::AppError;
use crate::http::assets::{REVALIDATE_DAILY, file_response};
use crate::i18n::Locale;

#[derive(Serialize)]
struct Data<'a> {
    status: &'static str,
    data: &'a RawValue,
}

fn data(json: &RawValue) -> Response {
    axum::Json(Data {
        status: "success",
        data: json,
    })
    .into_response()
}

/// `GET /api/file/locales`: every locale's messages, keyed by locale code.
pub async fn list_locales(State(state): State<AppState>) -> Response {
    data(&state.content.current().all_locales_json)
}

/// `GET /api/file/locales/{code}`: one locale's messages, English filled in where missing.
pub async fn get_locale(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> Result<Response, AppError> {
    let locale =
        Locale::parse(&code).ok_or_else(|| AppError::NotFound(format!("no locale {code:?}")))?;
    Ok(data(&state.content.current().messages(locale).json))
}

/// `GET /api/file/labels/{set}`: label groups (code tables), e.g. `system`.
pub async fn get_labels(
    State(state): State<AppState>,
    Path(set): Path<String>,
) -> Result<Response, AppError> {
    let content = state.content.current();
    let labels = content
        .labels
        .get(&set)
        .ok_or_else(|| AppError::NotFound(format!("no label set {set:?}")))?;
    Ok(data(labels))
}

#[derive(Serialize)]
struct PageList<'a> {
    status: &'static str,
    pages: Vec<PageSummary<'a>>,
}

/// `GET /api/file/pages/listdir`: the information pages, by name.
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
    axum::Json(PageList {
        status: "success",
        pages,
    })
    .into_response()
}

#[derive(Serialize)]
struct OnePage<'a> {
    status: &'static str,
    page: &'a Page,
}

/// `GET /api/file/pages/get/{*name}`: one information page.
pub async fn get_page(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Response, AppError> {
    let content = state.content.current();
    let page = content
        .page(&name)
        .ok_or_else(|| AppError::NotFound(format!("no page {name:?}")))?;
    Ok(axum::Json(OnePage {
        status: "success",
        page,
    })
    .into_response())
}

/// The one PDF the shop publishes.
pub const CATALOGUE_PDF: &str = "catalog-min.pdf";

/// `GET /api/file/pdf/get/{name}`: the e-catalogue. A copy the owner placed in
/// `<data_dir>/files/` replaces the one built into the binary.
pub async fn get_pdf(
    State(state): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    if name != CATALOGUE_PDF {
        return Err(AppError::NotFound(format!("no PDF named {name:?}")));
    }
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
            let file = Assets::get(CATALOGUE_PDF)
                .ok_or_else(|| AppError::NotFound("the e-catalogue is missing".into()))?;
            file_response(file, &headers, REVALIDATE_DAILY)
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
