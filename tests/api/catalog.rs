//! The catalogue API on the demo catalogue: lists, filters, sort, pages, products, related,
//! search in every script, code search, images, product pages.

use serde_json::Value;

use crate::helpers::{error_code, spawn_app};

/// The product codes of a list or search answer, in order.
pub(crate) fn codes(body: &Value) -> Vec<String> {
    body["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap().to_string())
        .collect()
}

fn has(list: &Value, key: &str) -> bool {
    list.as_array()
        .is_some_and(|items| items.iter().any(|i| i == key))
}

#[tokio::test]
async fn the_demo_catalogue_has_products_in_every_room_and_top_category() {
    let app = spawn_app().await;
    let (status, all) = app.get_json("/api/app/product/list?limit=100").await;
    assert_eq!(status, 200);
    assert!(all["total"].as_u64().unwrap() >= 110, "{}", all["total"]);
    assert_eq!(
        (all["page"].as_u64(), all["limit"].as_u64()),
        (Some(1), Some(100))
    );
    let (_, rooms) = app.get_json("/api/app/room/list").await;
    for room in rooms["rooms"].as_array().unwrap() {
        let key = room["key"].as_str().unwrap();
        let (_, list) = app
            .get_json(&format!("/api/app/product/list?room={key}"))
            .await;
        assert!(list["total"].as_u64().unwrap() > 0, "room {key} is empty");
        assert!(
            list["products"]
                .as_array()
                .unwrap()
                .iter()
                .all(|p| has(&p["rooms"], key))
        );
    }
    // Lists carry cards; the whole product (every language) is one `product/get` away.
    let card = &all["products"][0];
    for field in [
        "code",
        "name",
        "price",
        "compareAtPrice",
        "image",
        "rooms",
        "categories",
        "stock",
        "active",
    ] {
        assert!(card.get(field).is_some(), "a card lacks {field}");
    }
    let (_, one) = app
        .get_json(&format!(
            "/api/app/product/get/{}",
            card["code"].as_str().unwrap()
        ))
        .await;
    let product = &one["product"];
    for field in ["description", "images", "dimensions", "material", "colour"] {
        assert!(product.get(field).is_some(), "a product lacks {field}");
    }
    for locale in ["en", "th", "my", "km", "id"] {
        assert!(
            product["name"][locale]
                .as_str()
                .is_some_and(|n| !n.is_empty()),
            "name.{locale}"
        );
    }
    assert_eq!(card["name"], product["name"]["en"]);
    assert!(product["price"].is_i64() && product["dimensions"]["width"].is_u64());
}

#[tokio::test]
async fn filters_sort_and_pages_narrow_the_list() {
    let app = spawn_app().await;
    let (_, sofas) = app
        .get_json("/api/app/product/list?category=sofas&sort=price_asc&limit=100")
        .await;
    let prices: Vec<i64> = sofas["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["price"].as_i64().unwrap())
        .collect();
    assert!(prices.len() >= 8);
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    assert!(
        sofas["products"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| has(&p["categories"], "sofas") && p["active"] == true)
    );

    let (_, desc) = app
        .get_json("/api/app/product/list?sort=price_desc&limit=5")
        .await;
    let top: Vec<i64> = desc["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["price"].as_i64().unwrap())
        .collect();
    assert!(top.windows(2).all(|w| w[0] >= w[1]));

    let (_, ranged) = app
        .get_json("/api/app/product/list?minPrice=500000&maxPrice=1500000&limit=100")
        .await;
    assert!(
        ranged["products"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| (500000..=1500000).contains(&p["price"].as_i64().unwrap()))
    );

    let (_, teak) = app.get_json("/api/app/product/list?material=teak,oak&colour=natural,brown,grey,white,black,beige&limit=100").await;
    assert!(!codes(&teak).is_empty());
    for code in codes(&teak) {
        let (_, one) = app.get_json(&format!("/api/app/product/get/{code}")).await;
        assert!(
            ["teak", "oak"].contains(&one["product"]["material"].as_str().unwrap()),
            "{code}"
        );
    }

    let (_, page1) = app.get_json("/api/app/product/list?limit=10&page=1").await;
    let (_, page2) = app.get_json("/api/app/product/list?limit=10&page=2").await;
    let (first, second) = (codes(&page1), codes(&page2));
    assert_eq!((first.len(), second.len()), (10, 10));
    assert!(first.iter().all(|c| !second.contains(c)), "pages overlap");

    for (query, parameter) in [
        ("minPrice=abc", "minPrice"),
        ("sort=cheapest", "sort"),
        ("limit=500", "limit"),
        ("page=0", "page"),
        ("colour=red%3Bdrop", "colour"),
        ("size=x%20l", "size"),
        ("width=xl", "width"),
        ("minPrice=10&maxPrice=5", "minPrice"),
    ] {
        let (status, body) = app
            .get_json(&format!("/api/app/product/list?{query}"))
            .await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "invalid_parameter"),
            "{query}"
        );
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{parameter}:")),
            "{query}: {body}"
        );
    }
}

