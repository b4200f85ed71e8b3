//! Image bombs: small files that describe huge amounts of memory are refused before they are
//! decoded, or decoded within a budget, on every path that decodes an image — product
//! uploads, slips from guests and signed-in shoppers, `?w=` copies of stored originals — and
//! image names no file can have answer 404 instead of 500.

use std::path::PathBuf;

use serde_json::{Value, json};

use crate::admin_images::form;
use crate::helpers::{TestApp, error_code, spawn_app};
use crate::orders::{add, address, place, plain, product, shopper};

const CODE: &str = "SF-1001";

// ---------------------------------------------------------------- building the bombs

fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    let mut crc = flate2::Crc::new();
    crc.update(&body);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc.sum().to_be_bytes());
    out
}

/// A zlib stream of `chunks` × `chunk_len` zero bytes, at deflate's best ratio (about
/// 1000:1). Each chunk is compressed after a full flush, which forgets everything before it,
/// so once two chunks come out the same their bytes are repeated instead of compressed again;
/// the Adler-32 of n zeros is n·2¹⁶ + 1.
fn zlib_zeros(chunk_len: usize, chunks: usize) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress};
    let zeros = vec![0u8; chunk_len];
    let mut deflate = Compress::new(Compression::best(), false);
    let mut stream = vec![0x78, 0xDA];
    let mut previous: Option<Vec<u8>> = None;
    let mut steady = false;
    for _ in 0..chunks {
        if steady {
            stream.extend_from_slice(previous.as_ref().unwrap());
            continue;
        }
        let before = deflate.total_in();
        let mut out = Vec::with_capacity(chunk_len / 100 + 4096);
        deflate
            .compress_vec(&zeros, &mut out, FlushCompress::Full)
            .unwrap();
        assert_eq!(deflate.total_in() - before, chunk_len as u64);
        stream.extend_from_slice(&out);
        steady = previous.as_ref() == Some(&out);
        previous = Some(out);
    }
    let mut last = Vec::with_capacity(64);
    deflate
        .compress_vec(&[], &mut last, FlushCompress::Finish)
        .unwrap();
    stream.extend_from_slice(&last);
    let total = (chunk_len as u64 * chunks as u64 % 65_521) as u32;
    stream.extend_from_slice(&((total << 16) | 1).to_be_bytes());
    stream
}

