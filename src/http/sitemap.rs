//! `/sitemap.xml` and `/robots.txt`, generated from what the shop holds.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::shell::{escape, localized_url};
use crate::app::AppState;
use crate::catalog::model::url_slug;
use crate::i18n::Locale;

/// Paths that show information pages under a fixed name.
const FIXED_PAGES: &[&str] = &["about", "area", "privacy"];

/// `GET /sitemap.xml`: every indexable page in each language, with hreflang alternates.
pub async fn sitemap(State(state): State<AppState>) -> Response {
    let content = state.content.current();
    let catalog = state.catalog.current();
    let mut paths = vec!["/".to_string()];
    paths.extend(FIXED_PAGES.iter().map(|p| format!("/{p}")));
    paths.extend(
        content
            .pages
            .keys()
            .filter(|p| !FIXED_PAGES.contains(&p.as_str()))
            .map(|p| format!("/info/{p}")),
    );
    paths.extend(
        catalog
            .rooms
            .iter()
            .map(|r| format!("/room/{}", url_slug(r.page_name.as_deref(), &r.key))),
    );
    paths.extend(
        catalog
            .categories()
            .iter()
            .map(|c| format!("/category/{}", url_slug(c.page_name.as_deref(), &c.key))),
    );
    paths.extend(
        catalog
            .products
            .iter()
            .filter(|p| p.active)
            .map(|p| format!("/products/{}", p.code)),
    );

    let base = &state.config.public_url;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for path in &paths {
        for locale in Locale::ALL {
            xml.push_str(&format!(
                "<url><loc>{}</loc>",
                escape(&localized_url(base, locale, path))
            ));
            for alternate in Locale::ALL {
                xml.push_str(&format!(
                    "<xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>",
                    alternate.html_lang(),
                    escape(&localized_url(base, alternate, path))
                ));
            }
            xml.push_str("</url>\n");
        }
    }
    xml.push_str("</urlset>\n");
    with_type(xml, "application/xml; charset=utf-8")
}

/// `GET /robots.txt`: keep crawlers out of the API, the staff area and private screens.
pub async fn robots(State(state): State<AppState>) -> Response {
    let mut text = String::from("User-agent: *\nAllow: /\nDisallow: /api/\n");
    for private in [
        "/admin",
        "/cart",
        "/cartres",
        "/order",
        "/user",
        "/mobile/account",
    ] {
        text.push_str(&format!("Disallow: {private}\n"));
        for locale in Locale::ALL.into_iter().filter(|l| *l != Locale::DEFAULT) {
            text.push_str(&format!("Disallow: {}{private}\n", locale.prefix()));
        }
    }
    text.push_str(&format!(
        "Sitemap: {}/sitemap.xml\n",
        state.config.public_url
    ));
    with_type(text, "text/plain; charset=utf-8")
}

fn with_type(body: String, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    response
}