#[tokio::test]
async fn products_are_found_by_code_with_related_ones() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/app/product/get/SF-1001").await;
    assert_eq!(status, 200);
    let product = &body["product"];
    assert_eq!(product["code"], "SF-1001");
    let (status, related) = app.get_json("/api/app/product/related/SF-1001").await;
    assert_eq!(status, 200);
    let related = related["products"].as_array().unwrap();
    assert!(!related.is_empty() && related.len() <= 8);
    assert!(
        related
            .iter()
            .all(|p| p["code"] != "SF-1001" && p["active"] == true)
    );
    assert!(related.iter().any(|p| {
        p["categories"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| has(&product["categories"], c.as_str().unwrap()))
    }));
    for path in [
        "/api/app/product/get/NOPE-0000",
        "/api/app/product/related/NOPE-0000",
    ] {
        let (status, body) = app.get_json(path).await;
        assert_eq!((status, error_code(&body)), (404, "not_found"), "{path}");
    }
}

#[tokio::test]
async fn search_understands_thai_khmer_and_accented_latin() {
    let app = spawn_app().await;
    let search_in = |keyword: &str, lang: &str| {
        let url = format!(
            "/api/app/search?keyword={}&limit=100&lang={lang}",
            url::form_urlencoded::byte_serialize(keyword.as_bytes()).collect::<String>()
        );
        let app = &app;
        async move { app.get_json(&url).await.1 }
    };
    let search = |keyword: &str| search_in(keyword, "en");
    let thai = search_in("โซฟา", "th").await;
    assert!(thai["total"].as_u64().unwrap() >= 8, "{thai}");
    let top = &thai["products"][0];
    assert!(
        top["name"].as_str().unwrap().contains("โซฟา"),
        "name hits rank first: {top}"
    );
    let all_sofas = thai["products"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["name"].as_str().unwrap().contains("โซฟา"))
        .count();
    assert!(all_sofas >= 8);

    let latin = search("sofa").await;
    let accented = search("Sofá").await;
    assert_eq!(
        codes(&latin),
        codes(&accented),
        "accents and case are folded"
    );
    assert!(codes(&latin).iter().any(|c| c.starts_with("SF-")));
    assert!(
        latin["products"][0]["name"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("sofa")
    );

    let khmer = search_in("កៅអី", "km").await;
    assert!(khmer["total"].as_u64().unwrap() >= 3, "{khmer}");
    assert!(
        khmer["products"][0]["name"]
            .as_str()
            .unwrap()
            .contains("កៅអី")
    );

    let typing = search("sof").await;
    assert!(
        typing["total"].as_u64() >= latin["total"].as_u64(),
        "the last word matches as a prefix"
    );
    assert_eq!(search("xyzzyq").await["total"], 0);
    let (status, body) = app
        .get_json(&format!("/api/app/search?keyword={}", "a".repeat(101)))
        .await;
    assert_eq!((status, error_code(&body)), (400, "invalid_parameter"));
}

#[tokio::test]
async fn code_search_lists_codes_starting_with_the_keyword() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/app/search/code?keyword=SF-10").await;
    assert_eq!(status, 200);
    let found = codes(&body);
    assert!(found.len() >= 5, "{found:?}");
    assert!(found.iter().all(|c| c.starts_with("SF-10")));
    assert_eq!(body["total"].as_u64().unwrap() as usize, found.len());
    let (_, lower) = app.get_json("/api/app/search/code?keyword=sf-10").await;
    assert_eq!(codes(&lower), found);
    let (_, none) = app.get_json("/api/app/search/code?keyword=ZZ-").await;
    assert_eq!(none["total"], 0);
}

#[tokio::test]
async fn discontinued_products_are_neither_listed_nor_found() {
    let app = spawn_app().await;
    let catalog = app.state.catalog.current();
    let inactive = catalog
        .products
        .iter()
        .find(|p| !p.active)
        .expect("the demo has a discontinued product")
        .code
        .clone();
    let (_, all) = app.get_json("/api/app/product/list?limit=100").await;
    assert!(!codes(&all).contains(&inactive));
    let (_, by_code) = app
        .get_json(&format!("/api/app/search/code?keyword={inactive}"))
        .await;
    assert!(!codes(&by_code).contains(&inactive));
    let (status, one) = app
        .get_json(&format!("/api/app/product/get/{inactive}"))
        .await;
    assert_eq!(
        (status, &one["product"]["active"]),
        (200, &Value::Bool(false)),
        "old links still show the product as discontinued"
    );
}

