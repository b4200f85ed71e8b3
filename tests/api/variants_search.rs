//! Products with options in search, facets, lists, the product answer, the first paint and
//! structured data (docs/VARIANTS.md §4 and §5): option values are words of the product in
//! every language, variant codes are found like product codes, facets count a product once
//! from its active variants' values, and `/products/CODE?variant=X` draws X.

use serde_json::{Value, json};

use crate::helpers::{PUBLIC_URL, TestApp, spawn_app};

/// A sofa in two fabrics and two sizes (the sand ones hidden) and a bed in two sizes, added to
/// the demo shop. Their colour and size keys are their own, so counts are theirs.
async fn with_variant_products() -> TestApp {
    let app = spawn_app().await;
    let sofa: kiosk::catalog::model::Product = serde_json::from_value(json!({
        "code": "SF-9001",
        "name": {"en": "Harbour Sofa", "th": "โซฟาฮาร์เบอร์", "my": "Sofa Harbour",
                 "km": "សាឡុង Harbour", "id": "Sofa Harbour"},
        "price": 1_500_000,
        "images": ["/api/file/images/demo/SF-1001-1.png", "/api/file/images/demo/SF-1001-2.png"],
        "rooms": ["living"], "categories": [],
        "options": [
            {"kind": "colour", "name": {"en": "Fabric", "th": "สีผ้า", "my": "Warna kain"},
             "values": [
                {"en": "Slate", "th": "เทา", "my": "Kelabu", "key": "slate", "swatch": "#6b7280"},
                {"en": "Dune", "th": "ทราย", "my": "Pasir", "key": "dune", "swatch": "#d6c6a5"}]},
            {"kind": "size", "name": {"en": "Size", "th": "ขนาด", "my": "Saiz"},
             "values": [
                {"en": "2 seats", "th": "2 ที่นั่ง", "my": "2 tempat duduk", "key": "2-seats"},
                {"en": "3 seats", "th": "3 ที่นั่ง", "my": "3 tempat duduk", "key": "3-seats"}]}
        ],
        "variants": [
            {"code": "SF-9001-G2", "values": [0, 0], "price": 1_500_000, "stock": 3},
            {"code": "SF-9001-G3", "values": [0, 1], "price": 1_900_000,
             "compareAtPrice": 2_100_000, "stock": 2,
             "images": ["/api/file/images/demo/SF-1001-2.png"]},
            {"code": "SF-9001-D2", "values": [1, 0], "price": 1_500_000, "stock": 4, "active": false},
            {"code": "SF-9001-D3", "values": [1, 1], "price": 1_900_000, "stock": 1, "active": false}
        ]
    }))
    .unwrap();
    let bed: kiosk::catalog::model::Product = serde_json::from_value(json!({
        "code": "BD-9002",
        "name": {"en": "Lamphun Teak Bed", "th": "เตียงไม้สักลำพูน", "my": "Katil Jati Lamphun",
                 "km": "គ្រែ Lamphun", "id": "Ranjang Jati Lamphun"},
        "price": 900_000,
        "images": ["/api/file/images/demo/SF-1001-1.png"],
        "rooms": ["bedroom"], "categories": ["beds"],
        "options": [
            {"kind": "size", "name": {"en": "Size", "th": "ขนาด", "my": "Saiz"},
             "values": [
                {"en": "5 ft", "th": "5 ฟุต", "my": "5 kaki", "key": "5-ft-test"},
                {"en": "6 ft", "th": "6 ฟุต", "my": "6 kaki", "key": "6-ft-test"}]}
        ],
        "variants": [
            {"code": "BD-9002-5", "values": [0], "price": 900_000, "stock": 7},
            {"code": "BD-9002-6", "values": [1], "price": 1_200_000, "stock": 1}
        ]
    }))
    .unwrap();
    let (store, catalog) = (app.state.store.clone(), app.state.catalog.clone());
    tokio::task::spawn_blocking(move || {
        kiosk::catalog::store::upsert_products(&store, &[sofa, bed]).unwrap();
        catalog.reload(&store).unwrap();
    })
    .await
    .unwrap();
    app
}

