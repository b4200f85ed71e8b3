//! The HTML app shell: vite's `index.html` with, per request, the language, title, SEO head
//! (description, canonical, hreflang, Open Graph, Organization JSON-LD) and the boot data the
//! UI starts from. The only inline scripts are JSON data blocks, which the CSP allows because
//! browsers never execute them.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Serialize;

use crate::domain::Satang;
use serde_json::json;
use serde_json::value::RawValue;

use super::first_paint::{self, Answers, Plan};
use crate::catalog::image_urls::versioned_url;
use crate::catalog::model::Product;
use crate::catalog::variants::OptionKind;
use crate::config::Config;
use crate::content::cache::{ContentSnapshot, LocaleMessages};
use crate::content::settings::SiteSettings;
use crate::i18n::{Language, Locale};
use crate::orders::ratings::Rating;
use crate::state::shell_template::HEAD_END_MARK;
pub use crate::state::shell_template::ShellTemplate;

/// What one page response shows.
pub struct ShellPage<'a> {
    pub locale: Locale,
    /// The path without language prefix (`/about`), for canonical and hreflang links.
    pub path: &'a str,
    pub found: bool,
    /// The information page shown, if any: its title goes in `<title>` and its text in the
    /// no-script fallback, so search engines and text browsers get the content.
    pub page_name: Option<&'a str>,
    /// The product shown on `/products/{code}`: its name titles the page and it gets Product
    /// structured data and Open Graph tags.
    pub product: Option<&'a Product>,
    /// The catalogue answers the page starts from and the markup drawn from them.
    pub first_paint: Option<(&'a Plan, &'a Answers)>,
    /// The product's rating from reviewed deliveries, for its structured data.
    pub rating: Option<Rating>,
    /// The promotions running now: drawn prices are the prices after them, as the app shows.
    pub promotions: &'a [crate::pricing::promotion::Promotion],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Boot<'a> {
    locale: Locale,
    languages: Vec<Language>,
    messages: &'a RawValue,
    status: u16,
    shop: Shop<'a>,
    features: Features,
    /// The checkout's choices: `promptpay` and/or `bank_transfer`, as configured.
    payment_methods: Vec<&'static str>,
    shipping: ShippingTerms,
}

/// What the cart page says about delivery before the server quotes (satang).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ShippingTerms {
    flat_rate: Satang,
    free_over: Satang,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Shop<'a> {
    name: &'a str,
    public_url: &'a str,
    logo: &'static str,
    social: BTreeMap<&'static str, String>,
    catalog_url: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Features {
    room_menu: bool,
    category_menu: bool,
}

pub const LOGO_PATH: &str = "/static/logo.svg";
pub use crate::content::catalogue_upload::CATALOG_URL;

/// The absolute URL of `path` in `locale`.
pub fn localized_url(public_url: &str, locale: Locale, path: &str) -> String {
    match (locale.prefix(), path) {
        ("", path) => format!("{public_url}{path}"),
        (prefix, "/") => format!("{public_url}{prefix}"),
        (prefix, path) => format!("{public_url}{prefix}{path}"),
    }
}

