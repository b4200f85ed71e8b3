//! First paint from the server (issue 17): the page HTML carries the catalogue answers the app
//! would fetch first (`<script type="application/json" id="kiosk-data">`, keyed by the request
//! URL the app will build) and the markup of what is above the fold — a product's photo, name
//! and price; a listing's title and first cards; the home page's introduction. A shopper on a
//! slow phone reads the page before any script has run, and the app starts from the same
//! answers without asking again.
//!
//! This file plans a first paint and fetches its answers; `first_paint/markup.rs` draws it.
//! The answers are made by the real handlers, called through a small router of the public
//! catalogue routes, so they are byte for byte what the API answers (and share its caches).

use axum::Router;
use axum::body::{Body, Bytes, to_bytes};
use axum::http::{Request, StatusCode};
use axum::routing::get;
use serde_json::Value;
use tower::ServiceExt;

use super::page_routes::RouteKind;
use super::shell::{escape, script_safe};
use crate::content::cache::LocaleMessages;
use crate::domain::Satang;
use crate::i18n::Locale;
use crate::pricing::promotion::{Promotion, applies};
use crate::pricing::{Discount, Line};
use crate::state::AppState;

mod markup;

pub use markup::{LcpImage, markup, money, preload_link};

/// The element id the app reads the answers from (`ui/src/api/prefetched.ts`).
pub const DATA_ELEMENT_ID: &str = "kiosk-data";

/// How many cards of a listing are drawn by the server: two rows on a phone, the first row
/// and a half on a desktop — more is below the fold and only adds bytes.
const FIRST_CARDS: usize = 4;

/// What the app asks for first on a page, and what the server draws from it.
#[derive(Debug, Default, PartialEq)]
pub struct Plan {
    /// Request URLs in the app's normal form (see `normal_url`).
    pub urls: Vec<String>,
    pub draw: Draw,
}

#[derive(Debug, Default, PartialEq)]
pub enum Draw {
    #[default]
    Nothing,
    Home,
    /// A room, category or search listing: its heading and its first cards (from `urls[list]`).
    Listing {
        list: usize,
        heading: Heading,
    },
    /// `/products/{code}` (from `urls[product]`), with the variant `?variant=` chose (an
    /// unknown or hidden one: the product's default variant).
    Product {
        product: usize,
        variant: Option<String>,
    },
}

impl Draw {
    /// The app's name of the page chunk this drawing stands in for (`data-route`).
    pub fn route(&self) -> &'static str {
        match self {
            Draw::Home => "home",
            Draw::Listing {
                heading: Heading::Room(_),
                ..
            } => "room",
            Draw::Listing {
                heading: Heading::Category(_),
                ..
            } => "category",
            Draw::Listing {
                heading: Heading::Search(_),
                ..
            } => "search",
            Draw::Product { .. } => "product",
            Draw::Nothing => "",
        }
    }
}

#[derive(Debug, PartialEq)]
pub enum Heading {
    Room(String),
    Category(String),
    Search(String),
}

/// The page's first requests. `query` is the page's own query string (without `?`): listings
/// with filters in their address are left to the app, which builds those requests itself.
pub fn plan(kind: RouteKind, path: &str, param: Option<&str>, query: &str, locale: Locale) -> Plan {
    let lang = locale.code();
    let mut urls = vec![
        "/api/app/room/list".to_string(),
        "/api/app/category/tree".to_string(),
    ];
    let draw = match (kind, param) {
        (RouteKind::Home, _) => {
            urls.push(normal_url(
                "/api/app/product/list",
                &[("sort", "popular"), ("limit", "24"), ("lang", lang)],
            ));
            urls.push(normal_url(
                "/api/app/product/list",
                &[("sort", "newest"), ("limit", "8"), ("lang", lang)],
            ));
            Draw::Home
        }
        (RouteKind::Room, Some(key)) if query.is_empty() => {
            urls.push(normal_url(
                "/api/app/product/list",
                &[("room", key), ("limit", "24"), ("lang", lang)],
            ));
            Draw::Listing {
                list: urls.len() - 1,
                heading: Heading::Room(key.to_string()),
            }
        }
        (RouteKind::Category, Some(key)) if query.is_empty() => {
            urls.push(normal_url(
                "/api/app/product/list",
                &[("category", key), ("limit", "24"), ("lang", lang)],
            ));
            Draw::Listing {
                list: urls.len() - 1,
                heading: Heading::Category(key.to_string()),
            }
        }
        (RouteKind::Product, Some(code)) => {
            urls.push(format!("/api/app/product/get/{}", path_segment(code)));
            urls.push(normal_url(
                &format!("/api/app/product/related/{}", path_segment(code)),
                &[("lang", lang)],
            ));
            Draw::Product {
                product: urls.len() - 2,
                variant: chosen_variant(query),
            }
        }
        (RouteKind::Screen, _) if path == "/search" => match only_keyword(query) {
            Some(keyword) => {
                urls.push(normal_url(
                    "/api/app/search",
                    &[("keyword", &keyword), ("limit", "24"), ("lang", lang)],
                ));
                Draw::Listing {
                    list: urls.len() - 1,
                    heading: Heading::Search(keyword),
                }
            }
            None => Draw::Nothing,
        },
        _ => Draw::Nothing,
    };
    // Catalogue pages name materials and colours from the code tables.
    if matches!(draw, Draw::Listing { .. } | Draw::Product { .. }) {
        urls.push(SYSTEM_LABELS.to_string());
    }
    Plan { urls, draw }
}

