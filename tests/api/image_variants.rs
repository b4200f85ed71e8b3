//! Resized product images and their URLs: every `?w=` copy of (a quarter of) the demo images is no heavier
//! than a wider one or the original and is labelled with the type of its bytes; the
//! storefront's answers hand out versioned URLs, which are cached for a year, while
//! unversioned or outdated ones are not.

use std::sync::Arc;

use serde_json::Value;

use crate::helpers::{TestApp, spawn_app};

const WIDTHS: [u32; 6] = [160, 320, 480, 640, 960, 1280];
const WEBP: &str = "image/avif,image/webp,*/*";

/// The type the bytes are, by their first bytes.
fn magic(bytes: &[u8]) -> &'static str {
    if bytes.starts_with(b"\x89PNG") {
        "image/png"
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        "image/jpeg"
    } else if bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        "image/webp"
    } else {
        "unknown"
    }
}

struct Answer {
    content_type: String,
    cache_control: String,
    bytes: Vec<u8>,
}

async fn fetch(app: &TestApp, path: &str, accept: &str) -> Answer {
    let response = app
        .client
        .get(app.url(path))
        .header("accept", accept)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{path}");
    let header = |name: &str| {
        response.headers()[name]
            .to_str()
            .unwrap_or_default()
            .to_string()
    };
    Answer {
        content_type: header("content-type"),
        cache_control: header("cache-control"),
        bytes: response.bytes().await.unwrap().to_vec(),
    }
}

/// Checks the copies of one image for one kind of browser, widest first; returns the sizes.
async fn check_image(app: &TestApp, name: &str, accept: &str) -> Vec<usize> {
    let path = format!("/api/file/images/demo/{name}");
    let original = fetch(app, &path, accept).await;
    assert_eq!(original.content_type, magic(&original.bytes), "{path}");
    let mut sizes = Vec::new();
    for width in WIDTHS {
        let copy = fetch(app, &format!("{path}?w={width}"), accept).await;
        let kind = magic(&copy.bytes);
        assert_eq!(
            copy.content_type, kind,
            "{path}?w={width}: the type of the bytes"
        );
        if !accept.contains("image/webp") {
            assert_ne!(
                kind, "image/webp",
                "{path}?w={width}: WebP only when accepted"
            );
        }
        assert!(
            copy.bytes.len() <= original.bytes.len(),
            "{path}?w={width}: {} bytes, the original {}",
            copy.bytes.len(),
            original.bytes.len()
        );
        // Never blurrier than asked: as wide as the width, or the whole original.
        let shown = image::load_from_memory(&copy.bytes).unwrap();
        assert!(shown.width() >= width.min(800), "{path}?w={width}");
        sizes.push(copy.bytes.len());
    }
    assert!(
        sizes.windows(2).all(|pair| pair[0] <= pair[1]),
        "{path}: a narrower copy is heavier than a wider one: {sizes:?}"
    );
    sizes
}

fn demo_images() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir("assets/demo/images")
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".png"))
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn every_demo_image_shrinks_with_its_width_and_never_outgrows_its_original() {
    let app = Arc::new(spawn_app().await);
    let all = demo_images();
    assert!(all.len() > 300, "the demo catalogue's images");
    // Every fourth image (and the example, whose PNG is tiny): all 339 take minutes of
    // encoding in a debug build, a quarter keeps the suite short and still covers every kind.
    let names: Vec<String> = all
        .iter()
        .enumerate()
        .filter(|(i, name)| i % 4 == 0 || name.starts_with("ST-6103"))
        .map(|(_, name)| name.clone())
        .collect();
    // Two at a time: the server resizes one image per core.
    let mut tasks = tokio::task::JoinSet::new();
    let queue = Arc::new(tokio::sync::Mutex::new(names.clone()));
    for _ in 0..2 {
        let (app, queue) = (Arc::clone(&app), Arc::clone(&queue));
        tasks.spawn(async move {
            let mut totals = [0usize; 6];
            loop {
                let Some(name) = queue.lock().await.pop() else {
                    break;
                };
                let sizes = check_image(&app, &name, WEBP).await;
                for (total, size) in totals.iter_mut().zip(sizes) {
                    *total += size;
                }
            }
            totals
        });
    }
    let mut totals = [0usize; 6];
    while let Some(part) = tasks.join_next().await {
        for (total, size) in totals.iter_mut().zip(part.unwrap()) {
            *total += size;
        }
    }
    // Lossy copies: a 480 px card image of the demo averages a few KB (lossless made 19 KB).
    let average_480 = totals[2] / names.len();
    assert!(
        average_480 < 5_000,
        "480 px copies average {average_480} bytes"
    );
}

#[tokio::test]
async fn browsers_without_webp_get_jpeg_or_png_never_heavier_than_the_original() {
    let app = spawn_app().await;
    for name in demo_images().iter().step_by(40) {
        check_image(&app, name, "image/png,image/*;q=0.8").await;
    }
}