pub fn render(
    template: &ShellTemplate,
    config: &Config,
    content: &ContentSnapshot,
    page: &ShellPage,
) -> String {
    let messages = content.messages(page.locale);
    let info_page = page.page_name.and_then(|name| content.page(name));
    let product = page.product.filter(|_| page.found);
    let title = match (page.found, info_page, product) {
        (false, _, _) => format!("{} | kiosk", messages.text("errors.notFound")),
        (true, _, Some(product)) => format!("{} | kiosk", product.name.get(page.locale)),
        (true, Some(info), None) => format!("{} | kiosk", info.title.get(page.locale)),
        (true, None, None) => "kiosk".to_string(),
    };
    let description = match (info_page, product) {
        (_, Some(product)) => first_sentence(product.description.get(page.locale)),
        (Some(info), None) => first_sentence(info.body.get(page.locale)),
        (None, None) => messages.text("seo.description").to_string(),
    };

    let settings = content.settings(config);
    // What the browser should ask for first goes right after the title, ahead of the scripts
    // vite lists: the page's largest photo, then the fonts its first text is set in.
    let mut early = String::new();
    let mut head = String::with_capacity(4096);
    let (first_markup, lcp_image) = match page.first_paint {
        Some((plan, answers)) if page.found => first_paint::markup(
            plan,
            answers,
            page.locale,
            messages,
            page.promotions,
            settings.features.category_menu,
        ),
        _ => (String::new(), None),
    };
    if let Some(image) = &lcp_image {
        early.push_str(&first_paint::preload_link(image));
    }
    early.push_str(&template.font_links(page.locale));
    if let Some((plan, _)) = page.first_paint.filter(|_| page.found) {
        head.push_str(&template.chunk_links(plan.draw.route()));
    }
    head.push_str(&format!(
        "<meta name=\"description\" content=\"{}\">\n",
        escape(&description)
    ));
    if page.found {
        let canonical = localized_url(&config.public_url, page.locale, page.path);
        head.push_str(&format!(
            "<link rel=\"canonical\" href=\"{}\">\n",
            escape(&canonical)
        ));
        for locale in Locale::ALL {
            let href = localized_url(&config.public_url, locale, page.path);
            head.push_str(&format!(
                "<link rel=\"alternate\" hreflang=\"{}\" href=\"{}\">\n",
                locale.html_lang(),
                escape(&href)
            ));
        }
        let default = localized_url(&config.public_url, Locale::DEFAULT, page.path);
        head.push_str(&format!(
            "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\">\n",
            escape(&default)
        ));
        let og_type = if product.is_some() {
            "product"
        } else {
            "website"
        };
        let image = product
            .and_then(|p| p.images.first())
            .map_or(Cow::Borrowed(LOGO_PATH), |i| versioned_url(i));
        head.push_str(&format!("<meta property=\"og:type\" content=\"{og_type}\">\n<meta property=\"og:title\" content=\"{}\">\n<meta property=\"og:description\" content=\"{}\">\n<meta property=\"og:url\" content=\"{}\">\n<meta property=\"og:image\" content=\"{}{}\">\n<meta property=\"og:locale\" content=\"{}\">\n",
            escape(&title), escape(&description), escape(&canonical), escape(&config.public_url), escape(&image), og_locale(page.locale)));
        if let Some(product) = product {
            head.push_str("<script type=\"application/ld+json\">");
            head.push_str(&script_safe(
                &product_json_ld(config, product, page.locale, &canonical, page.rating).to_string(),
            ));
            head.push_str("</script>\n");
        }
    } else {
        head.push_str("<meta name=\"robots\" content=\"noindex\">\n");
    }
    head.push_str("<script type=\"application/ld+json\">");
    head.push_str(&script_safe(&organization(config, messages).to_string()));
    head.push_str("</script>\n<script type=\"application/json\" id=\"kiosk-boot\">");
    head.push_str(&script_safe(&boot_json(config, &settings, messages, page)));
    head.push_str("</script>\n");
    if let Some((plan, answers)) = page.first_paint.filter(|_| page.found) {
        head.push_str(&answers.script(&plan.urls));
    }

    let fallback = if first_markup.is_empty() {
        fallback_body(
            messages,
            page,
            info_page.map(|p| (p.title.get(page.locale), p.body.get(page.locale))),
        )
    } else {
        first_markup
    };

    let mut html =
        String::with_capacity(template.before_lang.len() + template.rest.len() + head.len() + 2048);
    html.push_str(&template.before_lang);
    html.push_str(&format!("<html lang=\"{}\">", page.locale.html_lang()));
    html.push_str(&template.before_title);
    html.push_str(&format!("<title>{}</title>\n", escape(&title)));
    html.push_str(&early);
    html.push_str(&template.before_head_end);
    html.push_str(&head);
    html.push_str(HEAD_END_MARK);
    html.push_str(&template.before_app);
    html.push_str(&format!("<div id=\"app\">{fallback}</div>"));
    html.push_str(&template.rest);
    html
}

fn boot_json(
    config: &Config,
    settings: &SiteSettings,
    messages: &LocaleMessages,
    page: &ShellPage,
) -> String {
    // The site settings staff edit are the one source of links, menus and shipping.
    let social = settings.social_links();
    let boot = Boot {
        locale: page.locale,
        languages: Locale::CHOOSER_ORDER.iter().map(|l| l.language()).collect(),
        messages: &messages.storefront,
        status: if page.found { 200 } else { 404 },
        shop: Shop {
            name: &config.shop_name,
            public_url: &config.public_url,
            logo: LOGO_PATH,
            social,
            catalog_url: CATALOG_URL,
        },
        features: Features {
            room_menu: settings.features.room_menu,
            category_menu: settings.features.category_menu,
        },
        payment_methods: [
            ("promptpay", &config.payments.promptpay_id),
            ("bank_transfer", &config.payments.bank_account_number),
        ]
        .into_iter()
        .filter(|(_, setting)| !setting.trim().is_empty())
        .map(|(method, _)| method)
        .chain(config.payments.card_2c2p.enabled().then_some("card_2c2p"))
        .collect(),
        shipping: ShippingTerms {
            flat_rate: settings.shipping.flat_rate,
            free_over: settings.shipping.free_over,
        },
    };
    serde_json::to_string(&boot).unwrap_or_else(|_| "{}".into())
}