const SYSTEM_LABELS: &str = "/api/file/labels/system";

/// `path?name=value…` with the parameters sorted by name and written as
/// `application/x-www-form-urlencoded` — what `URLSearchParams.sort()` + `toString()` gives, so
/// the app finds an answer whatever order it builds its parameters in.
pub fn normal_url(path: &str, params: &[(&str, &str)]) -> String {
    let mut sorted = params.to_vec();
    sorted.sort_by(|a, b| a.0.cmp(b.0));
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (name, value) in sorted {
        query.append_pair(name, value);
    }
    let query = query.finish();
    if query.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{query}")
    }
}

/// What `encodeURIComponent` leaves as it is.
const COMPONENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// A product code as one path segment, as the app's `productApiPath` writes it.
fn path_segment(code: &str) -> String {
    percent_encoding::utf8_percent_encode(code, COMPONENT).to_string()
}

/// The keyword of a search page whose address holds nothing else (filters are the app's).
fn only_keyword(query: &str) -> Option<String> {
    let mut keyword = None;
    for (name, value) in url::form_urlencoded::parse(query.as_bytes()) {
        if name != "keyword" || keyword.is_some() {
            return None;
        }
        keyword = Some(value.trim().to_string());
    }
    keyword.filter(|k| !k.is_empty() && k.chars().count() <= 100)
}

/// The variant code a product page's address chooses (`?variant=SF-1001-GRY-3`,
/// docs/VARIANTS.md §5), when it looks like a code.
fn chosen_variant(query: &str) -> Option<String> {
    url::form_urlencoded::parse(query.as_bytes())
        .find(|(name, _)| name == "variant")
        .map(|(_, value)| value.trim().to_string())
        .filter(|code| crate::catalog::model::is_product_code(code))
}

/// The answers, in the order of `plan.urls`; `None` where the API did not answer 200.
pub struct Answers(Vec<Option<Bytes>>);

impl Answers {
    pub async fn fetch(state: &AppState, urls: &[String]) -> Answers {
        let router = catalogue_api(state.clone());
        let mut answers = Vec::with_capacity(urls.len());
        for url in urls {
            answers.push(answer(&router, url).await);
        }
        Answers(answers)
    }

    fn json(&self, index: usize) -> Option<Value> {
        let bytes = self.0.get(index)?.as_ref()?;
        serde_json::from_slice(bytes).ok()
    }

    /// `<script type="application/json" id="kiosk-data">{"url": answer, …}</script>`.
    pub fn script(&self, urls: &[String]) -> String {
        let mut out = String::from("{");
        for (url, body) in urls.iter().zip(&self.0) {
            let Some(body) = body else { continue };
            let Ok(text) = std::str::from_utf8(body) else {
                continue;
            };
            if out.len() > 1 {
                out.push(',');
            }
            out.push_str(&serde_json::to_string(url).unwrap_or_default());
            out.push(':');
            out.push_str(text);
        }
        out.push('}');
        format!(
            "<script type=\"application/json\" id=\"{DATA_ELEMENT_ID}\">{}</script>\n",
            script_safe(&out)
        )
    }
}

/// The public catalogue routes the app serves (and the code tables that name materials and
/// colours).
fn catalogue_api(state: AppState) -> Router {
    crate::handlers::catalog::first_answers()
        .route(
            "/api/file/labels/{set}",
            get(crate::handlers::content::get_labels),
        )
        .with_state(state)
}

/// Answers bigger than this are left for the app to fetch (a page must stay small).
const ANSWER_LIMIT: usize = 256 * 1024;

async fn answer(router: &Router, url: &str) -> Option<Bytes> {
    let request = Request::get(url).body(Body::empty()).ok()?;
    let response = router.clone().oneshot(request).await.ok()?;
    if response.status() != StatusCode::OK {
        return None;
    }
    to_bytes(response.into_body(), ANSWER_LIMIT).await.ok()
}

