//! Product images from the staff area: uploads checked by their content (real PNG and JPEG
//! accepted, cleaned of EXIF and served in the `?w=` sizes; a renamed program, a truncated
//! PNG, a decompression bomb, an SVG with a script and an oversized file refused with nothing
//! stored), reorder, alt text, removal, permissions and backups.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::helpers::{TestApp, error_code, spawn_app, spawn_app_with};

const CODE: &str = "SF-1001";
/// Text hidden in the uploads' metadata: it must never reach the stored files.
pub(crate) const SECRET: &str = "GPS 13.7563N 100.5018E home of the owner";

// ---------------------------------------------------------------- building test files

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out
}

/// A real photo-like PNG with a text chunk and an eXIf chunk carrying [`SECRET`].
pub(crate) fn png_with_metadata(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8])
    });
    let mut plain = Vec::new();
    image
        .write_to(&mut Cursor::new(&mut plain), image::ImageFormat::Png)
        .unwrap();
    // Insert the metadata chunks right after IHDR (8 signature + 25 IHDR bytes).
    let mut out = plain[..33].to_vec();
    out.extend(png_chunk(b"tEXt", format!("Comment\0{SECRET}").as_bytes()));
    out.extend(png_chunk(b"eXIf", &exif(1)));
    out.extend_from_slice(&plain[33..]);
    out
}

/// A TIFF-structured EXIF block: Orientation and an ImageDescription holding [`SECRET`].
fn exif(orientation: u16) -> Vec<u8> {
    let text = format!("{SECRET}\0");
    let mut tiff = b"II*\0".to_vec();
    tiff.extend_from_slice(&8u32.to_le_bytes());
    tiff.extend_from_slice(&2u16.to_le_bytes()); // two entries
    let text_offset = 8 + 2 + 2 * 12 + 4;
    // ImageDescription (0x010E), ASCII
    tiff.extend_from_slice(&0x010Eu16.to_le_bytes());
    tiff.extend_from_slice(&2u16.to_le_bytes());
    tiff.extend_from_slice(&(text.len() as u32).to_le_bytes());
    tiff.extend_from_slice(&(text_offset as u32).to_le_bytes());
    // Orientation (0x0112), SHORT
    tiff.extend_from_slice(&0x0112u16.to_le_bytes());
    tiff.extend_from_slice(&3u16.to_le_bytes());
    tiff.extend_from_slice(&1u32.to_le_bytes());
    tiff.extend_from_slice(&u32::from(orientation).to_le_bytes());
    tiff.extend_from_slice(&0u32.to_le_bytes()); // no next IFD
    tiff.extend_from_slice(text.as_bytes());
    tiff
}

/// A real JPEG, `width` × `height` as stored, whose EXIF says "rotate 90° clockwise" and
/// carries [`SECRET`].
pub(crate) fn jpeg_with_exif(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([200, (x % 256) as u8, (y % 256) as u8])
    });
    let mut plain = Vec::new();
    image
        .write_to(&mut Cursor::new(&mut plain), image::ImageFormat::Jpeg)
        .unwrap();
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend(exif(6));
    let mut out = vec![0xFF, 0xD8, 0xFF, 0xE1];
    out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    out.extend(app1);
    out.extend_from_slice(&plain[2..]);
    out
}

/// A valid PNG header declaring 30 000 × 30 000 pixels with a tiny IDAT: 2.7 GB of pixels if
/// anyone allocated them.
fn png_bomb() -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&30_000u32.to_be_bytes());
    ihdr.extend_from_slice(&30_000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB
    out.extend(png_chunk(b"IHDR", &ihdr));
    // A zlib stream of one empty stored block.
    out.extend(png_chunk(
        b"IDAT",
        &[0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0, 0, 0, 1],
    ));
    out.extend(png_chunk(b"IEND", &[]));
    out
}

// ---------------------------------------------------------------- requests