/// A PNG of zero pixels, `width` × `height` with `depth` bits per channel in PNG colour type
/// `color` (`row_bytes` bytes a row). Built by hand: a row of zeros with filter 0 is all
/// zeros, so the image data is one zlib stream of zeros.
fn zero_png(width: u32, height: u32, depth: u8, color: u8, row_bytes: u32) -> Vec<u8> {
    let rows_per_chunk = (1..=10).rev().find(|r| height.is_multiple_of(*r)).unwrap();
    let stream = zlib_zeros(
        (row_bytes as usize + 1) * rows_per_chunk as usize,
        (height / rows_per_chunk) as usize,
    );
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[depth, color, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(chunk(b"IHDR", &ihdr));
    out.extend(chunk(b"IDAT", &stream));
    out.extend(chunk(b"IEND", &[]));
    out
}

/// 7000 × 7000 16-bit RGBA: 392 MB of pixels, 49 megapixels (under the 50 MP limit).
fn rgba16_bomb() -> Vec<u8> {
    zero_png(7000, 7000, 16, 6, 7000 * 8)
}

/// 7000 × 7000 16-bit grey: 98 MB of pixels.
fn grey16_bomb() -> Vec<u8> {
    zero_png(7000, 7000, 16, 0, 7000 * 2)
}

/// A small real photo whose iCCP chunk inflates to 256 MB of zeros.
fn iccp_bomb() -> Vec<u8> {
    let mut data = b"bomb\0\0".to_vec();
    data.extend(zlib_zeros(256 * 1024, 1024));
    let photo = image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([x as u8 * 3, y as u8 * 5, 90]));
    let mut plain = Vec::new();
    photo
        .write_to(
            &mut std::io::Cursor::new(&mut plain),
            image::ImageFormat::Png,
        )
        .unwrap();
    let mut out = plain[..33].to_vec();
    out.extend(chunk(b"iCCP", &data));
    out.extend_from_slice(&plain[33..]);
    out
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

// ---------------------------------------------------------------- requests

async fn upload_product_image(
    app: &TestApp,
    token: &str,
    name: &str,
    bytes: &[u8],
) -> (u16, Value) {
    let (content_type, body) = form(&[(name, "image/png", bytes)]);
    app.json(
        app.client
            .post(app.url(&format!("/api/admin/products/{CODE}/images")))
            .bearer_auth(token)
            .header("content-type", content_type)
            .body(body),
    )
    .await
}

/// Uploads a slip with a bearer token or as a guest with `?key=`.
async fn upload_slip(
    app: &TestApp,
    id: u64,
    token: Option<&str>,
    key: Option<&str>,
    files: &[(&str, &str, &[u8])],
) -> (u16, Value) {
    let (content_type, body) = form(files);
    let query = key.map(|k| format!("?key={k}")).unwrap_or_default();
    let mut request = app
        .client
        .post(app.url(&format!("/api/app/order/{id}/proof{query}")))
        .header("content-type", content_type)
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    app.json(request).await
}

/// A guest's PromptPay order: (id, key).
async fn guest_order(app: &TestApp) -> (u64, String) {
    let visitor = uuid::Uuid::new_v4().to_string();
    let item = product(app, plain);
    let (status, body) = app
        .post_json(
            "/api/app/cart/add",
            &json!({"id": visitor, "code": item.code, "qty": 1}),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let order = json!({"id": visitor, "address": address(), "payment": "promptpay",
        "contact": {"name": "Nok Sriwan", "phone": "089-123-4567", "email": "nok@example.com"},
        "idempotencyKey": uuid::Uuid::new_v4().to_string(), "lang": "th"});
    let (status, body) = app.post_json("/api/app/order/place", &order, None).await;
    assert_eq!(status, 201, "{body}");
    (
        body["order"]["id"].as_u64().unwrap(),
        body["orderKey"].as_str().unwrap().to_string(),
    )
}

fn stored_files(dir: PathBuf) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|entries| entries.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

fn product_files(app: &TestApp) -> Vec<PathBuf> {
    stored_files(app.state.config.files_dir().join("images").join(CODE))
}

fn slip_files(app: &TestApp, id: u64) -> Vec<PathBuf> {
    stored_files(
        app.state
            .config
            .files_dir()
            .join("proofs")
            .join(id.to_string()),
    )
}

// ---------------------------------------------------------------- tests

#[tokio::test]
async fn a_16_bit_rgba_bomb_is_refused_as_a_product_image_before_it_is_decoded() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let bomb = rgba16_bomb();
    assert!(bomb.len() < 512 * 1024, "{} bytes", bomb.len());
    let (status, body) = upload_product_image(&app, &clerk, "bomb.png", &bomb).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "image_too_large"),
        "{body}"
    );
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("bomb.png") && message.contains("7000 × 7000 pixels, 16-bit RGBA"),
        "{message}"
    );
    assert!(product_files(&app).is_empty());
}

#[tokio::test]
async fn a_colour_profile_bomb_is_stored_without_its_profile() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let bomb = iccp_bomb();
    assert!(bomb.len() < 512 * 1024, "{} bytes", bomb.len());
    let (status, body) = upload_product_image(&app, &clerk, "profile.png", &bomb).await;
    assert_eq!(status, 201, "{body}");
    let files = product_files(&app);
    assert_eq!(files.len(), 1);
    let stored = std::fs::read(&files[0]).unwrap();
    assert!(!contains(&stored, b"iCCP"), "the profile was stored");
    assert!(stored.len() < 64 * 1024, "{} bytes", stored.len());

    // The same file as a slip from a guest with no account.
    let (id, key) = guest_order(&app).await;
    let (status, body) = upload_slip(
        &app,
        id,
        None,
        Some(&key),
        &[("slip.png", "image/png", &bomb)],
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let slips = slip_files(&app, id);
    assert_eq!(slips.len(), 1);
    assert!(!contains(&std::fs::read(&slips[0]).unwrap(), b"iCCP"));
}