/// The products of a list or search answer with `code`.
fn cards<'a>(answer: &'a Value, code: &str) -> Vec<&'a Value> {
    answer["products"]
        .as_array()
        .expect("products")
        .iter()
        .filter(|p| p["code"] == code)
        .collect()
}

async fn search(app: &TestApp, keyword: &str, lang: &str) -> Value {
    let url = format!(
        "/api/app/search?keyword={}&lang={lang}&limit=100",
        url::form_urlencoded::byte_serialize(keyword.as_bytes()).collect::<String>()
    );
    let (status, body) = app.get_json(&url).await;
    assert_eq!(status, 200, "{keyword}: {body}");
    body
}

#[tokio::test]
async fn option_values_in_thai_english_and_malay_find_the_product_once_with_its_variant() {
    let app = with_variant_products().await;
    for (keyword, lang, code, variant) in [
        ("โซฟาสีเทา", "th", "SF-9001", "SF-9001-G2"),
        ("slate sofa", "en", "SF-9001", "SF-9001-G2"),
        ("harbour 3 seats", "en", "SF-9001", "SF-9001-G3"),
        ("sofa kelabu 3 tempat duduk", "my", "SF-9001", "SF-9001-G3"),
        ("katil 6 kaki", "my", "BD-9002", "BD-9002-6"),
        ("เตียง 6 ฟุต", "th", "BD-9002", "BD-9002-6"),
    ] {
        let body = search(&app, keyword, lang).await;
        let found = cards(&body, code);
        assert_eq!(found.len(), 1, "{keyword}: once, {body}");
        let card = found[0];
        assert_eq!(card["variant"], variant, "{keyword}: {card}");
        // The card shows the variant's own price.
        let price = if variant.ends_with('3') || variant.ends_with('6') {
            if code == "BD-9002" {
                1_200_000
            } else {
                1_900_000
            }
        } else {
            1_500_000
        };
        assert_eq!(card["price"], price, "{keyword}: {card}");
        assert!(
            card.get("maxPrice").is_none(),
            "a chosen variant is no 'from' price"
        );
    }
    // A hidden variant's value finds nothing of it: the product answers only as a partial
    // match, with the value among the words no product holds (issue 32).
    let body = search(&app, "harbour dune", "en").await;
    assert!(
        cards(&body, "SF-9001").is_empty() || body["unmatchedWords"] == json!(["dune"]),
        "{body}"
    );
    let body = search(&app, "dune", "en").await;
    assert!(cards(&body, "SF-9001").is_empty(), "{body}");
    // A plain product word: the product once, no variant named, its "from" figures.
    let body = search(&app, "harbour", "en").await;
    let found = cards(&body, "SF-9001");
    assert_eq!(found.len(), 1);
    assert!(found[0].get("variant").is_none(), "{}", found[0]);
    assert_eq!(found[0]["price"], 1_500_000);
    assert_eq!(found[0]["maxPrice"], 1_900_000);
    assert_eq!(
        found[0]["swatches"],
        json!([{"key": "slate", "swatch": "#6b7280"}]),
        "only colours an active variant has"
    );
}

#[tokio::test]
async fn a_variant_code_is_found_like_a_product_code_and_names_its_variant() {
    let app = with_variant_products().await;
    let (status, body) = app
        .get_json("/api/app/search/code?keyword=%23sf-9001-g3&lang=en")
        .await;
    assert_eq!(status, 200);
    let found = cards(&body, "SF-9001");
    assert_eq!(found.len(), 1, "{body}");
    assert_eq!(found[0]["variant"], "SF-9001-G3");
    assert_eq!(found[0]["price"], 1_900_000);
    assert_eq!(found[0]["compareAtPrice"], 2_100_000);
    assert_eq!(found[0]["stock"], 2);
    let image = found[0]["image"].as_str().unwrap();
    assert!(
        image.starts_with("/api/file/images/demo/SF-1001-2.png"),
        "{image}"
    );

    // The product's code prefix: the product once, by its own code.
    let (_, body) = app
        .get_json("/api/app/search/code?keyword=SF-900&lang=en")
        .await;
    let found = cards(&body, "SF-9001");
    assert_eq!(found.len(), 1, "{body}");
    assert!(found[0].get("variant").is_none());
    // A hidden variant is not sold, so not found.
    let (_, body) = app
        .get_json("/api/app/search/code?keyword=SF-9001-D&lang=en")
        .await;
    assert_eq!(body["total"], 0, "{body}");

    // A keyword search for the code names the variant too.
    let body = search(&app, "SF-9001-G3", "en").await;
    let found = cards(&body, "SF-9001");
    assert_eq!(found.len(), 1, "{body}");
    assert_eq!(found[0]["variant"], "SF-9001-G3");
}