/// Organization structured data, from the translations except the address of
/// this shop and its logo, which only the configuration knows.
fn organization(config: &Config, messages: &LocaleMessages) -> serde_json::Value {
    let logo = messages.text("organization.logo");
    let logo = if logo.starts_with("https://") {
        logo.to_string()
    } else {
        format!(
            "{}{}",
            config.public_url,
            if logo.is_empty() { LOGO_PATH } else { logo }
        )
    };
    json!({
        "@context": "https://schema.org",
        "@type": "Organization",
        "name": messages.text("organization.name"),
        "url": config.public_url,
        "logo": logo,
        "description": messages.text("organization.description"),
        "address": {
            "@type": "PostalAddress",
            "streetAddress": messages.text("organization.streetAddress"),
            "addressLocality": messages.text("organization.locality"),
            "postalCode": messages.text("organization.postalCode"),
            "addressCountry": messages.text("organization.country"),
        }
    })
}

/// schema.org Product with its offer, for rich results; a product with options is a
/// `ProductGroup` whose `hasVariant` are `Product`s with their own offers (docs/VARIANTS.md §5).
fn product_json_ld(
    config: &Config,
    product: &Product,
    locale: Locale,
    url: &str,
    rating: Option<Rating>,
) -> serde_json::Value {
    let availability = |active: bool, stock: u32| match (active, stock) {
        (false, _) => "https://schema.org/Discontinued",
        (true, 0) => "https://schema.org/OutOfStock",
        (true, _) => "https://schema.org/InStock",
    };
    let image_url = |i: &str| format!("{}{}", config.public_url, versioned_url(i));
    let offer = |url: &str, price: Satang, available: &str| {
        json!({
            "@type": "Offer",
            "url": url,
            "priceCurrency": "THB",
            "price": price.to_decimal_string(),
            "availability": available,
        })
    };
    let name = product.name.get(locale);
    let mut data = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": name,
        "sku": product.code,
        "image": product.images.iter().map(|i| image_url(i)).collect::<Vec<_>>(),
        "description": product.description.get(locale),
        "offers": offer(url, product.price, availability(product.active, product.stock)),
    });
    if !product.options.is_empty() {
        let varies_by: Vec<String> = product
            .options
            .iter()
            .map(|option| match option.kind {
                OptionKind::Colour => "https://schema.org/color".to_string(),
                OptionKind::Size => "https://schema.org/size".to_string(),
                OptionKind::Material => "https://schema.org/material".to_string(),
                OptionKind::Other => option.name.en.clone(),
            })
            .collect();
        let variants: Vec<serde_json::Value> = product
            .variants
            .iter()
            .filter(|v| v.active)
            .map(|variant| {
                let choice = product
                    .choice(variant)
                    .map(|c| c.get(locale).to_string())
                    .unwrap_or_default();
                let image = variant
                    .images
                    .first()
                    .or_else(|| product.images.first())
                    .map(|i| image_url(i));
                let chosen = format!(
                    "{url}?variant={}",
                    url::form_urlencoded::byte_serialize(variant.code.as_bytes())
                        .collect::<String>()
                );
                let mut one = json!({
                    "@type": "Product",
                    "sku": variant.code,
                    "name": format!("{name} – {choice}"),
                    "offers": offer(
                        &chosen,
                        variant.price,
                        availability(product.active, variant.stock),
                    ),
                });
                if let Some(image) = image {
                    one["image"] = json!(image);
                }
                one
            })
            .collect();
        data["@type"] = json!("ProductGroup");
        data["productGroupID"] = json!(product.code);
        data["url"] = json!(url);
        data["variesBy"] = json!(varies_by);
        data["hasVariant"] = json!(variants);
        // A group's offers are its variants'.
        if let Some(object) = data.as_object_mut() {
            object.remove("offers");
            object.remove("sku");
        }
    }
    if let Some(rating) = rating.filter(|r| r.count > 0) {
        data["aggregateRating"] = json!({
            "@type": "AggregateRating",
            "ratingValue": rating.average,
            "reviewCount": rating.count,
            "bestRating": 5,
            "worstRating": 1,
        });
    }
    data
}

