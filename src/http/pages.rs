//! Page requests: language prefixes, the `/en` redirect, the language cookie on `/`, real
//! 404s, and the app shell for every page that exists.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use super::AppError;
use super::page_routes::{Resolution, RouteKind, SiteIndex, resolve};
use super::shell::{ShellPage, render};
use crate::app::AppState;
use crate::catalog::cache::CatalogSnapshot;
use crate::content::cache::ContentSnapshot;
use crate::i18n::Locale;

/// The cookie the language chooser sets (SPEC.md §9); honoured on `/` only.
pub const LANGUAGE_COOKIE: &str = "i18n_redirected";

struct Site<'a> {
    content: &'a ContentSnapshot,
    catalog: &'a CatalogSnapshot,
}

impl SiteIndex for Site<'_> {
    fn has_page(&self, name: &str) -> bool {
        self.content.page(name).is_some()
    }
    fn has_room(&self, slug: &str) -> bool {
        self.catalog.has_room(slug)
    }
    fn has_category(&self, slug: &str) -> bool {
        self.catalog.has_category(slug)
    }
    fn has_product(&self, code: &str) -> bool {
        self.catalog.product(code).is_some()
    }
}

/// Every path that is not an API, asset or static file ends here.
pub async fn serve_page(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let mut response = AppError::MethodNotAllowed.into_response();
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    let content = state.content.current();
    let catalog = state.catalog.current();
    let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();

    let (locale, path, page_name, product_code, status) = match resolve(
        uri.path(),
        &Site {
            content: &content,
            catalog: &catalog,
        },
    ) {
        Resolution::Redirect(target) => {
            return redirect(StatusCode::MOVED_PERMANENTLY, &format!("{target}{query}"));
        }
        Resolution::Page {
            locale,
            path,
            kind,
            page,
            param,
        } => {
            let product = if kind == RouteKind::Product {
                param
            } else {
                None
            };
            (locale, path, page, product, StatusCode::OK)
        }
        Resolution::NotFound { locale } => {
            (locale, String::new(), None, None, StatusCode::NOT_FOUND)
        }
    };

    let is_root = uri.path() == "/";
    if is_root && let Some(chosen) = cookie_locale(&headers).filter(|l| *l != Locale::DEFAULT) {
        let mut response = redirect(StatusCode::FOUND, &format!("{}{query}", chosen.prefix()));
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static("Cookie"));
        return response;
    }

    let found = status == StatusCode::OK;
    let html = render(
        &state.shell,
        &state.config,
        &content,
        &ShellPage {
            locale,
            path: &path,
            found,
            page_name: page_name.as_deref(),
            product: product_code
                .as_deref()
                .and_then(|code| catalog.product(code)),
        },
    );
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if is_root {
        headers.insert(header::VARY, HeaderValue::from_static("Cookie"));
    }
    response
}

fn redirect(status: StatusCode, location: &str) -> Response {
    // Targets are built from our own path segments; a leading "//" would make the browser
    // treat the rest as a host, so it is collapsed.
    let location = if location.starts_with("//") {
        format!("/{}", location.trim_start_matches('/'))
    } else {
        location.to_string()
    };
    let mut response = status.into_response();
    if let Ok(value) = HeaderValue::from_str(&location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

/// The language the visitor chose with the language chooser, if any.
pub fn cookie_locale(headers: &HeaderMap) -> Option<Locale> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == LANGUAGE_COOKIE)
        .and_then(|(_, value)| Locale::parse(value.trim()))
}