#[tokio::test]
async fn facets_count_a_product_once_from_its_active_variants_and_filter_by_size() {
    let app = with_variant_products().await;
    let (status, body) = app.get_json("/api/app/product/list?limit=1").await;
    assert_eq!(status, 200);
    let facets = &body["facets"];
    assert_eq!(
        facets["colours"]["slate"], 1,
        "two slate variants, one product"
    );
    assert!(
        facets["colours"].get("dune").is_none(),
        "dune is only hidden variants"
    );
    assert_eq!(facets["sizes"]["2-seats"], 1);
    assert_eq!(facets["sizes"]["3-seats"], 1);
    assert_eq!(facets["sizes"]["6-ft-test"], 1);
    assert_eq!(facets["sizeLabels"]["2-seats"]["th"], "2 ที่นั่ง");
    assert_eq!(facets["sizeLabels"]["6-ft-test"]["my"], "6 kaki");

    let (status, body) = app.get_json("/api/app/product/list?size=6-ft-test").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["total"], 1);
    assert_eq!(body["products"][0]["code"], "BD-9002");
    // Other sizes stay countable under a size filter.
    assert_eq!(body["facets"]["sizes"]["5-ft-test"], 1);

    let (_, body) = app.get_json("/api/app/product/list?colour=dune").await;
    assert_eq!(body["total"], 0, "{body}");
    let (_, body) = app
        .get_json("/api/app/product/list?colour=slate&limit=100")
        .await;
    assert_eq!(cards(&body, "SF-9001").len(), 1);

    // Search takes the same filter and counts.
    let body = search(&app, "sofa", "en").await;
    assert_eq!(body["facets"]["sizes"]["3-seats"], 1, "{}", body["facets"]);
    let (status, body) = app
        .get_json("/api/app/search?keyword=bed&size=6-ft-test&limit=100")
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["total"], 1, "{body}");

    let (status, body) = app.get_json("/api/app/product/list?size=6%20ft").await;
    assert_eq!(status, 400);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("size:")
    );
}