#[tokio::test]
async fn images_are_cached_resized_and_served_as_webp_when_accepted() {
    let app = spawn_app().await;
    let (_, body) = app.get_json("/api/app/product/get/SF-1001").await;
    let image = body["product"]["images"][0].as_str().unwrap().to_string();
    let original = app.get(&image).await;
    assert_eq!(original.status(), 200);
    assert_eq!(original.headers()["content-type"], "image/png");
    assert!(
        original.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("max-age")
    );
    let etag = original.headers()["etag"].to_str().unwrap().to_string();
    let full = original.bytes().await.unwrap().len();
    let again = app
        .client
        .get(app.url(&image))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);

    // Without WebP in Accept: a JPEG copy, or the PNG itself when that is lighter.
    let small = app.get(&format!("{image}&w=160")).await;
    assert_ne!(small.headers()["content-type"], "image/webp");
    assert!(small.bytes().await.unwrap().len() <= full);
    let webp = app
        .client
        .get(app.url(&format!("{image}&w=320")))
        .header("accept", "image/avif,image/webp,*/*")
        .send()
        .await
        .unwrap();
    assert_eq!(webp.headers()["content-type"], "image/webp");
    assert_eq!(webp.headers()["vary"], "Accept");
    assert!(webp.bytes().await.unwrap().starts_with(b"RIFF"));

    let (status, body) = app.get_json(&format!("{image}&w=333")).await;
    assert_eq!((status, error_code(&body)), (400, "invalid_parameter"));
    for path in [
        "/api/file/images/demo/NOPE.png",
        "/api/file/images/..%2f..%2fCargo.toml",
        "/api/file/images/demo/..%2fseed%2flabels.json",
    ] {
        let (status, body) = app.get_json(path).await;
        assert_eq!((status, error_code(&body)), (404, "not_found"), "{path}");
    }
}

#[tokio::test]
async fn product_pages_carry_product_structured_data_and_unknown_ones_are_404() {
    let app = spawn_app().await;
    let (_, body) = app.get_json("/api/app/product/get/SF-1001").await;
    let product = &body["product"];
    let page = app.get_page("/th/products/SF-1001").await;
    assert_eq!(page.status, 200);
    let thai_name = product["name"]["th"].as_str().unwrap();
    assert!(
        page.body
            .contains(&format!("<title>{thai_name} | kiosk</title>")),
        "the title names the product"
    );
    assert!(
        page.body
            .contains("<meta property=\"og:type\" content=\"product\">")
    );
    // The image's path (product answers add a version, `?v=`, to it).
    let image_path = product["images"][0]
        .as_str()
        .unwrap()
        .split('?')
        .next()
        .unwrap();
    assert!(page.body.contains(&format!(
        "<meta property=\"og:image\" content=\"{}{}",
        crate::helpers::PUBLIC_URL,
        image_path
    )));
    let ld: Value = page
        .body
        .split("<script type=\"application/ld+json\">")
        .skip(1)
        .filter_map(|block| {
            serde_json::from_str::<Value>(&block[..block.find("</script>").unwrap()]).ok()
        })
        .find(|block| block["@type"] == "Product")
        .expect("a Product JSON-LD block");
    assert_eq!(ld["@type"], "Product");
    assert_eq!(ld["sku"], "SF-1001");
    assert_eq!(ld["name"], thai_name);
    assert_eq!(ld["offers"]["priceCurrency"], "THB");
    let price = product["price"].as_i64().unwrap();
    assert_eq!(
        ld["offers"]["price"],
        format!("{}.{:02}", price / 100, price % 100)
    );
    assert!(
        ld["offers"]["availability"]
            .as_str()
            .unwrap()
            .starts_with("https://schema.org/")
    );

    assert_eq!(app.get_page("/products/NOPE-0000").await.status, 404);
    let sitemap = crate::sitemap_index::all_sitemaps(&app).await;
    assert!(sitemap.contains(&format!(
        "<loc>{}/th/products/SF-1001</loc>",
        crate::helpers::PUBLIC_URL
    )));
}

/// The in-memory catalogue holds no descriptions (`catalog::listed`): every place that shows
/// them reads the stored product.
#[tokio::test]
async fn descriptions_reach_every_place_that_shows_them() {
    let app = spawn_app().await;
    let (status, one) = app.get_json("/api/app/product/get/SF-1001").await;
    assert_eq!(status, 200);
    let description = &one["product"]["description"];
    let en = description["en"].as_str().unwrap().to_string();
    let th = description["th"].as_str().unwrap().to_string();
    assert!(en.len() > 20 && th.len() > 20, "{description}");
    let start = |text: &str| text.chars().take(12).collect::<String>();

    // The product page before any script: meta description and structured data.
    let page = app.get_page("/th/products/SF-1001").await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains(&format!(
            "<meta name=\"description\" content=\"{}",
            start(&th)
        )),
        "meta description"
    );
    assert!(page.body.matches(&start(&th)).count() >= 2, "JSON-LD too");

    // Staff screens and the export, which an import reads back.
    let clerk = app.token("clerk", "admin-stock").await;
    let (status, list) = app
        .get_authed("/api/admin/products?q=SF-1001", &clerk)
        .await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["products"][0]["description"], *description);
    let csv = app
        .client
        .get(app.url("/api/admin/products.csv?q=SF-1001"))
        .bearer_auth(&clerk)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        csv.contains(&start(&en)) && csv.contains(&start(&th)),
        "{csv}"
    );
}
