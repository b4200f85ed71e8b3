//! `/sitemap.xml` is a sitemap index; its children hold at most 50 000 URLs each, keep their
//! hreflang alternates, and are sent gzip-compressed to clients that take it.

use std::io::Read;

use crate::helpers::{PUBLIC_URL, TestApp, spawn_app};

/// The `<loc>` values of an XML sitemap or sitemap index.
fn locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .map(|s| s.split("</loc>").next().unwrap().to_string())
        .collect()
}

/// Every child sitemap the index lists, as text (fetched without compression).
pub async fn all_sitemaps(app: &TestApp) -> String {
    let index = app.get("/sitemap.xml").await.text().await.unwrap();
    let mut all = String::new();
    for child in locs(&index) {
        let path = child
            .strip_prefix(PUBLIC_URL)
            .expect("a child on the shop's address");
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        all.push_str(&response.text().await.unwrap());
    }
    all
}

#[tokio::test]
async fn the_sitemap_index_lists_one_child_per_language_each_within_the_limits() {
    let app = spawn_app().await;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/xml")
    );
    let index = response.text().await.unwrap();
    assert!(index.contains("<sitemapindex"), "{index}");
    let children = locs(&index);
    // The demo shop fits one child per language.
    assert_eq!(
        children,
        ["en", "th", "my", "km", "id"].map(|lang| format!("{PUBLIC_URL}/sitemap/{lang}-1.xml"))
    );
    for child in &children {
        let xml = app
            .get(child.strip_prefix(PUBLIC_URL).unwrap())
            .await
            .text()
            .await
            .unwrap();
        assert!(xml.contains("<urlset"));
        let urls = xml.matches("<url>").count();
        assert!(
            (1..=kiosk::site::sitemap::MAX_URLS).contains(&urls),
            "{urls}"
        );
        assert!(xml.len() <= kiosk::site::sitemap::MAX_BYTES);
        // Each URL keeps its five hreflang alternates.
        assert_eq!(
            xml.matches("<xhtml:link rel=\"alternate\"").count(),
            urls * 5
        );
        // Every active product, once per language.
        let active = app
            .state
            .catalog
            .current()
            .products
            .iter()
            .filter(|p| p.active)
            .count();
        let products = locs(&xml)
            .iter()
            .filter(|loc| loc.contains("/products/"))
            .count();
        assert_eq!(products, active, "{child}");
    }
    assert_eq!(app.get("/sitemap/th-2.xml").await.status(), 404);
    assert_eq!(app.get("/sitemap/xx-1.xml").await.status(), 404);
}

#[tokio::test]
async fn sitemaps_are_sent_gzipped_to_clients_that_take_gzip() {
    let app = spawn_app().await;
    let plain = app.get("/sitemap/th-1.xml").await;
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.headers()["vary"], "accept-encoding");
    let plain = plain.bytes().await.unwrap();
    for path in ["/sitemap/th-1.xml", "/sitemap.xml"] {
        let gzipped = app
            .client
            .get(app.url(path))
            .header("accept-encoding", "br;q=0.9, gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(gzipped.status(), 200);
        assert_eq!(gzipped.headers()["content-encoding"], "gzip", "{path}");
        assert_eq!(gzipped.headers()["vary"], "accept-encoding");
        let compressed = gzipped.bytes().await.unwrap();
        let mut text = String::new();
        flate2::read::GzDecoder::new(&compressed[..])
            .read_to_string(&mut text)
            .unwrap();
        if path == "/sitemap/th-1.xml" {
            assert_eq!(text.as_bytes(), &plain[..]);
            assert!(compressed.len() * 5 < plain.len(), "gzip shrinks a sitemap");
            // Compressed once per catalogue: the same bytes again.
            let again = app
                .client
                .get(app.url(path))
                .header("accept-encoding", "gzip")
                .send()
                .await
                .unwrap()
                .bytes()
                .await
                .unwrap();
            assert_eq!(again, compressed);
        } else {
            assert!(text.contains("<sitemapindex"));
        }
    }
}

#[tokio::test]
async fn robots_txt_points_to_the_sitemap_index() {
    let app = spawn_app().await;
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(robots.contains(&format!("Sitemap: {PUBLIC_URL}/sitemap.xml\n")));
    let index = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(index.contains("<sitemapindex"));
}
