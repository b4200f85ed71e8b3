//! Page routes: language prefixes, redirects, real 404s and the SEO head.

use crate::helpers::{PUBLIC_URL, spawn_app};

const PREFIXES: [(&str, &str); 5] = [
    ("", "en"),
    ("/th", "th"),
    ("/my", "ms"),
    ("/km", "km"),
    ("/id", "id"),
];

/// docs/STOREFRONT.md §2: every fixed and parameterised page, each with and without its parameter.
const PAGES: &[&str] = &[
    "/",
    "/about",
    "/area",
    "/cart",
    "/cartres",
    "/order",
    "/privacy",
    "/search?keyword=sofa",
    "/searchcode?keyword=SF-10",
    "/mobile/account",
    "/mobile/category",
    "/mobile/info",
    "/category",
    "/category/sofas",
    "/category/sofas-3-seat",
    "/content",
    "/content/terms",
    "/info",
    "/info/how-to-order",
    "/products",
    "/products/SF-1001",
    "/room",
    "/room/living",
    "/user",
    "/user/login",
    "/user/register",
    "/user/password",
    "/view",
    "/view/17",
    "/location/bangkok",
    "/location",
    "/terms",
    "/admin",
    "/admin/orders",
];

#[tokio::test]
async fn every_page_route_answers_the_shell_in_every_language() {
    let app = spawn_app().await;
    for (prefix, lang) in PREFIXES {
        for page in PAGES {
            let path = if *page == "/" && !prefix.is_empty() {
                prefix.to_string()
            } else {
                format!("{prefix}{page}")
            };
            let response = app.get_page(&path).await;
            assert_eq!(response.status, 200, "{path}");
            assert!(
                response.body.contains(&format!("<html lang=\"{lang}\">")),
                "{path} lacks lang {lang}"
            );
            assert!(
                response.body.contains("id=\"app\""),
                "{path} is not the app shell"
            );
            assert!(
                response.header("content-type").starts_with("text/html"),
                "{path}"
            );
            assert_eq!(response.header("cache-control"), "no-cache", "{path}");
        }
    }
}

#[tokio::test]
async fn english_prefix_redirects_permanently_keeping_the_query() {
    let app = spawn_app().await;
    for (path, target) in [
        ("/en/about?x=1", "/about?x=1"),
        ("/en", "/"),
        ("/en/", "/"),
        ("/en/room/living", "/room/living"),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 301, "{path}");
        assert_eq!(response.headers()["location"], target, "{path}");
    }
}

#[tokio::test]
async fn unknown_languages_and_pages_are_real_404s() {
    let app = spawn_app().await;
    for path in [
        "/xx/about",
        "/no-such-page",
        "/th/no-such-page",
        "/room/garage",
        "/category/spaceships",
        "/info/nothing",
        "/user/hack",
        "/about/more",
        "/cart/x",
    ] {
        let page = app.get_page(path).await;
        assert_eq!(page.status, 404, "{path}");
        assert!(page.body.contains("noindex"), "{path}");
        assert_eq!(page.boot()["status"], 404, "{path}");
    }
    let page = app.get_page("/xx/about").await;
    assert!(page.body.contains("This page could not be found."));
    assert!(
        page.body
            .contains("Please click to go to Kiosk furniture online shop")
    );
    // A 404 under a language prefix speaks that language.
    let thai = app.get_page("/th/no-such-page").await;
    assert!(thai.body.contains("<html lang=\"th\">"));
    assert_eq!(thai.boot()["locale"], "th");
    assert!(
        !thai.body.contains("This page could not be found."),
        "the Thai 404 must be in Thai"
    );
}

#[tokio::test]
async fn thai_room_page_and_malay_home_declare_their_languages() {
    let app = spawn_app().await;
    let room = app.get_page("/th/room/living").await;
    assert_eq!(room.status, 200);
    assert!(room.body.contains("<html lang=\"th\">"));
    let malay = app.get_page("/my/").await;
    assert_eq!(malay.status, 200);
    assert!(malay.body.contains("<html lang=\"ms\">"));
    assert!(malay.body.contains("hreflang=\"ms\""));
    assert_eq!(malay.boot()["locale"], "my");
}

#[tokio::test]
async fn the_head_carries_title_canonical_hreflang_and_organization_data() {
    let app = spawn_app().await;
    let page = app.get_page("/th/room/living").await;
    assert!(page.body.contains("<title>kiosk</title>"));
    assert!(page.body.contains(&format!(
        "<link rel=\"canonical\" href=\"{PUBLIC_URL}/th/room/living\">"
    )));
    for (lang, href) in [
        ("en", "/room/living"),
        ("th", "/th/room/living"),
        ("ms", "/my/room/living"),
        ("km", "/km/room/living"),
        ("id", "/id/room/living"),
        ("x-default", "/room/living"),
    ] {
        let link =
            format!("<link rel=\"alternate\" hreflang=\"{lang}\" href=\"{PUBLIC_URL}{href}\">");
        assert!(page.body.contains(&link), "missing {link}");
    }
    assert!(page.body.contains("<meta name=\"description\" content=\""));

    let org = page.json_ld();
    assert_eq!(org["@type"], "Organization");
    assert_eq!(org["url"], PUBLIC_URL);
    assert_eq!(org["logo"], format!("{PUBLIC_URL}/static/logo.svg"));
    for key in ["name", "description"] {
        assert!(org[key].as_str().is_some_and(|v| !v.is_empty()), "{key}");
    }
    for key in [
        "streetAddress",
        "addressLocality",
        "postalCode",
        "addressCountry",
    ] {
        assert!(
            org["address"][key].as_str().is_some_and(|v| !v.is_empty()),
            "address.{key}"
        );
    }
    // The Thai page's organisation data comes from the Thai translations.
    assert_ne!(
        org["name"],
        app.get_page("/room/living").await.json_ld()["name"]
    );
}

