//! First paint from the server (issue 17): the page HTML carries the catalogue answers the app
//! would fetch first (`<script type="application/json" id="kiosk-data">`, keyed by the request
//! URL the app will build) and the markup of what is above the fold — a product's photo, name
//! and price; a listing's title and first cards; the home page's introduction. A shopper on a
//! slow phone reads the page before any script has run, and the app starts from the same
//! answers without asking again.
//!
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
    /// `/products/{code}` (from `urls[product]`).
    Product {
        product: usize,
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

/// The image the browser should fetch first, for `<link rel="preload">` in the head.
pub struct LcpImage {
    pub src: String,
    pub srcset: String,
    pub sizes: &'static str,
}

/// Widths the server makes of catalogue images (`ui/src/lib/images.ts` IMAGE_WIDTHS).
const IMAGE_WIDTHS: [u32; 6] = [160, 320, 480, 640, 960, 1280];
/// Catalogue photos are 800 × 600.
const IMAGE_WIDTH: u32 = 800;
const IMAGE_HEIGHT: u32 = 600;
/// `ui/src/components/product-card.tsx` CARD_IMAGE_SIZES.
const CARD_SIZES: &str = "(max-width: 700px) 50vw, (max-width: 1024px) 30vw, 240px";
/// The product page's main photo (`product-gallery.tsx`): the same `sizes` make the browser
/// pick the same file, which the app's gallery then shows from memory.
const GALLERY_SIZES: &str = "(max-width: 700px) 100vw, (max-width: 1024px) 45vw, 540px";
/// The home page's featured slide (`featured-slider.tsx`).
const SLIDE_SIZES: &str = "(max-width: 1024px) 90vw, 440px";

/// The same URLs `ui/src/lib/images.ts` builds, so the browser fetches each image once.
fn resized(src: &str, width: u32) -> String {
    if !resizable(src) {
        return src.to_string();
    }
    let separator = if src.contains('?') { '&' } else { '?' };
    format!("{src}{separator}w={width}")
}

fn resizable(src: &str) -> bool {
    src.starts_with("/api/file/images/") && !src.contains('#')
}

fn srcset(src: &str) -> String {
    if !resizable(src) {
        return String::new();
    }
    let mut parts = Vec::new();
    for width in IMAGE_WIDTHS {
        parts.push(format!("{} {width}w", resized(src, width)));
        if width >= IMAGE_WIDTH {
            break;
        }
    }
    parts.join(", ")
}

/// `fallback` is the width of `src` for browsers without `srcset` (the app's `fallbackWidth`).
fn image_tag(src: &str, alt: &str, sizes: &str, class: &str, first: bool, fallback: u32) -> String {
    let set = srcset(src);
    let priority = if first {
        " fetchpriority=\"high\" loading=\"eager\""
    } else {
        " loading=\"eager\""
    };
    let srcset_attr = if set.is_empty() {
        String::new()
    } else {
        format!(" srcset=\"{}\" sizes=\"{}\"", escape(&set), escape(sizes))
    };
    format!(
        "<img class=\"{class}\" src=\"{}\"{srcset_attr} width=\"{IMAGE_WIDTH}\" height=\"{IMAGE_HEIGHT}\" alt=\"{}\" decoding=\"async\"{priority}>",
        escape(&resized(src, fallback)),
        escape(alt)
    )
}

/// Formats satang as the app's `formatMoney` does: `฿12,900`, `฿12,900.50`.
pub fn money(satang: i64) -> String {
    let sign = if satang < 0 { "-" } else { "" };
    let satang = satang.unsigned_abs();
    let baht = (satang / 100).to_string();
    let mut grouped = String::with_capacity(baht.len() + baht.len() / 3);
    for (index, digit) in baht.chars().enumerate() {
        if index > 0 && (baht.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    match satang % 100 {
        0 => format!("{sign}฿{grouped}"),
        cents => format!("{sign}฿{grouped}.{cents:02}"),
    }
}

/// The promotions running now, which the cards and the product page show prices after.
pub type Running = [Promotion];

/// A product's price as the app shows it (`ui/src/features/promotions/promotion-price.ts`):
/// after the running promotion giving most off one piece, compared with the compare-at price
/// (or, when not on sale, the price itself). `product` is a product or a list's summary.
fn shown_price(product: &Value, promotions: &Running, locale: Locale) -> (i64, Option<i64>) {
    let price = product["price"].as_i64().unwrap_or_default();
    let compare_at = product["compareAtPrice"]
        .as_i64()
        .filter(|was| *was > price);
    let strings = |field: &str| -> Vec<String> {
        product[field]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect()
    };
    let line = Line {
        code: product["code"].as_str().unwrap_or_default().to_string(),
        qty: 1,
        unit_price: Satang(price),
        rooms: strings("rooms"),
        categories: strings("categories"),
        discounted: compare_at.is_some(),
    };
    let on_sale = usize::from(compare_at.is_some());
    let off = promotions
        .iter()
        .filter(|p| applies(p, &line, locale.code(), on_sale))
        .map(|p| match p.discount {
            Discount::Percent(percent) => price * i64::from(percent.min(100)) / 100,
            Discount::Amount(amount) => amount.0.clamp(0, price),
        })
        .max()
        .unwrap_or(0);
    if off <= 0 {
        return (price, compare_at);
    }
    (price - off, Some(compare_at.unwrap_or(price)))
}

/// The app's `<Price>`: `classes` are its size and place (`price--sm`, `price--md slide__price`).
fn price_html(
    price: i64,
    compare_at: Option<i64>,
    messages: &LocaleMessages,
    classes: &str,
) -> String {
    match compare_at.filter(|was| *was > price) {
        Some(was) => format!(
            "<p class=\"price {classes} price--reduced\"><span class=\"price__now\">{}</span> <s class=\"price__was\"><span class=\"visually-hidden\">{} </span>{}</s></p>",
            money(price),
            escape(messages.text("product.wasPrice")),
            money(was)
        ),
        None => format!(
            "<p class=\"price {classes}\"><span class=\"price__now\">{}</span></p>",
            money(price)
        ),
    }
}

/// The page's link in `locale` (`/th/products/X`).
fn href(locale: Locale, path: &str) -> String {
    format!("{}{path}", locale.prefix())
}

/// The markup drawn inside `#app` before the app starts, and the image to preload.
/// `side_menu`: the shop shows the category menu beside its pages (its column is kept empty).
pub fn markup(
    plan: &Plan,
    answers: &Answers,
    locale: Locale,
    messages: &LocaleMessages,
    promotions: &Running,
    side_menu: bool,
) -> (String, Option<LcpImage>) {
    let (main, lcp) = match &plan.draw {
        Draw::Nothing => return (String::new(), None),
        Draw::Home => home(plan, answers, locale, messages, promotions),
        Draw::Listing { list, heading } => {
            listing(answers, *list, heading, locale, messages, promotions)
        }
        Draw::Product { product } => product_page(answers, *product, locale, messages, promotions),
    };
    let route = plan.draw.route();
    let home_href = match locale.prefix() {
        "" => "/".to_string(),
        prefix => prefix.to_string(),
    };
    // Phones show the room strip under the header on the home page only (default-layout.tsx);
    // wider screens have it in the header's height.
    let rooms = match plan.draw {
        Draw::Home => room_strip(answers.json(0), locale, messages),
        _ => String::new(),
    };
    // The app's own page columns (default-layout.tsx), the category menu's one left empty.
    let body = if side_menu {
        format!(
            "<div class=\"container layout__body layout__body--with-side\"><aside class=\"layout__side side-menu first-paint__side\"></aside><main class=\"layout__main\">{main}</main></div>"
        )
    } else {
        format!(
            "<div class=\"container layout__body\"><main class=\"layout__main\">{main}</main></div>"
        )
    };
    let html = format!(
        "<div class=\"first-paint\" data-route=\"{route}\"><header class=\"first-paint__header\"><div class=\"container first-paint__bar\"><a class=\"first-paint__logo\" href=\"{home_href}\"><img src=\"{}\" alt=\"{}\" width=\"165\" height=\"44\"></a></div></header>{rooms}{body}</div>",
        super::shell::LOGO_PATH,
        escape(messages.text("header.logoAlt")),
    );
    (html, lcp)
}

/// What a drawn product card or slide shows of a list answer's card: code, name (the code
/// when it has none), first photo and the price a shopper pays now (with the price before).
struct Card<'a> {
    code: &'a str,
    name: &'a str,
    image: &'a str,
    price: i64,
    was: Option<i64>,
}

impl<'a> Card<'a> {
    fn of(product: &'a Value, promotions: &Running, locale: Locale) -> Card<'a> {
        let code = product["code"].as_str().unwrap_or_default();
        let (price, was) = shown_price(product, promotions, locale);
        Card {
            code,
            name: product["name"]
                .as_str()
                .filter(|n| !n.is_empty())
                .unwrap_or(code),
            image: product["image"].as_str().unwrap_or_default(),
            price,
            was,
        }
    }
}

/// How many products the home page slider features (`ui/src/features/catalog/featured.ts`).
const FEATURED_COUNT: usize = 5;

/// The slider's first product, as `pickFeatured` chooses it: the most popular one on sale with a
/// photo, else the most popular with a photo. Also how many slides the app will show.
fn featured(popular: &[Value]) -> Option<(&Value, usize)> {
    let available: Vec<&Value> = popular
        .iter()
        .filter(|p| p["active"].as_bool().unwrap_or(false) && p["image"].is_string())
        .collect();
    let reduced = |p: &&&Value| {
        p["compareAtPrice"]
            .as_i64()
            .is_some_and(|was| was > 0 && was > p["price"].as_i64().unwrap_or_default())
    };
    let first = available
        .iter()
        .find(reduced)
        .or_else(|| available.first())?;
    Some((first, available.len().min(FEATURED_COUNT)))
}

/// An icon's box (`ui/src/components/icon.tsx` draws the same `<svg>`): the app fills it, and
/// nothing beside it moves.
fn icon_box(size: u32) -> String {
    format!(
        "<svg width=\"{size}\" height=\"{size}\" viewBox=\"0 0 24 24\" class=\"icon\" aria-hidden=\"true\" focusable=\"false\"></svg>"
    )
}

/// The phone's room strip (`room-menu.tsx`), from the room list's answer.
fn room_strip(answer: Option<Value>, locale: Locale, messages: &LocaleMessages) -> String {
    let Some(answer) = answer else {
        return String::new();
    };
    let mut items = String::new();
    for room in answer["rooms"].as_array().into_iter().flatten() {
        let Some(key) = room["key"].as_str() else {
            continue;
        };
        let title = localized(&room["title"], locale).unwrap_or_else(|| key.to_string());
        // `catalogSlug`: the room's page name when it has one, else its key.
        let slug = room["pageName"]
            .as_str()
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .unwrap_or(key)
            .to_lowercase();
        items.push_str(&format!(
            "<li><a class=\"room-menu__link\" href=\"{}\"><span class=\"room-menu__icon\">{}</span><span class=\"room-menu__label\">{}</span></a></li>",
            escape(&href(locale, &format!("/room/{}", path_segment(&slug)))),
            icon_box(22),
            escape(&title),
        ));
    }
    if items.is_empty() {
        return String::new();
    }
    format!(
        "<nav class=\"room-menu first-paint__rooms\" aria-label=\"{}\"><ul class=\"room-menu__list container\">{items}</ul></nav>",
        escape(messages.text("rooms.menuLabel"))
    )
}

/// The home page's introduction and the featured slider's first slide, in the app's markup
/// (`home-page.tsx`, `featured-slider.tsx`): the slide's photo is the page's largest paint.
fn home(
    plan: &Plan,
    answers: &Answers,
    locale: Locale,
    messages: &LocaleMessages,
    promotions: &Running,
) -> (String, Option<LcpImage>) {
    let popular = plan
        .urls
        .iter()
        .position(|u| u.contains("sort=popular"))
        .and_then(|i| answers.json(i));
    let products = popular
        .as_ref()
        .and_then(|list| list["products"].as_array().cloned())
        .unwrap_or_default();
    let mut lcp = None;
    let slider = match featured(&products) {
        Some((product, count)) => {
            let card = Card::of(product, promotions, locale);
            lcp = Some(LcpImage {
                srcset: srcset(card.image),
                src: resized(card.image, 640),
                sizes: SLIDE_SIZES,
            });
            let position = messages
                .text("home.slidePosition")
                .replace("{index}", "1")
                .replace("{count}", &count.to_string());
            // The controls' row keeps its height (`slider__skeleton-controls`) until the app
            // draws its buttons.
            let controls = if count > 1 {
                "<span class=\"slider__skeleton-controls\"></span>"
            } else {
                ""
            };
            format!(
                "<section class=\"slider\" aria-roledescription=\"{}\" aria-labelledby=\"featured-title\"><h2 id=\"featured-title\" class=\"slider__title\">{}</h2><div class=\"slider__viewport\"><div class=\"slide\" role=\"group\" aria-roledescription=\"{}\" aria-label=\"{}\"><a class=\"slide__link\" href=\"{}\">{}<span class=\"slide__name\">{}</span></a>{}</div></div>{controls}</section>",
                escape(messages.text("home.carousel")),
                escape(messages.text("home.featured")),
                escape(messages.text("home.slide")),
                escape(&position),
                escape(&href(
                    locale,
                    &format!("/products/{}", path_segment(card.code))
                )),
                image_tag(
                    card.image,
                    "",
                    SLIDE_SIZES,
                    "product-image slide__image",
                    true,
                    640
                ),
                escape(card.name),
                price_html(card.price, card.was, messages, "price--md slide__price"),
            )
        }
        None => String::new(),
    };
    let home = format!(
        "<div class=\"home\"><section class=\"hero\" aria-labelledby=\"home-title\"><div class=\"hero__text\"><p class=\"hero__eyebrow\">{}</p><h1 id=\"home-title\" class=\"hero__title\">{}</h1><p class=\"hero__intro\">{}</p><div class=\"hero__actions\"><a href=\"{}\" class=\"button button--accent\">{}<span>{}</span></a><a href=\"{}\" class=\"button button--ghost-light\" target=\"_blank\" rel=\"noopener\">{}<span>{}</span></a></div></div>{slider}</section></div>",
        escape(messages.text("home.eyebrow")),
        escape(messages.text("home.title")),
        escape(messages.text("home.intro")),
        escape(&href(locale, "/room")),
        icon_box(18),
        escape(messages.text("home.browseRooms")),
        super::shell::CATALOG_URL,
        icon_box(18),
        escape(messages.text("home.catalogueTitle")),
    );
    (home, lcp)
}

fn listing(
    answers: &Answers,
    list: usize,
    heading: &Heading,
    locale: Locale,
    messages: &LocaleMessages,
    promotions: &Running,
) -> (String, Option<LcpImage>) {
    let title = match heading {
        Heading::Room(key) => taxonomy_name(answers.json(0), "rooms", key, locale),
        Heading::Category(key) => taxonomy_name(answers.json(1), "categories", key, locale),
        Heading::Search(keyword) => Some(keyword.clone()),
    }
    .unwrap_or_default();
    let Some(page) = answers.json(list) else {
        return (
            format!("<h1 class=\"first-paint__title\">{}</h1>", escape(&title)),
            None,
        );
    };
    let products = page["products"].as_array().cloned().unwrap_or_default();
    let mut cards = String::new();
    let mut lcp = None;
    for (index, product) in products.iter().take(FIRST_CARDS).enumerate() {
        let card = Card::of(product, promotions, locale);
        if index == 0 && !card.image.is_empty() {
            lcp = Some(LcpImage {
                src: resized(card.image, 320),
                srcset: srcset(card.image),
                sizes: CARD_SIZES,
            });
        }
        let picture = if card.image.is_empty() {
            String::new()
        } else {
            image_tag(
                card.image,
                "",
                CARD_SIZES,
                "product-card__image product-image",
                index == 0,
                320,
            )
        };
        cards.push_str(&format!(
            "<li class=\"product-card\">{picture}<div class=\"product-card__body\"><p class=\"product-card__code\">{}</p><p class=\"product-card__name\"><a class=\"product-card__link\" href=\"{}\">{}</a></p>{}</div></li>",
            escape(card.code),
            escape(&href(locale, &format!("/products/{}", path_segment(card.code)))),
            escape(card.name),
            price_html(card.price, card.was, messages, "price--sm"),
        ));
    }
    let count = page["total"].as_u64().unwrap_or(products.len() as u64);
    let count = match count {
        1 => messages.text("catalog.productCountOne").to_string(),
        n => messages
            .text("catalog.productCount")
            .replace("{count}", &n.to_string()),
    };
    let html = format!(
        "<h1 class=\"first-paint__title\">{}</h1><p class=\"first-paint__count\">{}</p><ul class=\"product-grid\">{cards}</ul>",
        escape(&title),
        escape(&count),
    );
    (html, lcp)
}

/// The name of a room (`rooms`) or category (`categories`, a tree) in `locale`.
fn taxonomy_name(answer: Option<Value>, field: &str, key: &str, locale: Locale) -> Option<String> {
    fn find<'a>(nodes: &'a [Value], key: &str) -> Option<&'a Value> {
        for node in nodes {
            if node["key"].as_str() == Some(key) {
                return Some(node);
            }
            if let Some(found) = node["children"].as_array().and_then(|c| find(c, key)) {
                return Some(found);
            }
        }
        None
    }
    let answer = answer?;
    let node = find(answer[field].as_array()?, key)?;
    localized(&node["title"], locale)
}

/// A `{en, th, …}` text in `locale`, English when that one is empty.
fn localized(value: &Value, locale: Locale) -> Option<String> {
    if let Some(text) = value.as_str() {
        return Some(text.to_string());
    }
    [locale.code(), Locale::En.code()]
        .iter()
        .find_map(|code| value[*code].as_str().filter(|t| !t.is_empty()))
        .map(str::to_string)
}

fn product_page(
    answers: &Answers,
    index: usize,
    locale: Locale,
    messages: &LocaleMessages,
    promotions: &Running,
) -> (String, Option<LcpImage>) {
    let Some(answer) = answers.json(index) else {
        return (String::new(), None);
    };
    let product = &answer["product"];
    let code = product["code"].as_str().unwrap_or_default();
    let name = localized(&product["name"], locale).unwrap_or_else(|| code.to_string());
    let (price, was) = shown_price(product, promotions, locale);
    let image = product["images"][0].as_str().unwrap_or_default();
    let picture = if image.is_empty() {
        String::new()
    } else {
        image_tag(
            image,
            &name,
            GALLERY_SIZES,
            "first-paint__photo product-image",
            true,
            640,
        )
    };
    let html = format!(
        "<div class=\"first-paint__product\"><div class=\"first-paint__gallery\">{picture}</div><div class=\"first-paint__summary\"><p class=\"first-paint__code\">{}</p><h1 class=\"first-paint__title\">{}</h1>{}</div></div>",
        escape(code),
        escape(&name),
        price_html(price, was, messages, "price--lg"),
    );
    let lcp = (!image.is_empty()).then(|| LcpImage {
        src: resized(image, 640),
        srcset: srcset(image),
        sizes: GALLERY_SIZES,
    });
    (html, lcp)
}

/// `<link rel="preload">` for the first photo, so it loads alongside the scripts.
pub fn preload_link(image: &LcpImage) -> String {
    if image.srcset.is_empty() {
        return format!(
            "<link rel=\"preload\" as=\"image\" href=\"{}\" fetchpriority=\"high\">\n",
            escape(&image.src)
        );
    }
    format!(
        "<link rel=\"preload\" as=\"image\" imagesrcset=\"{}\" imagesizes=\"{}\" fetchpriority=\"high\">\n",
        escape(&image.srcset),
        escape(image.sizes)
    )
}

#[cfg(test)]
mod tests {
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
