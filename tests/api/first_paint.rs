//! First paint from the server (issue 17): the page's HTML carries the above-the-fold markup
//! and the catalogue answers the app starts from, byte for byte what the API answers.

use crate::helpers::{Page, spawn_app};

/// The JSON inside `<script … id="kiosk-data">`.
fn data(page: &Page) -> serde_json::Value {
    let mark = "id=\"kiosk-data\">";
    let start = page.body.find(mark).expect("data block") + mark.len();
    let end = start + page.body[start..].find("</script>").expect("data end");
    serde_json::from_str(&page.body[start..end]).expect("data is JSON")
}

/// The markup inside `<div id="app">`, where the app renders.
fn app_markup(page: &Page) -> &str {
    let start = page.body.find("<div id=\"app\">").expect("app container");
    &page.body[start..]
}

#[tokio::test]
async fn a_product_page_shows_its_name_and_price_in_the_language_before_any_script() {
    let app = spawn_app().await;
    let (_, api) = app.get_json("/api/app/product/get/SF-1001").await;
    let name_th = api["product"]["name"]["th"].as_str().unwrap().to_string();
    let name_en = api["product"]["name"]["en"].as_str().unwrap().to_string();
    // The demo's "Sofa month" takes 10 % off SF-1001 (฿18,900 → ฿17,010); the page draws the
    // price the app shows and the cart charges, against the compare-at ฿21,900.
    let (_, promotions) = app.get_json("/api/app/promotions").await;
    assert!(
        promotions.to_string().contains("sofa-month"),
        "{promotions}"
    );
    let price = api["product"]["price"].as_i64().unwrap();
    assert_eq!(price, 1_890_000);
    let shown = format!("฿{}", group((price - price / 10) / 100));

    let page = app.get_page("/th/products/SF-1001").await;
    assert_eq!(page.status, 200);
    let markup = app_markup(&page);
    assert!(
        markup.contains(&format!("<h1 class=\"first-paint__title\">{name_th}</h1>")),
        "{markup}"
    );
    assert!(
        markup.contains(&format!("<span class=\"price__now\">{shown}</span>")),
        "price {shown} in {markup}"
    );
    assert!(markup.contains("฿21,900"));
    assert!(markup.contains("fetchpriority=\"high\""));
    assert!(markup.contains("data-route=\"product\""));
    assert!(page.body.contains("<link rel=\"preload\" as=\"image\""));
    // The app's first request for the product takes this answer: it must be the API's.
    assert_eq!(data(&page)["/api/app/product/get/SF-1001"], api);
    assert!(data(&page)["/api/app/product/related/SF-1001?lang=th"]["products"].is_array());
    let (_, labels) = app.get_json("/api/file/labels/system").await;
    assert_eq!(
        data(&page)["/api/file/labels/system"],
        labels,
        "material and colour names"
    );

    let english = app.get_page("/products/SF-1001").await;
    assert!(app_markup(&english).contains(&name_en));
}

#[tokio::test]
async fn listings_draw_their_title_and_first_cards_from_the_same_answer_the_app_reads() {
    let app = spawn_app().await;
    let page = app.get_page("/th/room/living").await;
    let answers = data(&page);
    let list = &answers["/api/app/product/list?lang=th&limit=24&room=living"];
    let (_, api) = app
        .get_json("/api/app/product/list?room=living&limit=24&lang=th")
        .await;
    assert_eq!(list, &api, "the page's answer is the API's");
    let markup = app_markup(&page);
    assert!(
        markup.contains("ห้องนั่งเล่น"),
        "the room's Thai name: {markup}"
    );
    let first = list["products"][0]["name"].as_str().unwrap();
    assert!(markup.contains(first));
    assert!(markup.contains("<ul class=\"product-grid\">"));
    assert!(answers["/api/app/room/list"]["rooms"].is_array());
    assert!(answers["/api/app/category/tree"]["categories"].is_array());

    // A search page draws the keyword's results; the key is in the app's normal form.
    let search = app
        .get_page("/th/search?keyword=%E0%B9%82%E0%B8%8B%E0%B8%9F%E0%B8%B2")
        .await;
    let key = "/api/app/search?keyword=%E0%B9%82%E0%B8%8B%E0%B8%9F%E0%B8%B2&lang=th&limit=24";
    assert!(
        data(&search)[key]["products"]
            .as_array()
            .is_some_and(|p| !p.is_empty())
    );
    assert!(app_markup(&search).contains("<h1 class=\"first-paint__title\">โซฟา</h1>"));
}

#[tokio::test]
async fn filtered_listings_and_other_pages_leave_the_drawing_to_the_app() {
    let app = spawn_app().await;
    // Filters in the address: the app builds that request itself; an unfiltered first row
    // would show the wrong products.
    let filtered = app.get_page("/th/room/living?material=leather").await;
    assert!(!app_markup(&filtered).contains("first-paint"));
    let plain = app.get_page("/th/room/living").await;
    assert!(
        app_markup(&plain).contains("first-paint"),
        "cached pages are kept per query"
    );

    let cart = app.get_page("/cart").await;
    assert!(!app_markup(&cart).contains("first-paint"));
    // A product that does not exist is a 404 page without product data.
    let missing = app.get_page("/products/NOPE-404").await;
    assert_eq!(missing.status, 404);
    assert!(!missing.body.contains("/api/app/product/get/"));
}

