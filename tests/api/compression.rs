//! Compress once (issue 16): catalogue answers, page shells and UI files are stored with their
//! compressed forms and revalidate by ETag; list answers carry lean product cards in one
//! language.

use std::io::Read;

use serde_json::Value;

use crate::helpers::{TestApp, error_code, spawn_app};

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn ungzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

/// Status, headers and the raw (still compressed) body.
async fn fetch(
    app: &TestApp,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn catalogue_answers_are_stored_compressed_and_revalidate_with_etags() {
    let app = spawn_app().await;
    for path in [
        "/api/app/product/list?limit=24",
        "/api/app/search?keyword=sofa&lang=th",
        "/api/app/product/get/SF-1001",
        "/api/app/product/related/SF-1001?lang=km",
        "/api/app/room/list",
        "/api/app/category/tree",
    ] {
        let (status, plain_headers, plain) = fetch(&app, path, &[]).await;
        assert_eq!(status, 200, "{path}");
        assert!(
            !plain_headers.contains_key("content-encoding"),
            "{path}: asked for nothing"
        );
        // Browsers take both: stored answers go out in brotli (smaller), a search's pages in
        // gzip (made per search at a fast level, with each thread's kept deflate state).
        let (_, both_headers, _) = fetch(&app, path, &[("accept-encoding", "gzip, br")]).await;
        let preferred = if path.starts_with("/api/app/search") {
            "gzip"
        } else {
            "br"
        };
        assert_eq!(both_headers["content-encoding"], preferred, "{path}");
        let (_, br_headers, br) = fetch(&app, path, &[("accept-encoding", "br")]).await;
        assert_eq!(br_headers["content-encoding"], "br", "{path}");
        assert_eq!(br_headers["vary"], "Accept-Encoding", "{path}");
        assert_eq!(unbrotli(&br), plain, "{path}: the same answer, compressed");
        let (_, again_headers, again) = fetch(&app, path, &[("accept-encoding", "br")]).await;
        assert_eq!(again, br, "{path}: the stored bytes are sent again");
        assert_eq!(again_headers["etag"], br_headers["etag"]);
        let (_, gz_headers, gz) = fetch(&app, path, &[("accept-encoding", "gzip")]).await;
        assert_eq!(gz_headers["content-encoding"], "gzip", "{path}");
        assert_eq!(ungzip(&gz), plain, "{path}");

        // A browser that has the answer asks again with its ETag and gets 304, whichever
        // encoding it received.
        for etag in [
            &plain_headers["etag"],
            &br_headers["etag"],
            &gz_headers["etag"],
        ] {
            let (status, headers, body) = fetch(
                &app,
                path,
                &[
                    ("accept-encoding", "gzip, br"),
                    ("if-none-match", etag.to_str().unwrap()),
                ],
            )
            .await;
            assert_eq!(status, 304, "{path} {etag:?}");
            assert!(body.is_empty());
            assert!(headers.contains_key("etag"));
        }
        let (status, ..) = fetch(&app, path, &[("if-none-match", "\"stale\"")]).await;
        assert_eq!(status, 200, "{path}: another ETag gets the answer");
    }
}

#[tokio::test]
async fn a_catalogue_change_gives_new_answers_and_etags() {
    let app = spawn_app().await;
    let path = "/api/app/product/get/SF-1001";
    let (_, before, _) = fetch(&app, path, &[]).await;
    let token = app.token("stock-clerk", "admin").await;
    let (status, product) = app.get_authed(path, &token).await;
    assert_eq!(status, 200);
    let mut product = product["product"].clone();
    product["price"] = Value::from(product["price"].as_i64().unwrap() + 100);
    let (status, body) = app
        .json(
            app.client
                .put(app.url("/api/admin/products/SF-1001"))
                .bearer_auth(&token)
                .json(&product),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, after, body) = fetch(
        &app,
        path,
        &[("if-none-match", before["etag"].to_str().unwrap())],
    )
    .await;
    assert_eq!(status, 200, "the old ETag no longer matches");
    assert_ne!(after["etag"], before["etag"]);
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body["product"]["price"], product["price"]);
}