#[tokio::test]
async fn information_pages_have_their_title_and_text_without_javascript() {
    let app = spawn_app().await;
    let about = app.get_page("/about").await;
    let title = about
        .body
        .split("<title>")
        .nth(1)
        .and_then(|t| t.split("</title>").next())
        .unwrap();
    assert!(
        title.ends_with(" | kiosk") && title.len() > " | kiosk".len(),
        "{title}"
    );
    assert!(about.body.contains("class=\"shell-fallback\""));
    let (_, page) = app.get_json("/api/file/pages/get/about").await;
    let first_paragraph = page["page"]["body"]["en"]
        .as_str()
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap()
        .to_string();
    let escaped = first_paragraph
        .replace('&', "&amp;")
        .replace('\'', "&#39;")
        .replace('"', "&quot;");
    assert!(
        about.body.contains(&escaped),
        "the page text is in the HTML"
    );
}

#[tokio::test]
async fn the_boot_data_gives_the_ui_its_language_messages_and_settings() {
    let app = spawn_app().await;
    let boot = app.get_page("/km/about").await.boot();
    assert_eq!(boot["locale"], "km");
    assert_eq!(boot["status"], 200);
    let codes: Vec<_> = boot["languages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["th", "my", "km", "en", "id"]);
    assert_eq!(boot["languages"][1]["htmlLang"], "ms");
    let khmer_placeholder = boot["messages"]["header"]["searchPlaceholder"]
        .as_str()
        .unwrap();
    assert!(
        khmer_placeholder
            .chars()
            .any(|c| ('\u{1780}'..='\u{17FF}').contains(&c)),
        "{khmer_placeholder}"
    );
    assert_eq!(boot["features"]["roomMenu"], true);
    assert_eq!(
        boot["shop"]["catalogUrl"],
        "/api/file/pdf/get/catalog-min.pdf"
    );
    // Only configured social links are sent; the defaults configure facebook, line and tel.
    let social = boot["shop"]["social"].as_object().unwrap();
    assert!(social.contains_key("facebook") && !social.contains_key("youtube"));
    assert_eq!(
        boot["paymentMethods"],
        serde_json::json!(["promptpay", "bank_transfer"])
    );
    assert_eq!(boot["shipping"]["freeOver"], 500_000);

    let no_bank = crate::helpers::spawn_app_with(|c| c.payments.bank_account_number.clear()).await;
    let boot = no_bank.get_page("/order").await.boot();
    assert_eq!(boot["paymentMethods"], serde_json::json!(["promptpay"]));
}

#[tokio::test]
async fn the_language_cookie_redirects_on_the_root_only() {
    let app = spawn_app().await;
    let with_cookie = |path: &str, value: &str| {
        app.client
            .get(app.url(path))
            .header("cookie", format!("theme=x; i18n_redirected={value}"))
    };
    let root = with_cookie("/?ref=ad", "th").send().await.unwrap();
    assert_eq!(root.status(), 302);
    assert_eq!(root.headers()["location"], "/th?ref=ad");
    assert_eq!(
        with_cookie("/about", "th").send().await.unwrap().status(),
        200
    );
    assert_eq!(with_cookie("/", "en").send().await.unwrap().status(), 200);
    assert_eq!(with_cookie("/", "xx").send().await.unwrap().status(), 200);
    assert_eq!(app.get("/").await.status(), 200);
}

#[tokio::test]
async fn only_get_and_head_reach_pages() {
    let app = spawn_app().await;
    let (status, body) = app.json(app.client.post(app.url("/about"))).await;
    assert_eq!(status, 405);
    assert_eq!(crate::helpers::error_code(&body), "method_not_allowed");
    assert_eq!(
        app.client
            .head(app.url("/about"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
}

#[tokio::test]
async fn the_sitemap_lists_pages_rooms_and_categories_in_every_language() {
    let app = spawn_app().await;
    // The index lists children per language; together they hold every page.
    let xml = crate::sitemap_index::all_sitemaps(&app).await;
    for loc in [
        "/about",
        "/th/room/living",
        "/my/category/sofas-3-seat",
        "/km/info/how-to-order",
        "/id",
    ] {
        assert!(
            xml.contains(&format!("<loc>{PUBLIC_URL}{loc}</loc>")),
            "sitemap lacks {loc}"
        );
    }
    assert!(xml.contains("hreflang=\"ms\""));
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(
        robots.contains("Disallow: /api/")
            && robots.contains(&format!("Sitemap: {PUBLIC_URL}/sitemap.xml"))
    );
}