#[tokio::test]
async fn copies_are_made_once_and_kept_on_disk() {
    let app = spawn_app().await;
    let path = "/api/file/images/demo/SF-1001-1.png";
    let wide = fetch(&app, &format!("{path}?w=320"), WEBP).await;
    let cache = app.state.config.data_dir.join("cache/images");
    let file = walk(&cache)
        .into_iter()
        .find(|p| {
            let p = p.to_string_lossy();
            p.contains("/320/") && p.contains("SF-1001-1.png")
        })
        .expect("the 320 px copy is on disk");
    assert_eq!(std::fs::read(&file).unwrap(), wide.bytes);
    // What is on disk is what is answered: put the 160 px copy in its place.
    let narrow = fetch(&app, &format!("{path}?w=160"), WEBP).await;
    assert_ne!(narrow.bytes, wide.bytes);
    std::fs::write(&file, &narrow.bytes).unwrap();
    let again = fetch(&app, &format!("{path}?w=320"), WEBP).await;
    assert_eq!(
        again.bytes, narrow.bytes,
        "answered from the cache, not made again"
    );
}

#[tokio::test]
async fn lossless_copies_from_before_are_removed_and_never_answered() {
    let app = spawn_app().await;
    let old = app
        .state
        .config
        .data_dir
        .join("cache/images/320/demo/SF-1002-1.png.webp");
    std::fs::create_dir_all(old.parent().unwrap()).unwrap();
    std::fs::write(&old, b"RIFF\0\0\0\0WEBPVP8L old lossless copy").unwrap();
    let answer = fetch(&app, "/api/file/images/demo/SF-1002-1.png?w=320", WEBP).await;
    assert!(
        image::load_from_memory(&answer.bytes).is_ok(),
        "a fresh copy"
    );
    assert!(!old.exists(), "the old copies are gone");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

fn has_version(url: &str) -> bool {
    url.split_once("?v=")
        .is_some_and(|(path, v)| path.starts_with("/api/file/images/") && v.len() == 12)
}

#[tokio::test]
async fn storefront_answers_hand_out_versioned_image_urls() {
    let app = spawn_app().await;
    let (_, body) = app.get_json("/api/app/product/get/SF-1001").await;
    let product = &body["product"];
    let images = product["images"].as_array().unwrap();
    assert!(!images.is_empty());
    assert!(
        images.iter().all(|i| has_version(i.as_str().unwrap())),
        "{images:?}"
    );
    if let Some(alts) = product["imageAlts"].as_object() {
        assert!(
            alts.keys().all(|k| has_version(k)),
            "alt texts name the same URLs"
        );
    }
    for list in [
        "/api/app/product/list?room=living&limit=5",
        "/api/app/product/related/SF-1001",
        "/api/app/search?keyword=sofa",
        "/api/app/search/code?keyword=SF",
    ] {
        let (status, body) = app.get_json(list).await;
        assert_eq!(status, 200, "{list}: {body}");
        let cards = body["products"].as_array().unwrap();
        assert!(!cards.is_empty(), "{list}");
        for card in cards {
            assert!(
                has_version(card["image"].as_str().unwrap()),
                "{list}: {card}"
            );
        }
    }
}

#[tokio::test]
async fn a_versioned_url_is_kept_for_a_year_and_others_are_not() {
    let app = spawn_app().await;
    let (_, body) = app.get_json("/api/app/product/get/SF-1001").await;
    let versioned = body["product"]["images"][0].as_str().unwrap().to_string();
    let plain = versioned.split('?').next().unwrap().to_string();

    for url in [versioned.clone(), format!("{versioned}&w=480")] {
        let answer = fetch(&app, &url, WEBP).await;
        assert_eq!(
            answer.cache_control, "public, max-age=31536000, immutable",
            "{url}"
        );
    }
    for url in [plain.clone(), format!("{plain}?w=480")] {
        let answer = fetch(&app, &url, WEBP).await;
        assert!(!answer.cache_control.contains("immutable"), "{url}");
        assert!(answer.cache_control.contains("max-age"), "{url}");
    }
    // An outdated version (a page from before a change) still gets the picture, to be asked
    // for again next time.
    let right = fetch(&app, &format!("{plain}?w=480"), WEBP).await;
    let wrong = fetch(&app, &format!("{plain}?v=000000000000&w=480"), WEBP).await;
    assert_eq!(wrong.bytes, right.bytes);
    assert_eq!(wrong.cache_control, "no-cache");
}

#[tokio::test]
async fn cart_lines_carry_versioned_image_urls() {
    let app = spawn_app().await;
    let visitor = "5b0c7c6e-3c1f-4c55-9d7e-0f4e2b7a9a11";
    let (status, body) = app
        .post_json(
            "/api/app/cart/add",
            &serde_json::json!({"id": visitor, "code": "SF-1001", "qty": 1}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let line: &Value = &body["cart"]["lines"][0];
    assert!(has_version(line["image"].as_str().unwrap()), "{line}");
}