fn fallback_body(
    messages: &LocaleMessages,
    page: &ShellPage,
    info: Option<(&str, &str)>,
) -> String {
    let home = match page.locale.prefix() {
        "" => "/".to_string(),
        prefix => prefix.to_string(),
    };
    if !page.found {
        return format!(
            "<main class=\"shell-fallback\"><h1>{}</h1><p>{}</p><p><a href=\"{}\">{}</a></p></main>",
            escape(messages.text("errors.notFound")),
            escape(messages.text("errors.routeNotFound")),
            home,
            escape(messages.text("errors.homeLink")),
        );
    }
    match info {
        Some((title, body)) => {
            let paragraphs: String = body
                .split("\n\n")
                .map(|p| format!("<p>{}</p>", escape(p.trim())))
                .collect();
            format!(
                "<main class=\"shell-fallback\"><h1>{}</h1>{paragraphs}</main>",
                escape(title)
            )
        }
        None => String::new(),
    }
}

fn first_sentence(text: &str) -> String {
    let paragraph = text.split("\n\n").next().unwrap_or_default().trim();
    let mut out: String = paragraph.chars().take(200).collect();
    if paragraph.chars().count() > 200 {
        out.push('…');
    }
    out
}

fn og_locale(locale: Locale) -> &'static str {
    match locale {
        Locale::En => "en_GB",
        Locale::Th => "th_TH",
        Locale::My => "ms_MY",
        Locale::Km => "km_KH",
        Locale::Id => "id_ID",
    }
}

pub use crate::domain::html::escape;

/// JSON placed inside `<script>` must not be able to close it: `<` only occurs inside JSON
/// strings, where `\u003c` means the same.
pub fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_must_carry_every_marker() {
        let html = "<!doctype html><html lang=\"en\"><head><title>kiosk</title></head><body><div id=\"app\"></div></body></html>";
        assert!(ShellTemplate::parse(html).is_ok());
        assert!(ShellTemplate::parse("<html><head></head></html>").is_err());
    }

    #[test]
    fn page_chunks_come_from_the_manifest_less_what_the_entry_loads() {
        let html = "<!doctype html><html lang=\"en\"><head><title>kiosk</title></head><body><div id=\"app\"></div></body></html>";
        let manifest = br#"{
            "index.html": {"file": "assets/index-A.js", "isEntry": true, "imports": ["_compat-B.js"]},
            "_compat-B.js": {"file": "assets/compat-B.js"},
            "_gallery-C.js": {"file": "assets/gallery-C.js", "imports": ["_compat-B.js"], "css": ["assets/gallery-C.css"]},
            "src/features/catalog/routes/product-page.tsx": {"file": "assets/product-page-D.js", "isDynamicEntry": true, "imports": ["_gallery-C.js", "_compat-B.js"]}
        }"#;
        let template = ShellTemplate::parse(html)
            .unwrap()
            .with_manifest(Some(manifest));
        assert_eq!(
            template.chunk_links("product"),
            "<link rel=\"preload\" as=\"style\" href=\"/assets/gallery-C.css\">\n<link rel=\"modulepreload\" href=\"/assets/gallery-C.js\">\n<link rel=\"modulepreload\" href=\"/assets/product-page-D.js\">\n"
        );
        assert_eq!(template.chunk_links("room"), "");
        let without = ShellTemplate::parse(html)
            .unwrap()
            .with_manifest(Some(b"not json"));
        assert_eq!(without.chunk_links("product"), "");
    }

    #[test]
    fn json_in_scripts_cannot_end_the_script() {
        assert_eq!(
            script_safe(r#"{"a":"</script><script>alert(1)"}"#),
            r#"{"a":"\u003c/script>\u003cscript>alert(1)"}"#
        );
        assert_eq!(
            escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn localized_urls_put_the_prefix_before_the_path() {
        assert_eq!(
            localized_url("https://s.th", Locale::En, "/"),
            "https://s.th/"
        );
        assert_eq!(
            localized_url("https://s.th", Locale::Th, "/"),
            "https://s.th/th"
        );
        assert_eq!(
            localized_url("https://s.th", Locale::My, "/about"),
            "https://s.th/my/about"
        );
    }
}
