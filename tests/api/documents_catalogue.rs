//! The live e-catalogue: made from today's catalogue in the language asked for, listing every
//! active product with its price; rebuilt after a price change; an uploaded PDF still wins.

use std::time::Duration;

use kiosk::catalog::model::Product;
use kiosk::i18n::Locale;

use crate::helpers::{TestApp, error_code, spawn_app};

fn pdftotext(pdf: &[u8]) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalogue.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args([path.to_str().unwrap(), "-"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

async fn catalogue(app: &TestApp, lang: &str) -> Vec<u8> {
    let url = app.url(&format!("/api/file/pdf/get/catalog-min.pdf?lang={lang}"));
    let response = app.until_available(|client| client.get(&url)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    response.bytes().await.unwrap().to_vec()
}

fn price_text(product: &Product) -> String {
    format!("฿{}", product.price.to_grouped_string())
}

async fn active_products(app: &TestApp) -> Vec<Product> {
    // Every active product, as the shop's API lists them.
    let mut codes: Vec<String> = Vec::new();
    for page in 1.. {
        let (status, body) = app
            .get_json(&format!("/api/app/product/list?limit=48&page={page}"))
            .await;
        assert_eq!(status, 200, "{body}");
        let listed = body["products"].as_array().unwrap();
        if listed.is_empty() {
            break;
        }
        codes.extend(
            listed
                .iter()
                .map(|p| p["code"].as_str().unwrap().to_string()),
        );
    }
    let snapshot = app.state.catalog.current();
    let active: Vec<Product> = snapshot
        .products
        .iter()
        .filter(|p| p.active)
        .map(|p| (**p).clone())
        .collect();
    assert_eq!(
        codes.len(),
        active.len(),
        "the list answers every active product"
    );
    active
}

#[tokio::test]
async fn the_catalogue_lists_every_active_product_with_todays_price_in_thai_and_khmer() {
    let app = spawn_app().await;
    let products = active_products(&app).await;
    for (lang, locale) in [("th", Locale::Th), ("km", Locale::Km)] {
        let pdf = catalogue(&app, lang).await;
        let Some(text) = pdftotext(&pdf) else {
            eprintln!("pdftotext (poppler-utils) is missing: text not checked");
            return;
        };
        for product in &products {
            assert!(
                text.contains(&product.code),
                "{lang}: {} missing",
                product.code
            );
            assert!(
                text.contains(&price_text(product)),
                "{lang}: {} price {} missing",
                product.code,
                price_text(product)
            );
        }
        // Names in the language asked for (the first few: long ones wrap).
        let name = products[0].name.get(locale);
        let first_word: String = name.chars().take(6).collect();
        assert!(text.contains(&first_word), "{lang}: {first_word:?} missing");
    }
    let (status, body) = app
        .get_json("/api/file/pdf/get/catalog-min.pdf?lang=fr")
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_parameter"),
        "{body}"
    );
}

#[tokio::test]
async fn a_price_change_reaches_the_catalogue_without_a_restart() {
    let app = spawn_app().await;
    let first = catalogue(&app, "en").await;
    let mut product = active_products(&app).await[0].clone();
    product.price = kiosk::domain::Satang(123_456_700);
    let (store, cache) = (app.state.store.clone(), app.state.catalog.clone());
    let changed = product.clone();
    tokio::task::spawn_blocking(move || {
        kiosk::catalog::store::upsert_products(&store, &[changed]).unwrap();
        cache.reload(&store).unwrap();
    })
    .await
    .unwrap();
    // The next visitor may still get the previous copy while the new one is made in the
    // background; within seconds the new price is there.
    let mut found = false;
    for _ in 0..100 {
        let pdf = catalogue(&app, "en").await;
        if pdf != first {
            if let Some(text) = pdftotext(&pdf) {
                assert!(text.contains("฿1,234,567.00"), "{text}");
            }
            found = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(found, "the catalogue was not rebuilt");
}

#[tokio::test]
async fn the_visitors_language_is_used_without_lang_and_revalidation_answers_304() {
    let app = spawn_app().await;
    let url = app.url("/api/file/pdf/get/catalog-min.pdf");
    let response = app
        .until_available(|client| client.get(&url).header("cookie", "i18n_redirected=th"))
        .await;
    assert_eq!(response.status(), 200);
    let etag = response.headers()["etag"].to_str().unwrap().to_string();
    let thai = response.bytes().await.unwrap();
    assert_eq!(&thai[..], &catalogue(&app, "th").await[..]);
    let again = app
        .client
        .get(app.url("/api/file/pdf/get/catalog-min.pdf?lang=th"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
}