/// A `multipart/form-data` body of `file` parts.
pub(crate) fn form(files: &[(&str, &str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "----kiosk-test-boundary-7d3f";
    let mut body = Vec::new();
    for (name, content_type, bytes) in files {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: {content_type}\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn upload(
    app: &TestApp,
    token: &str,
    code: &str,
    files: &[(&str, &str, &[u8])],
) -> (u16, Value) {
    let (content_type, body) = form(files);
    app.json(
        app.client
            .post(app.url(&format!("/api/admin/products/{code}/images")))
            .bearer_auth(token)
            .header("content-type", content_type)
            .header("kcard", "test-desk")
            .body(body),
    )
    .await
}

async fn put_images(app: &TestApp, token: &str, code: &str, body: &Value) -> (u16, Value) {
    app.json(
        app.client
            .put(app.url(&format!("/api/admin/products/{code}/images")))
            .bearer_auth(token)
            .json(body),
    )
    .await
}

async fn product(app: &TestApp, code: &str) -> Value {
    let (status, body) = app.get_json(&format!("/api/app/product/get/{code}")).await;
    assert_eq!(status, 200, "{body}");
    body["product"].clone()
}

/// The stored image paths: staff answers carry them as they are, the storefront's add a
/// version (`?v=`), which is left off here.
fn images_of(product: &Value) -> Vec<String> {
    product["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i.as_str().unwrap().split('?').next().unwrap().to_string())
        .collect()
}

fn uploads_dir(app: &TestApp, code: &str) -> PathBuf {
    app.state.config.data_dir.join("files/images").join(code)
}

fn stored_files(app: &TestApp, code: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(uploads_dir(app, code))
        .map(|dir| dir.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// The stored file behind an image path.
fn file_of(app: &TestApp, path: &str) -> PathBuf {
    app.state
        .config
        .data_dir
        .join("files/images")
        .join(path.strip_prefix("/api/file/images/").unwrap())
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
}

pub(crate) fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// The activity lines about [`CODE`], read by the owner.
async fn activity(app: &TestApp) -> Vec<Value> {
    let owner = app
        .token(&format!("owner-{}", rand_suffix()), "admin")
        .await;
    let (status, body) = app
        .get_authed(
            &format!("/api/admin/activity?target=product%20{CODE}"),
            &owner,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["lines"].as_array().unwrap().clone()
}

// ---------------------------------------------------------------- tests

#[tokio::test]
async fn real_png_and_jpeg_are_stored_without_metadata_and_served_in_sizes() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let before = product(&app, CODE).await;
    let png = png_with_metadata(640, 400);
    let jpeg = jpeg_with_exif(600, 300);
    assert!(contains(&png, SECRET.as_bytes()) && contains(&jpeg, SECRET.as_bytes()));

    let (status, body) = upload(
        &app,
        &clerk,
        CODE,
        &[
            ("sideboard front.png", "image/png", &png),
            ("IMG_2041.JPG", "image/jpeg", &jpeg),
        ],
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["status"], "success");
    let answered = &body["product"];
    let images = images_of(answered);
    let old = images_of(&before);
    assert_eq!(images.len(), old.len() + 2, "{answered}");
    assert_eq!(images[..old.len()], old[..], "new images go last");
    assert_eq!(
        answered["version"].as_u64().unwrap(),
        before["version"].as_u64().unwrap_or(0) + 1
    );
    assert!(answered["imageAlts"].is_object(), "{answered}");
    let (png_path, jpeg_path) = (&images[old.len()], &images[old.len() + 1]);
    assert!(
        png_path.starts_with(&format!("/api/file/images/{CODE}/")) && png_path.ends_with(".png")
    );
    assert!(jpeg_path.ends_with(".jpg"), "{jpeg_path}");

    // Stored under files/images/<code>/ with generated names, cleaned of metadata.
    assert_eq!(stored_files(&app, CODE).len(), 2);
    for path in [png_path, jpeg_path] {
        let stored = std::fs::read(file_of(&app, path)).unwrap();
        assert!(
            !contains(&stored, SECRET.as_bytes()),
            "{path} kept the metadata"
        );
        assert!(
            !contains(&stored, b"Exif") && !contains(&stored, b"eXIf"),
            "{path} kept EXIF"
        );
    }
    let stored_png =
        image::load_from_memory(&std::fs::read(file_of(&app, png_path)).unwrap()).unwrap();
    assert_eq!((stored_png.width(), stored_png.height()), (640, 400));
    // The JPEG said "rotate 90°": it is stored upright, so width and height swap.
    let stored_jpeg =
        image::load_from_memory(&std::fs::read(file_of(&app, jpeg_path)).unwrap()).unwrap();
    assert_eq!((stored_jpeg.width(), stored_jpeg.height()), (300, 600));

    // Served, and in the ?w= sizes, at once (the storefront's snapshot was reloaded).
    assert_eq!(images_of(&product(&app, CODE).await), images);
    for path in [png_path, jpeg_path] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let response = app
            .client
            .get(app.url(&format!("{path}?w=320")))
            .header("accept", "image/webp,image/*")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{path}?w=320");
        assert_eq!(response.headers()["content-type"], "image/webp");
        let small = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
        // Never upscaled: the 300-pixel-wide JPEG stays 300 wide.
        let expected = if path.ends_with(".png") { 320 } else { 300 };
        assert_eq!(small.width(), expected, "{path}");
    }

    // Uploading the same picture again adds nothing.
    let (status, again) = upload(&app, &clerk, CODE, &[("copy.png", "image/png", &png)]).await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(images_of(&again["product"]), images);

    let lines = activity(&app).await;
    let added = lines
        .iter()
        .find(|l| l["action"] == "product images added")
        .expect("an activity line");
    assert_eq!(added["user"], "clerk");
    assert_eq!(added["kcard"], "test-desk");
    assert!(
        added["details"].as_str().unwrap().starts_with("2 added"),
        "{added}"
    );
}

#[tokio::test]
async fn refused_uploads_name_the_file_say_why_and_store_nothing() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let before = product(&app, CODE).await;
    let good = png_with_metadata(64, 48);
    let whole = png_with_metadata(300, 200);
    let truncated = whole[..whole.len() * 2 / 3].to_vec();
    let mut program = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff".to_vec();
    program.extend(std::iter::repeat_n(0u8, 4000));
    let svg = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>fetch('/api/auth/user')</script><rect width="10" height="10"/></svg>"#.to_vec();
    let bomb = png_bomb();
    assert!(bomb.len() < 200);

    let cases: [(&str, &str, &[u8], &str, &str); 4] = [
        ("x.png", "image/png", &program, "program", "invalid_image"),
        (
            "half.png",
            "image/png",
            &truncated,
            "damaged or incomplete",
            "invalid_image",
        ),
        (
            "bomb.png",
            "image/png",
            &bomb,
            "30000 × 30000",
            "image_too_large",
        ),
        ("logo.svg", "image/svg+xml", &svg, "SVG", "invalid_image"),
    ];
    for (name, content_type, bytes, reason, code) in cases {
        // A good image in the same request is not stored either.
        let (status, body) = upload(
            &app,
            &clerk,
            CODE,
            &[
                ("fine.png", "image/png", &good),
                (name, content_type, bytes),
            ],
        )
        .await;
        assert_eq!((status, error_code(&body)), (400, code), "{name}: {body}");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.contains(name), "{message}");
        assert!(message.contains(reason), "{name}: {message}");
        assert!(!message.contains("fine.png"), "{message}");
        assert!(
            stored_files(&app, CODE).is_empty(),
            "{name}: a file was stored"
        );
    }

    // Over the size limit (10 MB by default): 413 naming the file.
    let mut huge = good.clone();
    huge.resize(10 * 1024 * 1024 + 1, 0);
    let (status, body) = upload(
        &app,
        &clerk,
        CODE,
        &[
            ("fine.png", "image/png", &good),
            ("huge.png", "image/png", &huge),
        ],
    )
    .await;
    assert_eq!(
        (status, error_code(&body)),
        (413, "payload_too_large"),
        "{body}"
    );
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("huge.png") && message.contains("10 MB"),
        "{message}"
    );

    // Not multipart, no file, an unknown product.
    let (status, body) = app
        .post_json(
            &format!("/api/admin/products/{CODE}/images"),
            &json!({"file": "x"}),
            Some(&clerk),
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_image"),
        "{body}"
    );
    let (status, body) = upload(&app, &clerk, CODE, &[]).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_image"),
        "{body}"
    );
    let (status, body) = upload(&app, &clerk, "NO-SUCH", &[("fine.png", "image/png", &good)]).await;
    assert_eq!((status, error_code(&body)), (404, "not_found"), "{body}");

    assert!(stored_files(&app, CODE).is_empty());
    let after = product(&app, CODE).await;
    assert_eq!(after["images"], before["images"]);
    assert_eq!(after["version"], before["version"]);
    assert!(
        activity(&app).await.is_empty(),
        "refused uploads are not logged as changes"
    );
}

#[tokio::test]
async fn the_size_limit_is_configurable() {
    let app = spawn_app_with(|config| config.uploads.image_max_bytes = 64 * 1024).await;
    let clerk = app.token("clerk", "admin-stock").await;
    let big = png_with_metadata(400, 400);
    assert!(big.len() > 64 * 1024, "{}", big.len());
    let (status, body) = upload(&app, &clerk, CODE, &[("big.png", "image/png", &big)]).await;
    assert_eq!(
        (status, error_code(&body)),
        (413, "payload_too_large"),
        "{body}"
    );
    assert!(
        body["error"]["message"].as_str().unwrap().contains("64 KB"),
        "{body}"
    );
    let small = png_with_metadata(40, 40);
    let (status, body) = upload(&app, &clerk, CODE, &[("small.png", "image/png", &small)]).await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn images_are_reordered_given_alt_text_and_removed() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let (status, body) = upload(
        &app,
        &clerk,
        CODE,
        &[
            ("a.png", "image/png", &png_with_metadata(80, 60)),
            ("b.jpg", "image/jpeg", &jpeg_with_exif(90, 70)),
        ],
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let images = images_of(&body["product"]);
    let version = body["product"]["version"].as_u64().unwrap();
    let demo: Vec<String> = images[..images.len() - 2].to_vec();
    assert!(!demo.is_empty());
    let (a, b) = (&images[images.len() - 2], &images[images.len() - 1]);
    let order = |list: &[&String]| list.iter().map(|s| (*s).clone()).collect::<Vec<String>>();
    let reordered: Vec<String> = [vec![b.clone()], demo.clone(), vec![a.clone()]].concat();

    // Reorder: the JPEG first.
    let (status, body) = put_images(
        &app,
        &clerk,
        CODE,
        &json!({"images": reordered, "version": version}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(images_of(&body["product"]), reordered);
    assert_eq!(body["product"]["version"], version + 1);

    // Alt text per language; a stale version is refused.
    let alts = json!({b: {"th": " ตู้ไม้สักด้านหน้า ", "en": "Teak sideboard, front"}});
    let (status, body) = put_images(
        &app,
        &clerk,
        CODE,
        &json!({"images": reordered, "imageAlts": alts, "version": version}),
    )
    .await;
    assert_eq!(
        (status, error_code(&body)),
        (409, "version_conflict"),
        "{body}"
    );
    let (status, body) = put_images(
        &app,
        &clerk,
        CODE,
        &json!({"images": reordered, "imageAlts": alts, "version": version + 1}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["product"]["imageAlts"][b]["th"], "ตู้ไม้สักด้านหน้า");
    assert_eq!(body["product"]["version"], version + 2);
    let shown = product(&app, CODE).await;
    // The storefront names the image by its versioned URL, in the alt texts too.
    let shown_b = shown["images"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .find(|i| i.starts_with(b.as_str()))
        .unwrap();
    assert_eq!(shown["imageAlts"][shown_b]["en"], "Teak sideboard, front");
    assert_eq!(
        images_of(&shown),
        reordered,
        "the storefront shows it at once"
    );

    // Not the product's image, twice, alt for an image not listed, too long: each named.
    for (bad, needle) in [
        (
            json!({"images": [b, "/api/file/images/SF-1002/0123456789abcdef0123.png"]}),
            "is not an image of",
        ),
        (json!({"images": [b, b]}), "listed twice"),
        (
            json!({"images": [b], "imageAlts": {a: {"en": "x"}}}),
            "imageAlts",
        ),
        (
            json!({"images": [b], "imageAlts": {b: {"th": "ก".repeat(251)}}}),
            "imageAlts.th",
        ),
    ] {
        let (status, body) = put_images(&app, &clerk, CODE, &bad).await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "invalid_input"),
            "{bad}: {body}"
        );
        assert!(
            body["error"]["message"].as_str().unwrap().contains(needle),
            "{body}"
        );
    }

    // Remove the PNG: its file goes too (no product refers to it); the JPEG stays.
    let a_file = file_of(&app, a);
    assert!(a_file.exists());
    let without_a: Vec<String> = [vec![b.clone()], demo.clone()].concat();
    let (status, body) = put_images(
        &app,
        &clerk,
        CODE,
        &json!({"images": without_a, "imageAlts": alts}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(images_of(&body["product"]), without_a);
    assert!(!a_file.exists(), "the removed upload was deleted");
    assert!(file_of(&app, b).exists());
    assert_eq!(app.get(a).await.status(), 404);
    // The demo image is built in: removing it deletes nothing.
    let (status, body) = put_images(&app, &clerk, CODE, &json!({"images": [b]})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(images_of(&body["product"]), order(&[b]));
    assert_eq!(app.get(&demo[0]).await.status(), 200);
    assert!(
        body["product"]["imageAlts"].as_object().unwrap().is_empty(),
        "alt text was dropped"
    );

    let actions: Vec<String> = activity(&app)
        .await
        .iter()
        .map(|l| {
            format!(
                "{} | {}",
                l["action"].as_str().unwrap(),
                l["details"].as_str().unwrap()
            )
        })
        .collect();
    assert!(
        actions.iter().any(|l| l.contains("order changed")),
        "{actions:?}"
    );
    assert!(
        actions.iter().any(|l| l.contains("alt text of")),
        "{actions:?}"
    );
    assert!(actions.iter().any(|l| l.contains("removed")), "{actions:?}");
}

#[tokio::test]
async fn only_catalog_writers_change_images() {
    let app = spawn_app().await;
    let png = png_with_metadata(40, 40);
    for role in ["admin-sales", "user"] {
        let token = app.token(&format!("who-{role}"), role).await;
        let (status, body) = upload(&app, &token, CODE, &[("a.png", "image/png", &png)]).await;
        assert_eq!(
            (status, error_code(&body)),
            (403, "forbidden"),
            "{role}: {body}"
        );
        let (status, body) = put_images(&app, &token, CODE, &json!({"images": []})).await;
        assert_eq!(
            (status, error_code(&body)),
            (403, "forbidden"),
            "{role}: {body}"
        );
    }
    let (status, _) = app
        .json(
            app.client
                .put(app.url(&format!("/api/admin/products/{CODE}/images")))
                .json(&json!({"images": []})),
        )
        .await;
    assert_eq!(status, 401);
    assert!(stored_files(&app, CODE).is_empty());
    assert!(!images_of(&product(&app, CODE).await).is_empty());
}

fn kiosk(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_kiosk"));
    command.current_dir(dir).stdin(std::process::Stdio::null());
    for (key, _) in std::env::vars() {
        if key.starts_with("KIOSK_") || key == "RUST_LOG" {
            command.env_remove(key);
        }
    }
    command.args(args).output().expect("kiosk runs")
}

#[tokio::test]
async fn uploaded_images_are_backed_up_and_restored() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let (status, body) = upload(
        &app,
        &clerk,
        CODE,
        &[("a.png", "image/png", &png_with_metadata(120, 90))],
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let path = images_of(&body["product"]).last().unwrap().clone();
    let original = std::fs::read(file_of(&app, &path)).unwrap();

    let work = tempfile::tempdir().unwrap();
    let data_dir = app.state.config.data_dir.display().to_string();
    let out = tokio::task::spawn_blocking({
        let dir = work.path().to_path_buf();
        move || kiosk(&dir, &["backup", "--data-dir", &data_dir, "shop.tar"])
    })
    .await
    .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = tokio::task::spawn_blocking({
        let dir = work.path().to_path_buf();
        move || kiosk(&dir, &["restore", "--data-dir", "fresh", "shop.tar"])
    })
    .await
    .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let relative = path.strip_prefix("/api/file/images/").unwrap();
    let restored = work.path().join("fresh/files/images").join(relative);
    assert_eq!(
        std::fs::read(&restored).unwrap(),
        original,
        "{}",
        restored.display()
    );
    // The restored shop serves it, and the product still names it.
    let fresh = spawn_app_with({
        let dir = work.path().join("fresh");
        move |config| config.data_dir = dir
    })
    .await;
    assert_eq!(fresh.get(&format!("{path}?w=160")).await.status(), 200);
    assert!(images_of(&product(&fresh, CODE).await).contains(&path));
}
