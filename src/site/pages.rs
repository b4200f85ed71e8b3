//! Page requests: language prefixes, the `/en` redirect, the language cookie on `/`, real
//! 404s, and the app shell for every page that exists.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use super::first_paint;
use super::page_routes::{Resolution, RouteKind, SiteIndex, resolve};
use super::shell::{ShellPage, render};
use crate::catalog::cache::CatalogSnapshot;
use crate::content::cache::ContentSnapshot;
use crate::http::AppError;
use crate::i18n::Locale;
use crate::state::AppState;
pub use crate::state::page_cache::PageCache;

pub use crate::i18n::LANGUAGE_COOKIE;

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
    fn product_selling(&self, code: &str) -> Option<String> {
        let sold = self.catalog.sold(code)?;
        sold.variant.map(|_| sold.entry.code.clone())
    }
}

/// Every path that is not an API, asset or static file ends here.
pub async fn serve_page(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    seen: crate::handlers::insights::Seen,
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

    let (locale, path, kind, page_name, param, status) = match resolve(
        uri.path(),
        &Site {
            content: &content,
            catalog: &catalog,
        },
    ) {
        Resolution::Redirect(target) => {
            // The target may carry its own query (`?variant=`): the request's joins it.
            let query = match (target.contains('?'), uri.query()) {
                (true, Some(q)) => format!("&{q}"),
                _ => query,
            };
            return redirect(StatusCode::MOVED_PERMANENTLY, &format!("{target}{query}"));
        }
        Resolution::Page {
            locale,
            path,
            kind,
            page,
            param,
        } => (locale, path, Some(kind), page, param, StatusCode::OK),
        Resolution::NotFound { locale } => (
            locale,
            String::new(),
            None,
            None,
            None,
            StatusCode::NOT_FOUND,
        ),
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
    if found && method == Method::GET {
        count_shell(
            &state,
            &seen,
            &path,
            uri.query().unwrap_or(""),
            locale,
            &headers,
        );
    }
    // A listing's first paint depends on its query (a search's keyword, filters); a product
    // page's on its reviews (its rating), which change without a new catalogue snapshot.
    let rating = match (kind, param.as_deref()) {
        (Some(RouteKind::Product), Some(code)) if found => state.ratings.get(code),
        _ => None,
    };
    let mut cache_key = match uri.query() {
        Some(q) => format!("{}?{q}", uri.path()),
        None => uri.path().to_string(),
    };
    if let Some(rating) = rating {
        cache_key.push_str(&format!("#reviews={}", rating.count));
    }
    // A search page draws what the keyword finds with the synonyms in force, which staff change
    // without a new catalogue snapshot.
    if found && path == "/search" {
        cache_key.push_str(&format!("#synonyms={}", state.search.generation()));
    }
    // Drawn prices are after the promotions running now, which change without a snapshot
    // (staff edits, start and end times): their fingerprint is part of the key.
    let promotions = if found {
        state.pages.running_promotions(&state).await
    } else {
        Arc::default()
    };
    if !promotions.list.is_empty() {
        cache_key.push_str(&format!("#promotions={:x}", promotions.fingerprint));
    }
    let page = match state.pages.get(&content, &catalog, &cache_key) {
        Some(page) => page,
        None => {
            let plan = match (found, kind) {
                (true, Some(kind)) => first_paint::plan(
                    kind,
                    &path,
                    param.as_deref(),
                    uri.query().unwrap_or(""),
                    locale,
                ),
                _ => first_paint::Plan::default(),
            };
            let answers = first_paint::Answers::fetch(&state, &plan.urls).await;
            // The page's description and structured data want the whole product, which the
            // snapshot does not hold (`catalog::listed`).
            let product = match (kind, param.as_deref()) {
                (Some(RouteKind::Product), Some(code)) => {
                    catalog.described(&state.store, code).unwrap_or_else(|err| {
                        tracing::warn!(%err, code, "cannot read a product for its page");
                        catalog.product(code).cloned()
                    })
                }
                _ => None,
            };
            let html = render(
                &state.shell,
                &state.config,
                &content,
                &ShellPage {
                    locale,
                    path: &path,
                    found,
                    page_name: page_name.as_deref(),
                    product: product.as_ref(),
                    first_paint: Some((&plan, &answers)),
                    rating,
                    promotions: &promotions.list,
                },
            );
            state.pages.insert(&content, &catalog, cache_key, html)
        }
    };
    let mut response =
        page.respond_with_status(status, &headers, HeaderValue::from_static("no-cache"));
    if is_root {
        response.headers_mut().insert(
            header::VARY,
            HeaderValue::from_static("Accept-Encoding, Cookie"),
        );
    }
    response
}

/// Counts a page shell sent to a browser (docs/INSIGHTS.md): its page kind, the channel a
/// `?kcard=` names, the referrer's domain. Prefetches are not views, nor are fetches that are
/// not a page being opened (`Sec-Fetch-Dest` other than `document`: the service worker keeping
/// a copy of the page just shown).
fn count_shell(
    state: &AppState,
    seen: &crate::handlers::insights::Seen,
    path: &str,
    query: &str,
    locale: crate::i18n::Locale,
    headers: &HeaderMap,
) {
    let prefetch = ["sec-purpose", "purpose", "x-moz"].iter().any(|name| {
        headers
            .get(*name)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains("prefetch"))
    });
    let Some(page) = crate::insights::classify(if path.is_empty() { "/" } else { path }, query)
    else {
        return;
    };
    let not_a_page = headers
        .get("sec-fetch-dest")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|dest| dest != "document");
    if prefetch || not_a_page {
        return;
    }
    let named = url::form_urlencoded::parse(query.as_bytes())
        .find(|(name, _)| name == "kcard")
        .map(|(_, value)| value.into_owned())
        .filter(|name| crate::insights::valid_kcard(name));
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let referrer = headers
        .get(header::REFERER)
        .and_then(|v| v.to_str().ok())
        .map(|r| crate::insights::referrer_domain(r, host))
        .unwrap_or_default();
    state.insights.shell(
        crate::insights::PageHit {
            who: seen.who(),
            page,
            kcard: named.as_deref().unwrap_or(""),
            explicit_kcard: named.is_some(),
            locale,
            referrer,
        },
        crate::activity::now_millis(),
    );
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
    crate::http::cookies::read(headers, LANGUAGE_COOKIE).and_then(Locale::parse)
}
