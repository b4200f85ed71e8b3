//! The markup of a first paint: what is above the fold of a product page, a listing or the
//! home page, drawn from the catalogue answers the page carries (`super::Answers`), with the
//! same images, prices and links the app draws once it starts.

use serde_json::Value;

use super::*;

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
pub(super) fn resized(src: &str, width: u32) -> String {
    if !resizable(src) {
        return src.to_string();
    }
    let separator = if src.contains('?') { '&' } else { '?' };
    format!("{src}{separator}w={width}")
}

pub(super) fn resizable(src: &str) -> bool {
    src.starts_with("/api/file/images/") && !src.contains('#')
}

pub(super) fn srcset(src: &str) -> String {
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
pub(super) fn image_tag(
    src: &str,
    alt: &str,
    sizes: &str,
    class: &str,
    first: bool,
    fallback: u32,
) -> String {
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
pub(super) fn shown_price(
    product: &Value,
    promotions: &Running,
    locale: Locale,
) -> (i64, Option<i64>) {
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
pub(super) fn price_html(
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
pub(super) fn href(locale: Locale, path: &str) -> String {
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
        Draw::Product { product, variant } => product_page(
            answers,
            *product,
            variant.as_deref(),
            locale,
            messages,
            promotions,
        ),
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
        crate::site::shell::LOGO_PATH,
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
pub(super) fn featured(popular: &[Value]) -> Option<(&Value, usize)> {
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
pub(super) fn icon_box(size: u32) -> String {
    format!(
        "<svg width=\"{size}\" height=\"{size}\" viewBox=\"0 0 24 24\" class=\"icon\" aria-hidden=\"true\" focusable=\"false\"></svg>"
    )
}

/// The phone's room strip (`room-menu.tsx`), from the room list's answer.
pub(super) fn room_strip(
    answer: Option<Value>,
    locale: Locale,
    messages: &LocaleMessages,
) -> String {
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
pub(super) fn home(
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
        crate::site::shell::CATALOG_URL,
        icon_box(18),
        escape(messages.text("home.catalogueTitle")),
    );
    (home, lcp)
}

pub(super) fn listing(
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
pub(super) fn taxonomy_name(
    answer: Option<Value>,
    field: &str,
    key: &str,
    locale: Locale,
) -> Option<String> {
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
pub(super) fn localized(value: &Value, locale: Locale) -> Option<String> {
    if let Some(text) = value.as_str() {
        return Some(text.to_string());
    }
    [locale.code(), Locale::En.code()]
        .iter()
        .find_map(|code| value[*code].as_str().filter(|t| !t.is_empty()))
        .map(str::to_string)
}

/// The variant a product page shows first: the one `wanted` names when it is active, else the
/// first active one with stock, else the first active one (`Product::default_variant`); `None`
/// for a product without options.
pub(super) fn shown_variant<'a>(product: &'a Value, wanted: Option<&str>) -> Option<&'a Value> {
    if product["options"].as_array().is_none_or(Vec::is_empty) {
        return None;
    }
    let variants = product["variants"].as_array()?;
    let active = |v: &&Value| v["active"].as_bool().unwrap_or(true);
    variants
        .iter()
        .filter(active)
        .find(|v| wanted.is_some() && v["code"].as_str() == wanted)
        .or_else(|| {
            variants
                .iter()
                .filter(active)
                .find(|v| v["stock"].as_u64().unwrap_or(0) > 0)
        })
        .or_else(|| variants.iter().find(active))
        .or_else(|| variants.first())
}

/// The app's `StockNote` (`ui/src/components/stock-note.tsx`): in stock, only N left, out of
/// stock, or no longer sold.
pub(super) fn stock_note(active: bool, stock: u64, messages: &LocaleMessages) -> String {
    /// `ui/src/lib/product.ts` LOW_STOCK.
    const LOW_STOCK: u64 = 5;
    let (kind, text) = match (active, stock) {
        (false, _) => ("discontinued", messages.text("product.discontinued").to_string()),
        (true, 0) => ("out", messages.text("product.outOfStock").to_string()),
        (true, 1) => ("low", messages.text("product.lastOne").to_string()),
        (true, n) if n <= LOW_STOCK => (
            "low",
            messages
                .text("product.lowStock")
                .replace("{count}", &n.to_string()),
        ),
        (true, _) => ("in", messages.text("product.inStock").to_string()),
    };
    format!(
        "<p class=\"stock-note stock-note--{kind}\">{}</p>",
        escape(&text)
    )
}

/// The chosen value of each option, as "Fabric: Grey".
fn chosen_values(product: &Value, variant: &Value, locale: Locale) -> String {
    let mut items = String::new();
    let options = product["options"].as_array().into_iter().flatten();
    for (o, option) in options.enumerate() {
        let Some(value) = variant["values"][o]
            .as_u64()
            .and_then(|v| option["values"].get(usize::try_from(v).ok()?))
        else {
            continue;
        };
        let name = localized(&option["name"], locale).unwrap_or_default();
        let text = localized(value, locale).unwrap_or_default();
        items.push_str(&format!(
            "<li class=\"first-paint__choice\"><span class=\"first-paint__choice-name\">{}:</span> {}</li>",
            escape(&name),
            escape(&text)
        ));
    }
    if items.is_empty() {
        return items;
    }
    format!("<ul class=\"first-paint__choices\">{items}</ul>")
}

pub(super) fn product_page(
    answers: &Answers,
    index: usize,
    wanted: Option<&str>,
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
    let variant = shown_variant(product, wanted);
    // The chosen variant's price, stock and photo: as a product for the promotion rules (which
    // name the product's rooms, categories and code).
    let shown = match variant {
        Some(variant) => {
            let mut shown = product.clone();
            shown["price"] = variant["price"].clone();
            shown["compareAtPrice"] = variant["compareAtPrice"].clone();
            shown["stock"] = variant["stock"].clone();
            shown
        }
        None => product.clone(),
    };
    let (price, was) = shown_price(&shown, promotions, locale);
    let image = variant
        .and_then(|v| v["images"][0].as_str())
        .or_else(|| product["images"][0].as_str())
        .unwrap_or_default();
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
    let active = product["active"].as_bool().unwrap_or(true)
        && variant.is_none_or(|v| v["active"].as_bool().unwrap_or(true));
    // The app shows the note only for a product on sale (a discontinued one says so apart).
    let stock = if product["active"].as_bool().unwrap_or(true) {
        stock_note(active, shown["stock"].as_u64().unwrap_or(0), messages)
    } else {
        String::new()
    };
    let choices = variant
        .map(|v| chosen_values(product, v, locale))
        .unwrap_or_default();
    let html = format!(
        "<div class=\"first-paint__product\"><div class=\"first-paint__gallery\">{picture}</div><div class=\"first-paint__summary\"><p class=\"first-paint__code\">{}</p><h1 class=\"first-paint__title\">{}</h1>{}{choices}{stock}</div></div>",
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