#[tokio::test]
async fn slips_from_guests_and_shoppers_are_budgeted_by_decoded_bytes() {
    let app = spawn_app().await;
    let bomb = rgba16_bomb();
    let grey = grey16_bomb();

    let (id, key) = guest_order(&app).await;
    for (name, bytes, what) in [
        ("bomb.png", &bomb, "16-bit RGBA"),
        ("grey.png", &grey, "16-bit grey"),
    ] {
        let (status, body) =
            upload_slip(&app, id, None, Some(&key), &[(name, "image/png", bytes)]).await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "image_too_large"),
            "{body}"
        );
        let message = body["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(name) && message.contains(what),
            "{message}"
        );
    }
    // One file per slip: a second part is refused before it is read.
    let small = crate::admin_images::png_with_metadata(40, 30);
    let (status, body) = upload_slip(
        &app,
        id,
        None,
        Some(&key),
        &[
            ("a.png", "image/png", &small),
            ("b.png", "image/png", &small),
        ],
    )
    .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_image"),
        "{body}"
    );
    assert!(slip_files(&app, id).is_empty());

    let buyer = shopper(&app, "somchai").await;
    let item = product(&app, plain);
    add(&app, &buyer, &item.code, 1).await;
    let (status, body) = place(&app, &buyer, json!({"payment": "promptpay"})).await;
    assert_eq!(status, 201, "{body}");
    let id = body["order"]["id"].as_u64().unwrap();
    let (status, body) = upload_slip(
        &app,
        id,
        Some(&buyer.token),
        None,
        &[("bomb.png", "image/png", &bomb)],
    )
    .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "image_too_large"),
        "{body}"
    );
    assert!(slip_files(&app, id).is_empty());
}

#[tokio::test]
async fn sixteen_bit_grey_is_stored_with_eight_bits_per_channel() {
    let app = spawn_app().await;
    let clerk = app.token("clerk", "admin-stock").await;
    let (status, body) = upload_product_image(&app, &clerk, "grey.png", &grey16_bomb()).await;
    assert_eq!(status, 201, "{body}");
    let stored = std::fs::read(&product_files(&app)[0]).unwrap();
    let image = image::load_from_memory(&stored).unwrap();
    assert_eq!(
        (image.width(), image.height(), image.color()),
        (7000, 7000, image::ColorType::L8)
    );
}

#[tokio::test]
async fn resized_copies_of_stored_originals_are_refused_or_bounded() {
    let app = spawn_app().await;
    let dir = app.state.config.files_dir().join("images").join(CODE);
    std::fs::create_dir_all(&dir).unwrap();
    // Originals stored before uploads were budgeted.
    std::fs::write(dir.join("0123456789abcdef0123.png"), rgba16_bomb()).unwrap();
    std::fs::write(dir.join("1123456789abcdef0123.png"), iccp_bomb()).unwrap();
    // 6000 × 4000 8-bit RGB: 72 MB of pixels, within the budget.
    std::fs::write(
        dir.join("2123456789abcdef0123.png"),
        zero_png(6000, 4000, 8, 2, 6000 * 3),
    )
    .unwrap();
    let base = format!("/api/file/images/{CODE}");

    let (status, body) = app
        .get_json(&format!("{base}/0123456789abcdef0123.png?w=480"))
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "image_too_large"),
        "{body}"
    );
    // The original itself is a file read, never decoded.
    let response = app.get(&format!("{base}/0123456789abcdef0123.png")).await;
    assert_eq!(response.status(), 200);

    let response = app
        .get(&format!("{base}/1123456789abcdef0123.png?w=160"))
        .await;
    assert_eq!(response.status(), 200);

    let response = app
        .client
        .get(app.url(&format!("{base}/2123456789abcdef0123.png?w=1280")))
        .header("accept", "image/webp")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let copy = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
    assert_eq!((copy.width(), copy.height()), (1280, 854));
}

#[tokio::test]
async fn image_names_no_file_can_have_answer_404() {
    let app = spawn_app().await;
    let images = app.state.config.files_dir().join("images");
    std::fs::create_dir_all(images.join(CODE)).unwrap();
    std::fs::write(images.join(CODE).join("photo.png"), b"not read").unwrap();
    std::fs::create_dir_all(images.join("folder.png")).unwrap();
    let long = "a".repeat(5000);
    for path in [
        format!("{CODE}/{long}.png"),
        format!("{CODE}/{long}.png?w=480"),
        format!("{long}/x.png"),
        format!("{CODE}/photo.png/x.png"),
        format!("{CODE}/photo.png/x.png?w=480"),
        "folder.png".to_string(),
        "folder.png?w=480".to_string(),
    ] {
        let (status, body) = app.get_json(&format!("/api/file/images/{path}")).await;
        assert_eq!(
            (status, error_code(&body)),
            (404, "not_found"),
            "{}: {body}",
            &path[..path.len().min(60)]
        );
    }

    // A 5 000-character file name in an upload is only shown, shortened.
    let clerk = app.token("clerk", "admin-stock").await;
    let photo = crate::admin_images::png_with_metadata(40, 30);
    let (status, body) = upload_product_image(&app, &clerk, &format!("{long}.png"), &photo).await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = upload_product_image(&app, &clerk, &format!("{long}.png"), b"MZ").await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "invalid_image"),
        "{body}"
    );
    assert!(body["error"]["message"].as_str().unwrap().len() < 400);
}