#[tokio::test]
async fn the_product_answer_has_its_options_and_each_variants_live_stock() {
    let app = with_variant_products().await;
    let (store, catalog) = (app.state.store.clone(), app.state.catalog.clone());
    tokio::task::spawn_blocking(move || {
        store
            .write(|txn| {
                kiosk::catalog::stock::STOCK_CODE_TO_LEVEL
                    .write(txn)?
                    .put("SF-9001-G3", 9)?;
                Ok::<(), kiosk::store::StoreError>(())
            })
            .unwrap();
        catalog
            .refresh_stock(&store, &["SF-9001-G3".to_string()])
            .unwrap();
    })
    .await
    .unwrap();
    let (status, body) = app.get_json("/api/app/product/get/SF-9001").await;
    assert_eq!(status, 200);
    let product = &body["product"];
    assert_eq!(product["options"].as_array().unwrap().len(), 2);
    assert_eq!(product["options"][0]["values"][0]["th"], "เทา");
    let variants = product["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 4);
    assert_eq!(variants[1]["code"], "SF-9001-G3");
    assert_eq!(variants[1]["stock"], 9, "the live level");
    assert_eq!(product["stock"], 12, "the active variants' sum");
    assert!(
        variants[1]["images"][0].as_str().unwrap().contains("?v="),
        "versioned like the product's"
    );
    // Cards and the code search see the new level too.
    let (_, body) = app
        .get_json("/api/app/search/code?keyword=SF-9001-G3")
        .await;
    assert_eq!(body["products"][0]["stock"], 9);
}

/// The markup drawn inside `#app` before the app starts.
fn drawn(body: &str) -> &str {
    let start = body.find("<div id=\"app\">").expect("app root");
    &body[start..]
}

fn json_ld_blocks(body: &str) -> Vec<Value> {
    body.split("<script type=\"application/ld+json\">")
        .skip(1)
        .filter_map(|block| serde_json::from_str(&block[..block.find("</script>")?]).ok())
        .collect()
}

#[tokio::test]
async fn a_product_page_draws_the_variant_its_address_chooses_and_keeps_its_canonical() {
    let app = with_variant_products().await;
    let page = app
        .get_page("/th/products/SF-9001?variant=SF-9001-G3")
        .await;
    assert_eq!(page.status, 200);
    let markup = drawn(&page.body);
    assert!(markup.contains("฿19,000"), "the variant's price: {markup}");
    assert!(markup.contains("฿21,000"), "its compare-at price");
    assert!(!markup.contains("฿15,000"));
    assert!(markup.contains("SF-1001-2.png"), "its photo");
    assert!(markup.contains("3 ที่นั่ง"), "its chosen size");
    assert!(markup.contains("stock-note--low"), "2 left: {markup}");
    assert!(page.body.contains(&format!(
        "<link rel=\"canonical\" href=\"{PUBLIC_URL}/th/products/SF-9001\">"
    )));

    // An unknown or hidden variant: the product's default (the first active one with stock).
    for address in [
        "/products/SF-9001?variant=NOPE",
        "/products/SF-9001?variant=SF-9001-D3",
        "/products/SF-9001",
    ] {
        let page = app.get_page(address).await;
        assert_eq!(page.status, 200, "{address}");
        let markup = drawn(&page.body);
        assert!(markup.contains("฿15,000"), "{address}: {markup}");
        assert!(!markup.contains("฿19,000"), "{address}");
        assert!(markup.contains("2 seats"), "{address}");
    }
}

#[tokio::test]
async fn a_product_with_options_is_a_product_group_in_structured_data() {
    let app = with_variant_products().await;
    let page = app.get_page("/products/SF-9001?variant=SF-9001-G3").await;
    let blocks = json_ld_blocks(&page.body);
    let group = blocks
        .iter()
        .find(|b| b["@type"] == "ProductGroup")
        .expect("a ProductGroup block");
    assert_eq!(group["productGroupID"], "SF-9001");
    assert_eq!(group["name"], "Harbour Sofa");
    assert_eq!(
        group["variesBy"],
        json!(["https://schema.org/color", "https://schema.org/size"])
    );
    let variants = group["hasVariant"].as_array().unwrap();
    assert_eq!(variants.len(), 2, "hidden variants are not offered");
    let large = &variants[1];
    assert_eq!(large["@type"], "Product");
    assert_eq!(large["sku"], "SF-9001-G3");
    assert_eq!(large["name"], "Harbour Sofa – Slate / 3 seats");
    assert_eq!(large["offers"]["price"], "19000.00");
    assert_eq!(large["offers"]["priceCurrency"], "THB");
    assert_eq!(
        large["offers"]["availability"],
        "https://schema.org/InStock"
    );
    assert_eq!(
        large["offers"]["url"],
        format!("{PUBLIC_URL}/products/SF-9001?variant=SF-9001-G3")
    );
    assert!(large["image"].as_str().unwrap().contains("SF-1001-2.png"));
    assert!(!blocks.iter().any(|b| b["@type"] == "Product"));

    // A product without options stays a Product.
    let page = app.get_page("/products/SF-1001").await;
    let blocks = json_ld_blocks(&page.body);
    let product = blocks.iter().find(|b| b["@type"] == "Product");
    let demo_has_options = blocks.iter().any(|b| b["@type"] == "ProductGroup");
    assert!(product.is_some() || demo_has_options);
}