#[tokio::test]
async fn the_boot_data_leaves_the_staff_areas_messages_to_the_staff_area() {
    let app = spawn_app().await;
    let page = app.get_page("/th").await;
    let messages = &page.boot()["messages"];
    assert!(
        messages["admin"]["common"].is_null(),
        "staff messages stay out of every page"
    );
    assert!(
        messages["admin"]["title"].is_string(),
        "the account menu's staff link keeps its name"
    );
    assert!(messages["product"].is_object());
    let (status, full) = app.get_json("/api/file/locales/th").await;
    assert_eq!(status, 200);
    assert!(
        full["data"]["admin"]["common"].is_object(),
        "the staff area loads them: {full}"
    );
}

fn group(baht: i64) -> String {
    let digits = baht.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A search page drawn before staff save a synonym is drawn again after: the keyword that found
/// nothing then finds the products its new group names.
#[tokio::test]
async fn a_search_page_is_drawn_again_when_the_synonyms_change() {
    let app = spawn_app().await;
    let path = "/th/search?keyword=chesterfieldsofa";
    let key = "/api/app/search?keyword=chesterfieldsofa&lang=th&limit=24";
    let before = app.get_page(path).await;
    assert_eq!(data(&before)[key]["total"], 0);

    let stock = app.token("stockist", "admin-stock").await;
    let (status, body) = app.get_authed("/api/admin/search/synonyms", &stock).await;
    assert_eq!(status, 200);
    let mut groups = body["groups"].as_array().unwrap().clone();
    groups.push(serde_json::json!(["chesterfieldsofa", "โซฟาหนัง"]));
    let (status, saved) = app
        .json(
            app.client
                .put(app.url("/api/admin/search/synonyms"))
                .bearer_auth(&stock)
                .json(&serde_json::json!({ "groups": groups })),
        )
        .await;
    assert_eq!(status, 200, "{saved}");

    let after = app.get_page(path).await;
    let products = data(&after)[key]["products"].clone();
    let codes: Vec<&str> = products
        .as_array()
        .expect("products")
        .iter()
        .filter_map(|p| p["code"].as_str())
        .collect();
    assert!(codes.contains(&"SF-1006"), "{codes:?}");
}

#[tokio::test]
async fn the_home_page_draws_its_introduction_and_first_slide_in_the_apps_markup() {
    let app = spawn_app().await;
    let page = app.get_page("/th").await;
    let markup = app_markup(&page);
    assert!(markup.contains("data-route=\"home\""), "{markup}");
    // The app's own classes (home-page.tsx), so its render replaces the drawing in place.
    assert!(markup.contains("<section class=\"hero\" aria-labelledby=\"home-title\">"));
    assert!(markup.contains("<h1 id=\"home-title\" class=\"hero__title\">"));
    // The slider's first slide is the most popular product on sale with a photo (featured.ts).
    let popular = &data(&page)["/api/app/product/list?lang=th&limit=24&sort=popular"]["products"];
    let first = popular
        .as_array()
        .expect("popular list")
        .iter()
        .find(|p| {
            p["active"] == true
                && p["image"].is_string()
                && p["compareAtPrice"].as_i64() > p["price"].as_i64()
        })
        .expect("a product on sale");
    let name = first["name"].as_str().unwrap();
    assert!(
        markup.contains(&format!("<span class=\"slide__name\">{name}</span>")),
        "{name} in {markup}"
    );
    let image = first["image"].as_str().unwrap();
    assert!(markup.contains(&format!("src=\"{}", image.replace('&', "&amp;"))));
    assert!(markup.contains("class=\"product-image slide__image\""));
    assert!(markup.contains("fetchpriority=\"high\""));
    // Its photo is preloaded, at the slider's sizes.
    assert!(
        page.body
            .contains("imagesizes=\"(max-width: 1024px) 90vw, 440px\"")
    );
    // Phones show the room strip above the introduction: drawn too, with the rooms' Thai names.
    assert!(markup.contains("<nav class=\"room-menu first-paint__rooms\""));
    assert!(markup.contains("href=\"/th/room/living\""));
    assert!(markup.contains("ห้องนั่งเล่น"));
    // The category menu's column is kept (empty) beside the page, as the app lays it out.
    assert!(markup.contains("<aside class=\"layout__side side-menu first-paint__side\"></aside>"));
}

/// The `href`s of `<link rel="preload" … as="font">` in a page.
fn preloaded_fonts(page: &Page) -> Vec<String> {
    page.body
        .split("<link rel=\"preload\" href=\"")
        .skip(1)
        .filter_map(|rest| {
            let (href, tail) = rest.split_once('"')?;
            tail.starts_with(" as=\"font\"").then(|| href.to_string())
        })
        .collect()
}

#[tokio::test]
async fn pages_preload_their_main_font_weights() {
    let app = spawn_app().await;
    // Every page writes digits and ฿ in the Latin face; Thai pages need the Thai one as well.
    let english = preloaded_fonts(&app.get_page("/").await);
    assert_eq!(english.len(), 1, "{english:?}");
    assert!(
        english[0].starts_with("/assets/prompt-latin-400-"),
        "{english:?}"
    );
    let thai = preloaded_fonts(&app.get_page("/th/room/living").await);
    assert_eq!(thai.len(), 2, "{thai:?}");
    assert!(
        thai.iter()
            .any(|href| href.starts_with("/assets/prompt-thai-400-"))
    );
    for href in &thai {
        assert!(href.ends_with(".woff2"));
        let font = app.get(href).await;
        assert_eq!(font.status(), 200, "{href}");
    }
}