#[cfg(test)]
mod tests {
    use super::markup::*;
    use super::*;

    #[test]
    fn urls_are_in_the_apps_normal_form() {
        assert_eq!(
            normal_url(
                "/api/app/product/list",
                &[("room", "living"), ("limit", "24"), ("lang", "th")]
            ),
            "/api/app/product/list?lang=th&limit=24&room=living"
        );
        assert_eq!(
            normal_url(
                "/api/app/search",
                &[("keyword", "โซฟา หนัง"), ("lang", "th")]
            ),
            "/api/app/search?keyword=%E0%B9%82%E0%B8%8B%E0%B8%9F%E0%B8%B2+%E0%B8%AB%E0%B8%99%E0%B8%B1%E0%B8%87&lang=th"
        );
    }

    #[test]
    fn listings_with_filters_in_the_address_are_left_to_the_app() {
        let plain = plan(
            RouteKind::Room,
            "/room/living",
            Some("living"),
            "",
            Locale::Th,
        );
        assert!(matches!(plain.draw, Draw::Listing { .. }));
        let filtered = plan(
            RouteKind::Room,
            "/room/living",
            Some("living"),
            "material=leather",
            Locale::Th,
        );
        assert_eq!(filtered.draw, Draw::Nothing);
        let search = plan(
            RouteKind::Screen,
            "/search",
            None,
            "keyword=sofa&sort=price_asc",
            Locale::En,
        );
        assert_eq!(search.draw, Draw::Nothing);
        let search = plan(
            RouteKind::Screen,
            "/search",
            None,
            "keyword=%E0%B9%82%E0%B8%8B%E0%B8%9F%E0%B8%B2",
            Locale::Th,
        );
        assert_eq!(
            search.draw,
            Draw::Listing {
                list: 2,
                heading: Heading::Search("โซฟา".into())
            }
        );
    }

    fn promotion(discount: Discount, category: &str, no_prod_dis: bool) -> Promotion {
        Promotion {
            id: "p".into(),
            name: String::new(),
            display: true,
            lang: String::new(),
            prod_inc: vec![],
            prod_exc: vec![],
            room_inc: vec![],
            room_exc: vec![],
            cat_inc: vec![category.into()],
            cat_exc: vec![],
            no_prod_dis,
            discount,
            starts_at: None,
            ends_at: None,
        }
    }

    #[test]
    fn drawn_prices_are_after_the_best_running_promotion_as_the_app_shows_them() {
        let sofa = serde_json::json!({"code": "SF-1", "price": 1_890_000, "compareAtPrice": 2_190_000,
            "rooms": ["living"], "categories": ["sofas"]});
        assert_eq!(
            shown_price(&sofa, &[], Locale::Th),
            (1_890_000, Some(2_190_000))
        );
        let running = [
            promotion(Discount::Percent(10), "sofas", false),
            promotion(Discount::Amount(Satang(50_000)), "sofas", false),
            // Not for products already on sale.
            promotion(Discount::Percent(50), "sofas", true),
        ];
        // 10 % of ฿18,900 beats ฿500; compared with the compare-at price.
        assert_eq!(
            shown_price(&sofa, &running, Locale::Th),
            (1_701_000, Some(2_190_000))
        );
        // Not on sale: compared with its own price; percentages round down to the satang.
        let stool = serde_json::json!({"code": "ST-1", "price": 12_345, "rooms": [], "categories": ["sofas"]});
        assert_eq!(
            shown_price(&stool, &running[..1], Locale::En),
            (12_345 - 1_234, Some(12_345))
        );
        let chair = serde_json::json!({"code": "CH-1", "price": 99_000, "categories": ["chairs"]});
        assert_eq!(shown_price(&chair, &running, Locale::En), (99_000, None));
    }

    #[test]
    fn money_reads_like_the_app() {
        assert_eq!(money(1_290_000), "฿12,900");
        assert_eq!(money(1_290_050), "฿12,900.50");
        assert_eq!(money(99_900), "฿999");
        assert_eq!(money(-150), "-฿1.50");
        assert_eq!(money(100_000_000), "฿1,000,000");
    }

    #[test]
    fn srcsets_match_the_apps() {
        assert_eq!(
            srcset("/api/file/images/demo/SF-1001-1.png"),
            "/api/file/images/demo/SF-1001-1.png?w=160 160w, /api/file/images/demo/SF-1001-1.png?w=320 320w, /api/file/images/demo/SF-1001-1.png?w=480 480w, /api/file/images/demo/SF-1001-1.png?w=640 640w, /api/file/images/demo/SF-1001-1.png?w=960 960w"
        );
        assert_eq!(srcset("https://cdn.example/x.png"), "");
    }
}