#[tokio::test]
async fn list_answers_carry_cards_in_the_requested_language() {
    let app = spawn_app().await;
    let (_, full) = app.get_json("/api/app/product/get/SF-1001").await;
    let full = &full["product"];
    for (path, lang) in [
        ("/api/app/product/list?limit=100&lang=th", "th"),
        ("/api/app/search?keyword=SF-1001&lang=km", "km"),
        ("/api/app/search/code?keyword=SF-10&lang=id", "id"),
        ("/api/app/product/list?limit=100", "en"),
    ] {
        let (status, body) = app.get_json(path).await;
        assert_eq!(status, 200, "{path}");
        let card = body["products"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["code"] == "SF-1001")
            .unwrap_or_else(|| panic!("{path}: SF-1001 listed"));
        assert_eq!(card["name"], full["name"][lang], "{path}");
        assert_eq!(card["price"], full["price"]);
        assert_eq!(card["compareAtPrice"], full["compareAtPrice"]);
        assert_eq!(card["image"], full["images"][0]);
        assert_eq!(card["rooms"], full["rooms"]);
        assert_eq!(card["categories"], full["categories"]);
        assert_eq!(card["stock"], full["stock"]);
        assert_eq!(card["active"], Value::Bool(true));
        for heavy in ["description", "images", "imageAlts", "dimensions"] {
            assert!(card.get(heavy).is_none(), "{path}: a card has no {heavy}");
        }
    }
    // A page of 24 cards stays small (whole products made it 64 KB).
    let (_, _, page) = fetch(&app, "/api/app/product/list?limit=24&lang=th", &[]).await;
    assert!(page.len() < 16 * 1024, "{} bytes", page.len());

    for path in [
        "/api/app/product/list?lang=xx",
        "/api/app/search?keyword=sofa&lang=fr",
        "/api/app/product/related/SF-1001?lang=EN",
        "/api/app/search/code?keyword=SF&lang=thai",
    ] {
        let (status, body) = app.get_json(path).await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "invalid_parameter"),
            "{path}"
        );
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .starts_with("lang:"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn hashed_ui_files_go_out_as_compressed_at_build_time() {
    let app = spawn_app().await;
    let shell = app.get_page("/").await;
    let asset = shell.first_script_src();
    let on_disk = format!("ui/dist{asset}");
    let raw = std::fs::read(&on_disk).unwrap();
    let built_br = std::fs::read(format!("{on_disk}.br")).expect("precompress.mjs wrote .br");
    let built_gz = std::fs::read(format!("{on_disk}.gz")).expect("precompress.mjs wrote .gz");
    let (_, headers, br) = fetch(&app, &asset, &[("accept-encoding", "gzip, deflate, br")]).await;
    assert_eq!(headers["content-encoding"], "br");
    assert_eq!(headers["content-type"], "text/javascript");
    assert_eq!(
        br, built_br,
        "the build's brotli bytes, not a new compression"
    );
    assert_eq!(unbrotli(&br), raw);
    let (_, headers, gz) = fetch(&app, &asset, &[("accept-encoding", "gzip")]).await;
    assert_eq!(headers["content-encoding"], "gzip");
    assert_eq!(gz, built_gz);
    let (_, headers, plain) = fetch(&app, &asset, &[]).await;
    assert!(!headers.contains_key("content-encoding"));
    assert_eq!(plain, raw);
    // The compressed copies are forms of the file, not files of their own.
    assert_eq!(app.get(&format!("{asset}.br")).await.status(), 404);
}

#[tokio::test]
async fn page_shells_are_compressed_once_and_revalidate() {
    let app = spawn_app().await;
    let (status, headers, br) = fetch(&app, "/th/room/living", &[("accept-encoding", "br")]).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-encoding"], "br");
    assert_eq!(headers["cache-control"], "no-cache");
    let html = String::from_utf8(unbrotli(&br)).unwrap();
    assert!(html.contains("<html lang=\"th\">"), "{html}");
    let (status, ..) = fetch(
        &app,
        "/th/room/living",
        &[("if-none-match", headers["etag"].to_str().unwrap())],
    )
    .await;
    assert_eq!(status, 304);
    // Another page is another answer.
    let (_, other, _) = fetch(&app, "/room/living", &[("accept-encoding", "br")]).await;
    assert_ne!(other["etag"], headers["etag"]);
    // A missing page keeps its 404 (and is never answered 304).
    let (status, missing, _) = fetch(&app, "/th/room/nowhere", &[("accept-encoding", "br")]).await;
    assert_eq!(status, 404);
    let (status, ..) = fetch(
        &app,
        "/th/room/nowhere",
        &[("if-none-match", missing["etag"].to_str().unwrap())],
    )
    .await;
    assert_eq!(status, 404);
    // The root varies by the language cookie as well.
    let (_, root, _) = fetch(&app, "/", &[("accept-encoding", "br")]).await;
    assert_eq!(root["vary"], "Accept-Encoding, Cookie");
}

#[tokio::test]
async fn pdfs_are_not_compressed_again() {
    let app = spawn_app().await;
    let url = app.url("/api/file/pdf/get/catalog-min.pdf?lang=en");
    let response = app
        .until_available(|client| client.get(&url).header("accept-encoding", "gzip, br"))
        .await;
    let (status, headers) = (response.status().as_u16(), response.headers().clone());
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "application/pdf");
    assert!(!headers.contains_key("content-encoding"));
}
